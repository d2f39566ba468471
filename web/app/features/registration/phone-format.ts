import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** An E.164 number as people read it: +48 601 234 567. */
export function displayPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}
