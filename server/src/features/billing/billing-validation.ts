import { isSupportedCountry } from 'libphonenumber-js/max';
import { isEuCountry, isUsState, type billingInputSchema } from '@cuewave/contract/billing';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { DEFAULT_PHONE_COUNTRY, normalisePhone } from '../account/phone';
import type { BillingWrite } from './billing.repo';
import { normalisePostalCode } from './postal-code';
import { checkTaxNumber } from './tax-number';

/** The body after the contract schema: trimmed, capped, empty optional fields as null. */
export type ParsedBillingInput = z.output<typeof billingInputSchema>;

export type ValidatedBilling = { values: BillingWrite; taxNumberMessage: string | null };

/**
 * The country-dependent rules the contract schema cannot express (decision 042). Every failing field
 * is named in one 400 VALIDATION_FAILED, in the same shape as the schema's own errors.
 */
export function validateBilling(input: ParsedBillingInput): ValidatedBilling {
  const issues: string[] = [];
  const fail = (field: string, message: string) => issues.push(`${field}: ${message}`);
  const business = input.type === 'business';

  if (business && !input.companyName) fail('companyName', 'Enter the company name.');

  const postal = normalisePostalCode(input.country, input.postalCode);
  if (!postal.ok) fail('postalCode', postal.message);

  let state: string | null = null;
  if (input.country === 'US') {
    if (!input.state) fail('state', 'Choose a state.');
    else if (!isUsState(input.state)) fail('state', 'Choose a state from the list.');
    else state = input.state;
  } else if (input.state) {
    fail('state', 'A state is only asked for addresses in the United States.');
  }

  let taxNumber: string | null = null;
  let taxNumberValid = false;
  let taxNumberMessage: string | null = null;
  if (business) {
    if (!input.taxNumber) {
      fail('taxNumber', 'Enter the company tax number.');
    } else {
      // An EU number in the wrong format is still saved: it only costs the buyer reverse charge.
      const check = checkTaxNumber(input.country, input.taxNumber);
      taxNumber = check.value;
      taxNumberValid = check.valid;
      if (!check.valid && isEuCountry(input.country)) taxNumberMessage = check.message;
    }
  } else {
    // Personal buyers may give one (some invoices want it), but it never changes the tax.
    taxNumber = input.taxNumber;
  }

  let phoneNumber: string | null = null;
  if (input.phoneNumber) {
    try {
      // A number without + is read in the billing country, as the form shows it next to the address.
      const country = isSupportedCountry(input.country) ? input.country : DEFAULT_PHONE_COUNTRY;
      phoneNumber = normalisePhone(input.phoneNumber, country);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      fail('phoneNumber', err.message);
    }
  }

  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', `Invalid body: ${issues.join('; ')}`);
  return {
    values: {
      type: input.type,
      first_name: input.firstName,
      last_name: input.lastName,
      // A personal address has no company; a stale one from an earlier business form is dropped.
      company_name: business ? input.companyName : null,
      line1: input.line1,
      line2: input.line2,
      city: input.city,
      postal_code: postal.ok ? postal.value : input.postalCode,
      state,
      country: input.country,
      tax_number: taxNumber,
      tax_number_valid: taxNumberValid,
      phone_number: phoneNumber,
    },
    taxNumberMessage,
  };
}
