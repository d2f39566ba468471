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

export type TaxBuyer = {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** USPS code for US buyers; null when unknown. */
  state: string | null;
  type: 'personal' | 'business';
  /** The buyer's tax number passed its format check (billing feature). */
  taxNumberValid: boolean;
};

export type TaxKind = 'eu_vat' | 'reverse_charge' | 'us_sales_tax' | 'none';

export type TaxRule = {
  kind: TaxKind;
  /** Thousandths of a percent (money.ts). */
  rate: number;
  percentage: number;
  reverseCharge: boolean;
  country: string;
  state: string | null;
};

function rule(kind: TaxKind, percent: number, buyer: TaxBuyer, state: string | null = null): TaxRule {
  const rate = percentToRate(percent);
  return {
    kind,
    rate,
    percentage: rateToPercent(rate),
    reverseCharge: kind === 'reverse_charge',
    country: buyer.country,
    state,
  };
}

/**
 * The tax rule for a buyer:
 * - EU consumers, EU businesses without a valid VAT number, and every buyer in the seller's own
 *   country: VAT at the buyer country's standard rate (place of supply of an electronic service).
 * - An EU business with a valid-format VAT number outside the seller's country: reverse charge, 0 %.
 * - US: the state's rate from the table (0 when the state is not known yet).
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
  return rule('none', 0, buyer);
}
