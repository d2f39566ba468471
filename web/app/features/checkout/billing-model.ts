import type { TFunction } from 'i18next';
import type { BillingDetails, BillingInput, BillingType, TaxCode } from '@cuewave/contract/billing';
import { BILLING_LIMITS, isEuCountry } from '@cuewave/contract/billing';

/**
 * The billing form's values and checks (spec §3 Billing form fields, §5; decision 042). The form
 * checks what it can know (required fields, lengths, a state for the US); the country rules (postal
 * code format, tax number format) are the server's, and its answer is mapped back onto the fields.
 * Texts come from the `checkout` namespace (decision 075), in the language of the `t` passed in.
 */

export type CheckoutT = TFunction<'checkout'>;

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

/** The fields that must not be empty (their message: `billing.required.<field>`). */
const REQUIRED = new Set<BillingField>([
  'firstName',
  'lastName',
  'companyName',
  'country',
  'state',
  'line1',
  'city',
  'postalCode',
  'taxNumber',
]);

/** The problem of one field the form can see by itself, or null. */
export function billingFieldError(field: BillingField, values: BillingFormValues, t: CheckoutT): string | null {
  if (!visibleFields(values).has(field)) return null;
  const value = values[field].trim();
  if (!value) return REQUIRED.has(field) ? t(`billing.required.${field}` as 'billing.required.city') : null;
  const max = field in BILLING_LIMITS ? BILLING_LIMITS[field as keyof typeof BILLING_LIMITS] : null;
  if (max !== null && value.length > max) return t(`billing.tooLong.${field}`, { max });
  return null;
}

/** Every problem the form can see by itself. */
export function billingFormErrors(values: BillingFormValues, t: CheckoutT): BillingFormErrors {
  const errors: BillingFormErrors = {};
  for (const field of BILLING_FIELDS) {
    const problem = billingFieldError(field, values, t);
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
export function taxNumberLabel(taxCode: TaxCode | undefined, country: string, t: CheckoutT): string {
  switch (taxCode) {
    case 'NIP':
      return t('billing.taxLabel.nip');
    case 'VAT':
      return t('billing.taxLabel.vat');
    case 'EIN':
      return t('billing.taxLabel.ein');
    case 'none':
    case undefined:
      return isEuCountry(country) ? t('billing.taxLabel.vat') : t('billing.taxLabel.plain');
    default:
      return t('billing.taxLabel.other', { code: taxCode });
  }
}

/** A hint under the tax-number field: what the number does for the buyer. */
export function taxNumberHint(country: string, t: CheckoutT): string | null {
  if (country === 'PL') return t('billing.taxHint.pl');
  if (isEuCountry(country)) return t('billing.taxHint.eu');
  return null;
}
