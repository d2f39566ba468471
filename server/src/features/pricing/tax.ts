import { percentToRate, rateToPercent } from './money';

/**
 * Which tax a sale carries (decision 041). The seller is established in Poland; the rules are a
 * deliberate simplification of EU VAT and US sales tax for a digital subscription.
 */

/** Where the seller is established. A constant, not configuration: changing it is a legal decision. */
export const SELLER_COUNTRY = 'PL';

/** Standard VAT rates of the 27 EU member states in percent, as in force on 1 January 2026. */
export const EU_VAT_PERCENT: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

/**
 * US state sales tax on a digital music subscription, state-level base rate only (no county or city
 * rates). 0 where the state has no sales tax or does not tax digital audio products or SaaS
 * (e.g. CA, FL, IL, VA). TX taxes SaaS as data processing on 80 % of the price (6.25 % × 0.8 = 5 %).
 * Territories (PR, GU, VI, AS, MP) are 0. Review with a tax adviser before relying on it.
 */
export const US_SALES_TAX_PERCENT: Readonly<Record<string, number>> = {
  AL: 4,
  AK: 0,
  AZ: 5.6,
  AR: 6.5,
  CA: 0,
  CO: 2.9,
  CT: 6.35,
  DE: 0,
  DC: 6,
  FL: 0,
  GA: 0,
  HI: 4,
  ID: 6,
  IL: 0,
  IN: 7,
  IA: 6,
  KS: 0,
  KY: 6,
  LA: 5,
  ME: 5.5,
  MD: 6,
  MA: 6.25,
  MI: 0,
  MN: 6.875,
  MS: 7,
  MO: 0,
  MT: 0,
  NE: 5.5,
  NV: 0,
  NH: 0,
  NJ: 6.625,
  NM: 4.875,
  NY: 4,
  NC: 4.75,
  ND: 5,
  OH: 5.75,
  OK: 0,
  OR: 0,
  PA: 6,
  RI: 7,
  SC: 6,
  SD: 4.2,
  TN: 7,
  TX: 5,
  UT: 4.85,
  VT: 6,
  VA: 0,
  WA: 6.5,
  WV: 6,
  WI: 5,
  WY: 4,
};

/**
 * Non-EU countries that tax electronically supplied services to consumers (decision 052): what the
 * tax is called and its standard rate in percent, as in force on 1 January 2026. A country's rate is
 * charged only while the seller is registered there (REGISTERED_NON_EU_COUNTRIES).
 */
export const NON_EU_CONSUMER_TAX: Readonly<
  Record<string, { name: 'VAT' | 'GST'; percent: number; /** For receipts: "UK VAT". */ localName: string }>
> = {
  // United Kingdom: no registration threshold for a seller established abroad (HMRC VAT Notice 700/1).
  GB: { name: 'VAT', percent: 20, localName: 'UK VAT' },
  // Norway: VOEC scheme, from NOK 50 000 of sales to Norwegian consumers in 12 months.
  NO: { name: 'VAT', percent: 25, localName: 'Norwegian VAT' },
  // Switzerland: from CHF 100 000 of worldwide turnover; 8.1 % since 1 January 2024.
  CH: { name: 'VAT', percent: 8.1, localName: 'Swiss VAT' },
  // Iceland: from ISK 2 000 000 in 12 months.
  IS: { name: 'VAT', percent: 24, localName: 'Icelandic VAT' },
  // Australia: from AUD 75 000 of Australian sales in 12 months.
  AU: { name: 'GST', percent: 10, localName: 'Australian GST' },
  // New Zealand: from NZD 60 000 in 12 months.
  NZ: { name: 'GST', percent: 15, localName: 'New Zealand GST' },
};

/**
 * Where the seller is registered for a non-EU consumer tax (decision 052). A constant, like
 * SELLER_COUNTRY: registering is a legal act, so adding a country here is a reviewed code change
 * made together with the registration, and every instance and job applies the same rule.
 */
export const REGISTERED_NON_EU_COUNTRIES: readonly string[] = ['GB', 'NO', 'CH'];

export type TaxBuyer = {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** USPS code for US buyers; null when unknown. */
  state: string | null;
  type: 'personal' | 'business';
  /** The buyer's tax number passed its format check (billing feature; EU numbers only). */
  taxNumberValid: boolean;
  /**
   * The tax number as saved. Billing checks only EU numbers; for the non-EU countries above the
   * number is checked here (foreignTaxNumberValid), since only the tax rule depends on it.
   */
  taxNumber?: string | null;
};

export type TaxKind = 'eu_vat' | 'reverse_charge' | 'us_sales_tax' | 'non_eu_vat' | 'none';

export type TaxRule = {
  kind: TaxKind;
  /** Thousandths of a percent (money.ts). */
  rate: number;
  percentage: number;
  reverseCharge: boolean;
  country: string;
  state: string | null;
  /** What the tax is called on the quote and the receipt. */
  name: 'VAT' | 'GST' | 'Sales tax' | 'Tax';
};

function taxNameOf(kind: TaxKind, country: string): TaxRule['name'] {
  if (kind === 'us_sales_tax' || country === 'US') return 'Sales tax';
  if (kind === 'eu_vat' || EU_VAT_PERCENT[country] !== undefined) return 'VAT';
  return NON_EU_CONSUMER_TAX[country]?.name ?? 'Tax';
}

function rule(kind: TaxKind, percent: number, buyer: TaxBuyer, state: string | null = null): TaxRule {
  const rate = percentToRate(percent);
  return {
    kind,
    rate,
    percentage: rateToPercent(rate),
    reverseCharge: kind === 'reverse_charge',
    country: buyer.country,
    state,
    name: taxNameOf(kind, buyer.country),
  };
}

/** Weighted digit sum mod 11 check shared by the Norwegian and Swiss business numbers. */
function mod11Ok(digits: string, weights: number[]): boolean {
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === Number(digits[weights.length]);
}

/** UK VAT number: 9 digits whose weighted sum with the last two passes HMRC's mod-97 (or 97-55) check. */
function gbVatOk(digits: string): boolean {
  const weighted = [8, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const total = weighted + Number(digits.slice(7, 9));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/**
 * Whether a business tax number of a non-EU consumer-tax country is well formed, with its check
 * digit: GB VAT number (GB + 9 digits, or 12 for a branch), Norwegian organisation number (9 digits,
 * optionally NO … MVA), Swiss UID (CHE-123.456.789, optionally MWST/TVA/IVA). A format check, like
 * billing's for EU numbers, not a registry lookup.
 */
export function foreignTaxNumberValid(country: string, input: string | null | undefined): boolean {
  if (!input) return false;
  const compact = input.toUpperCase().replace(/[\s.\-/]/g, '');
  switch (country.toUpperCase()) {
    case 'GB': {
      const m = /^(?:GB)?(\d{9})(\d{3})?$/.exec(compact);
      return Boolean(m && gbVatOk(m[1]!));
    }
    case 'NO': {
      const m = /^(?:NO)?(\d{9})(?:MVA)?$/.exec(compact);
      return Boolean(m && mod11Ok(m[1]!, [3, 2, 7, 6, 5, 4, 3, 2]));
    }
    case 'CH': {
      const m = /^CHE(\d{9})(?:MWST|TVA|IVA|VAT)?$/.exec(compact);
      return Boolean(m && mod11Ok(m[1]!, [5, 4, 3, 2, 7, 6, 5, 4]));
    }
    default:
      return false;
  }
}

/**
 * The buyer is a business whose tax number passed its check: billing's EU check, or ours for the
 * non-EU consumer-tax countries. Such a buyer gets a VAT invoice instead of a receipt (decision 052).
 */
export function hasValidTaxNumber(input: TaxBuyer): boolean {
  if (input.type !== 'business') return false;
  const country = input.country.toUpperCase();
  if (EU_VAT_PERCENT[country] !== undefined) return input.taxNumberValid;
  return input.taxNumberValid || foreignTaxNumberValid(country, input.taxNumber);
}

/**
 * The tax rule for a buyer:
 * - EU consumers, EU businesses without a valid VAT number, and every buyer in the seller's own
 *   country: VAT at the buyer country's standard rate (place of supply of an electronic service).
 * - An EU business with a valid-format VAT number outside the seller's country: reverse charge, 0 %.
 * - US: the state's rate from the table (0 when the state is not known yet).
 * - A non-EU country where the seller is registered for its consumer tax (decision 052): consumers
 *   and businesses without a valid tax number pay its standard rate; a business with a valid number
 *   is reverse-charged (it accounts for the tax itself), 0 %.
 * - Everywhere else: 0 %.
 */
export function taxRuleFor(input: TaxBuyer): TaxRule {
  const buyer = { ...input, country: input.country.toUpperCase(), state: input.state?.toUpperCase() ?? null };
  const vat = EU_VAT_PERCENT[buyer.country];
  if (vat !== undefined) {
    const reverseCharge = buyer.type === 'business' && buyer.taxNumberValid && buyer.country !== SELLER_COUNTRY;
    return reverseCharge ? rule('reverse_charge', 0, buyer) : rule('eu_vat', vat, buyer);
  }
  if (buyer.country === 'US') {
    const percent = buyer.state ? US_SALES_TAX_PERCENT[buyer.state] : undefined;
    return percent === undefined ? rule('none', 0, buyer) : rule('us_sales_tax', percent, buyer, buyer.state);
  }
  const foreign = NON_EU_CONSUMER_TAX[buyer.country];
  if (foreign && REGISTERED_NON_EU_COUNTRIES.includes(buyer.country)) {
    return hasValidTaxNumber(buyer) ? rule('reverse_charge', 0, buyer) : rule('non_eu_vat', foreign.percent, buyer);
  }
  return rule('none', 0, buyer);
}
