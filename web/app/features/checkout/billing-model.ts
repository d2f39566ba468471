import type { BillingDetails, BillingInput, BillingType, TaxCode } from '@cuewave/contract/billing';
import { BILLING_LIMITS, isEuCountry } from '@cuewave/contract/billing';

/**
 * The billing form's values and checks (spec §3 Billing form fields, §5; decision 042). The form
 * checks what it can know (required fields, lengths, a state for the US); the country rules (postal
 * code format, tax number format) are the server's, and its answer is mapped back onto the fields.
 */

export type BillingField =
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'country'
  | 'state'
  | 'line1'
  | 'line2'
  | 'city'
  | 'postalCode'
  | 'taxNumber'
  | 'phoneNumber';

export type BillingFormValues = { type: BillingType } & Record<BillingField, string>;
export type BillingFormErrors = Partial<Record<BillingField, string>>;

export const BILLING_FIELDS: readonly BillingField[] = [
  'firstName',
  'lastName',
  'companyName',
  'country',
  'state',
  'line1',
  'line2',
  'city',
  'postalCode',
  'taxNumber',
  'phoneNumber',
];

/** The form for saved details, or an empty one in `country` (the visitor's best guess). */
export function billingFormValues(billing: BillingDetails | null, country = ''): BillingFormValues {
  if (!billing) {
    return {
      type: 'personal',
      firstName: '',
      lastName: '',
      companyName: '',
      country,
      state: '',
      line1: '',
      line2: '',
      city: '',
      postalCode: '',
      taxNumber: '',
      phoneNumber: '',
    };
  }
  return {
    type: billing.type,
    firstName: billing.firstName,
    lastName: billing.lastName,
    companyName: billing.companyName ?? '',
    country: billing.country,
    state: billing.state ?? '',
    line1: billing.line1,
    line2: billing.line2 ?? '',
    city: billing.city,
    postalCode: billing.postalCode,
    taxNumber: billing.taxNumber ?? '',
    phoneNumber: billing.phoneNumber ?? '',
  };
}

/** Which fields the form shows for a buyer type and country. */
export function visibleFields(values: Pick<BillingFormValues, 'type' | 'country'>): Set<BillingField> {
  const shown = new Set<BillingField>(BILLING_FIELDS);
  if (values.type !== 'business') {
    shown.delete('companyName');
    shown.delete('taxNumber');
  }
  if (values.country !== 'US') shown.delete('state');
  return shown;
}

/**
 * The body for POST /v1/billing. Hidden fields are sent empty: a personal buyer's company and tax
 * number, a state outside the US (the server rejects one there).
 */
export function toBillingInput(values: BillingFormValues): BillingInput {
  const shown = visibleFields(values);
  const value = (field: BillingField) => (shown.has(field) ? values[field].trim() : '');
  const optional = (field: BillingField) => value(field) || null;
  return {
    type: values.type,
    firstName: value('firstName'),
    lastName: value('lastName'),
    companyName: optional('companyName'),
    country: values.country,
    state: optional('state'),
    line1: value('line1'),
    line2: optional('line2'),
    city: value('city'),
    postalCode: value('postalCode'),
    taxNumber: optional('taxNumber'),
    phoneNumber: optional('phoneNumber'),
  };
}

const REQUIRED: Partial<Record<BillingField, string>> = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  companyName: 'Enter the company name.',
  country: 'Choose a country.',
  state: 'Choose a state.',
  line1: 'Enter the street address.',
  city: 'Enter the city.',
  postalCode: 'Enter the postal code.',
  taxNumber: 'Enter the company tax number.',
};

const LABELS: Record<BillingField, string> = {
  firstName: 'the first name',
  lastName: 'the last name',
  companyName: 'the company name',
  country: 'the country',
  state: 'the state',
  line1: 'the street address',
  line2: 'the second address line',
  city: 'the city',
  postalCode: 'the postal code',
  taxNumber: 'the tax number',
  phoneNumber: 'the phone number',
};

/** The problem of one field the form can see by itself, or null. */
export function billingFieldError(field: BillingField, values: BillingFormValues): string | null {
  if (!visibleFields(values).has(field)) return null;
  const value = values[field].trim();
  if (!value) return REQUIRED[field] ?? null;
  const max = field in BILLING_LIMITS ? BILLING_LIMITS[field as keyof typeof BILLING_LIMITS] : null;
  if (max !== null && value.length > max) return `Use at most ${max} characters for ${LABELS[field]}.`;
  return null;
}

/** Every problem the form can see by itself. */
export function billingFormErrors(values: BillingFormValues): BillingFormErrors {
  const errors: BillingFormErrors = {};
  for (const field of BILLING_FIELDS) {
    const problem = billingFieldError(field, values);
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** The server's field messages (parseFieldErrors) that belong to this form; anything else is returned apart. */
export function billingErrorsFromServer(fields: Record<string, string>): {
  errors: BillingFormErrors;
  other: string[];
} {
  const errors: BillingFormErrors = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields)) {
    if ((BILLING_FIELDS as readonly string[]).includes(name)) errors[name as BillingField] = message;
    else other.push(message);
  }
  return { errors, other };
}

/** What the tax-number field is called for a business in a country (decision 042's taxCode). */
export function taxNumberLabel(taxCode: TaxCode | undefined, country: string): string {
  switch (taxCode) {
    case 'NIP':
      return 'NIP (tax number)';
    case 'VAT':
      return 'VAT number';
    case 'EIN':
      return 'EIN (employer identification number)';
    case 'none':
    case undefined:
      return isEuCountry(country) ? 'VAT number' : 'Tax number';
    default:
      return `Tax number (${taxCode})`;
  }
}

/** A hint under the tax-number field: what the number does for the buyer. */
export function taxNumberHint(country: string): string | null {
  if (country === 'PL') return 'A 10-digit NIP, with or without PL. Polish VAT applies to every buyer in Poland.';
  if (isEuCountry(country)) {
    return 'With a valid EU VAT number the invoice is reverse-charged: no VAT is added to your price.';
  }
  return null;
}
