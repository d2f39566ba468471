import { parsePhoneNumberFromString, isSupportedCountry } from 'libphonenumber-js/max';
import { AppError } from '../../lib/errors';

/** Read when the client sends a national number without a country (the us edition is the default locale). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/**
 * A phone number as typed, normalised to E.164 (decision 031): with a leading + it stands alone;
 * otherwise it is read in `country`. The full metadata checks the number's length and ranges per country.
 */
export function normalisePhone(input: string, country: string = DEFAULT_PHONE_COUNTRY): string {
  const invalid = () => new AppError('PHONE_INVALID', 'Enter a valid phone number, including the country code.');
  if (!isSupportedCountry(country)) throw new AppError('PHONE_INVALID', `Unknown country ${country}.`);
  const parsed = parsePhoneNumberFromString(input, country);
  if (!parsed || !parsed.isValid()) throw invalid();
  return parsed.number;
}
