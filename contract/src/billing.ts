import { z } from './zod';

/**
 * Billing details, countries and geolocation (spec §3 Billing, Country; §5 tax-number flag; §7
 * Payment and billing). Shared by the API and the web app so both validate the same way; the server
 * adds the country-specific postal-code and tax-number checks (decision 042).
 */

/**
 * ISO 3166-1 alpha-2, every officially assigned code (the 2024 list, 249 codes). Maintained by hand
 * rather than read from Intl because Intl.DisplayNames names any two letters, assigned or not.
 */
// prettier-ignore
export const COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

const countryCodeSet: ReadonlySet<string> = new Set(COUNTRY_CODES);
export function isCountryCode(value: string): value is CountryCode {
  return countryCodeSet.has(value);
}

/** The 27 EU member states, where VAT numbers are format-checked (decision 042). */
// prettier-ignore
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;
const euSet: ReadonlySet<string> = new Set(EU_COUNTRIES);
export function isEuCountry(country: string): boolean {
  return euSet.has(country);
}

/** US states, DC and the inhabited territories with their USPS codes (the US edition asks for one). */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'GU', name: 'Guam' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'VI', name: 'U.S. Virgin Islands' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;
const usStateSet: ReadonlySet<string> = new Set(US_STATES.map((s) => s.code));
export function isUsState(code: string): boolean {
  return usStateSet.has(code);
}

export const billingTypeSchema = z.enum(['personal', 'business']);
export type BillingType = z.infer<typeof billingTypeSchema>;

export const paymentMethodSchema = z.enum(['card']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** The name a country gives its business tax identifier; 'none' when we ask for no number. */
export const taxCodeSchema = z.enum(['VAT', 'NIP', 'EIN', 'GST', 'ABN', 'UID', 'MVA', 'TIN', 'none']);
export type TaxCode = z.infer<typeof taxCodeSchema>;

export const countrySchema = z
  .object({
    value: z.string().describe('ISO 3166-1 alpha-2, e.g. PL'),
    label: z.string().describe('English name, e.g. Poland'),
    paymentMethods: z.array(paymentMethodSchema),
    taxCode: taxCodeSchema.describe('What the tax-number field is called there; none = no field'),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof countrySchema>;

export const usStateSchema = z
  .object({ code: z.string().describe('USPS code, e.g. CA'), name: z.string() })
  .meta({ id: 'UsState' });
export type UsState = z.infer<typeof usStateSchema>;

/** GET /v1/payment/country/{type}: every country, sorted by English name. */
export const countryListSchema = z.array(countrySchema).meta({ id: 'CountryList' });

/** GET /v1/payment/country/{type}/us: the US edition's view, the US first, with its states. */
export const usCountryListSchema = z
  .object({
    countries: z.array(countrySchema).describe('The United States first, then the rest by name'),
    states: z.array(usStateSchema).describe('US states, DC and territories by name'),
  })
  .meta({ id: 'UsCountryList' });
export type UsCountryList = z.infer<typeof usCountryListSchema>;

export const countryTypeParamsSchema = z.object({ type: billingTypeSchema });

/** GET /v1/geolocation: the visitor's country from the CDN header or GeoIP; null when unknown. */
export const geolocationSchema = z
  .object({ countryCode: z.string().nullable().describe('ISO 3166-1 alpha-2, upper case') })
  .meta({ id: 'Geolocation' });
export type Geolocation = z.infer<typeof geolocationSchema>;

/** Length caps for every billing field (characters, after trimming). */
export const BILLING_LIMITS = {
  firstName: 100,
  lastName: 100,
  companyName: 200,
  city: 100,
  postalCode: 12,
  line1: 200,
  line2: 200,
  taxNumber: 30,
  phoneNumber: 40,
} as const;

function text(max: number, label: string) {
  return z.string().trim().min(1, `Enter ${label}.`).max(max, `Use at most ${max} characters for ${label}.`);
}

function optionalText(max: number, label: string) {
  // An empty string from a cleared form field means "none".
  return z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters for ${label}.`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * POST /v1/billing. Field shapes and caps only; the server then checks the country-dependent rules
 * (company name and tax number for businesses, postal-code format, US state) and names the field.
 */
export const billingInputSchema = z
  .object({
    type: billingTypeSchema,
    firstName: text(BILLING_LIMITS.firstName, 'your first name'),
    lastName: text(BILLING_LIMITS.lastName, 'your last name'),
    companyName: optionalText(BILLING_LIMITS.companyName, 'the company name').describe('Required for business'),
    city: text(BILLING_LIMITS.city, 'the city'),
    postalCode: text(BILLING_LIMITS.postalCode, 'the postal code'),
    line1: text(BILLING_LIMITS.line1, 'the street address'),
    line2: optionalText(BILLING_LIMITS.line2, 'the second address line'),
    taxNumber: optionalText(BILLING_LIMITS.taxNumber, 'the tax number').describe(
      'Required for business; EU numbers are format-checked',
    ),
    phoneNumber: optionalText(BILLING_LIMITS.phoneNumber, 'the phone number').describe(
      'Any common format; stored as E.164',
    ),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCountryCode, 'Choose a country from the list.')
      .describe('ISO 3166-1 alpha-2'),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .max(2, 'Choose a state from the list.')
      .nullish()
      .transform((v) => (v ? v : null))
      .describe('USPS code; required for the US, rejected elsewhere'),
  })
  .meta({ id: 'BillingInput' });
export type BillingInput = z.input<typeof billingInputSchema>;

export const billingDetailsSchema = z
  .object({
    type: billingTypeSchema,
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string().nullable(),
    city: z.string(),
    postalCode: z.string().describe('Normalised for the country, e.g. 00-950, SW1A 1AA'),
    line1: z.string(),
    line2: z.string().nullable(),
    taxNumber: z.string().nullable().describe('EU numbers normalised to prefix + digits, e.g. PL5260250995'),
    taxNumberValid: z
      .boolean()
      .describe('The tax number passed its country check; only then does EU reverse charge apply'),
    phoneNumber: z.string().nullable().describe('E.164'),
    country: z.string(),
    state: z.string().nullable(),
    updateTS: z.string().describe('ISO time'),
  })
  .meta({ id: 'BillingDetails' });
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** POST /v1/billing answer: the saved details, and a message when the tax number did not pass. */
export const billingSaveResultSchema = z
  .object({
    billing: billingDetailsSchema,
    taxNumberMessage: z
      .string()
      .nullable()
      .describe('Why the tax number is not accepted for reverse charge; null when valid or not asked'),
  })
  .meta({ id: 'BillingSaveResult' });
export type BillingSaveResult = z.infer<typeof billingSaveResultSchema>;
