import { z } from './zod';
import { billingPeriodSchema, planNameSchema, type BillingPeriod } from './account';
import { LANGUAGE_LOCALES, type Language } from './languages';

/**
 * Plans, prices and the price quote (spec §3 Plan, Billing period, Price quote, Currencies; §4 locale
 * and currency rules). Money is always an integer number of minor units (cents, grosze, haléře, pence)
 * with its currency; only display divides by 100 (spec §9). Decision 041 records the prices and tax.
 */

export const CURRENCIES = ['usd', 'eur', 'pln', 'czk', 'gbp'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

/** A currency code the store charges in (lower case), without the schema: for pages that only check. */
export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Display symbols of spec §3; PLN and CZK are written before the amount with a space. */
export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  usd: '$',
  eur: '€',
  pln: 'PLN ',
  czk: 'CZK ',
  gbp: '₤',
};

/**
 * "$9.99", "PLN 39.99", "-€1.50": minor units divided by 100 with 2 decimals (spec §9). Integer
 * arithmetic on purpose: dividing by 100 in floating point and rounding can show 0.01 too little.
 */
export function formatMoney(minor: number, currency: Currency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const major = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${CURRENCY_SYMBOLS[currency]}${major}.${cents}`;
}

const localMoney = new Map<string, Intl.NumberFormat>();

/**
 * An amount in a reader's language (issue 15, decisions 075 and 076): English keeps the spec's form
 * ("$9.99", formatMoney); Polish gets pl-PL's ("9,99 USD", "39,99 zł"). Minor units go to Intl as an
 * exact decimal string (ES2023), so no float rounding reaches a page or a document.
 */
export function formatMoneyIn(language: Language, minor: number, currency: Currency): string {
  if (language === 'en') return formatMoney(minor, currency);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  let format = localMoney.get(`${language}:${currency}`);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: 'currency', currency: currency.toUpperCase() });
    localMoney.set(`${language}:${currency}`, format);
  }
  const abs = Math.abs(minor);
  const decimal = `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  // The cast is for TypeScript's older signature, which knows only numbers.
  return format.format(decimal as unknown as number);
}

/** Regional editions (spec §1, §3 Locale store). */
export type Locale = 'us' | 'eu';

/** Spec §4: the us edition for visitors from the US, the eu edition for everyone else. */
export function localeFor(countryCode: string | null | undefined): Locale {
  return countryCode?.toUpperCase() === 'US' ? 'us' : 'eu';
}

/**
 * Spec §4 default currency when there is no subscription currency: US usd, PL pln, CZ czk, GB gbp,
 * otherwise eur.
 */
export function defaultCurrency(countryCode: string | null | undefined): Currency {
  switch (countryCode?.toUpperCase()) {
    case 'US':
      return 'usd';
    case 'PL':
      return 'pln';
    case 'CZ':
      return 'czk';
    case 'GB':
      return 'gbp';
    default:
      return 'eur';
  }
}

/** The period as spec §3 sends it in analytics and subscription data (payPeriod). */
export function payPeriodOf(period: BillingPeriod): 'monthly' | 'yearly' {
  return period === 'month' ? 'monthly' : 'yearly';
}

/** A period in a URL: month or year, also the payPeriod spelling monthly or yearly. */
export const periodParamSchema = z
  .enum(['month', 'year', 'monthly', 'yearly'])
  .transform((p): BillingPeriod => (p === 'monthly' ? 'month' : p === 'yearly' ? 'year' : p));

/** One amount per currency, in minor units. */
export const currencyAmountsSchema = z
  .object({
    usd: z.number().int(),
    eur: z.number().int(),
    pln: z.number().int(),
    czk: z.number().int(),
    gbp: z.number().int(),
  })
  .meta({ id: 'CurrencyAmounts' });
export type CurrencyAmounts = z.infer<typeof currencyAmountsSchema>;

export const planPricesSchema = z
  .object({
    month: currencyAmountsSchema.describe('Price of one month, billed monthly (minor units, before tax)'),
    year: currencyAmountsSchema.describe('Price of one year, billed yearly (minor units, before tax)'),
  })
  .meta({ id: 'PlanPrices' });
export type PlanPrices = z.infer<typeof planPricesSchema>;

/** How a plan is obtained: the free trial, a card payment, or the enterprise contact form. */
export const planPurchaseSchema = z.enum(['trial', 'card', 'contact']);
export type PlanPurchase = z.infer<typeof planPurchaseSchema>;

/** One entry of GET /v1/subscription/plans. */
export const planSchema = z
  .object({
    name: planNameSchema,
    title: z.string().describe('Display name, e.g. Professional'),
    commercialPlus: z.boolean().describe('Flag of spec §3: professional is commercial-plus'),
    enterprise: z.boolean().describe('Flag of spec §3: bought through the enterprise contact form'),
    channels: z.number().int().describe('How many channels the licence covers (spec §6)'),
    purchase: planPurchaseSchema.describe('trial: free for 30 days; card: pay by card; contact: ask us for a price'),
    prices: planPricesSchema
      .nullable()
      .describe('List prices before tax; null when the plan has no card price (enterprise: contact us)'),
    features: z.array(z.string()).describe('What the plan allows, a few short lines'),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z
  .array(planSchema)
  .describe('Sorted by monthly PLN price (spec §7)')
  .meta({ id: 'PlanList' });

/** Why a coupon did not apply to a quote; the form shows `message`. */
export const couponRejectionSchema = z.enum(['unknown', 'expired', 'plan', 'period', 'currency', 'first_purchase']);
export type CouponRejection = z.infer<typeof couponRejectionSchema>;

export const quoteCouponSchema = z
  .object({
    code: z.string().describe('The code as the server knows it (upper case)'),
    valid: z.boolean().describe('false: the quote carries no discount from it'),
    reason: couponRejectionSchema.optional().describe('Why it did not apply (only when valid is false)'),
    message: z.string().optional().describe('The reason in words, for the form (only when valid is false)'),
    percent: z
      .number()
      .optional()
      .describe(
        'The percentage a percent coupon takes off the list price (only when valid; absent for a fixed amount)',
      ),
  })
  .meta({ id: 'QuoteCoupon' });
export type QuoteCoupon = z.infer<typeof quoteCouponSchema>;

/**
 * The price quote of spec §3. Every amount is an integer in minor units of `currency`, and always
 * price = fullPrice - off and total = price + tax.
 */
export const priceQuoteSchema = z
  .object({
    plan: planNameSchema,
    period: billingPeriodSchema,
    currency: currencySchema,
    fullPrice: z.number().int().describe('List price of the plan and period, before any discount or tax'),
    off: z
      .number()
      .int()
      .describe('Everything taken off the list price: couponDiscount + upgradeCredit (never more than fullPrice)'),
    couponDiscount: z.number().int().describe('Part of off that comes from the coupon'),
    upgradeCredit: z
      .number()
      .int()
      .describe('Part of off that is credit for the unused time of the current paid period (upgrades only)'),
    price: z.number().int().describe('Net amount: fullPrice - off, the amount tax is computed on'),
    tax: z.number().int().describe('Tax on price at taxPercentage, rounded half-up to a whole minor unit'),
    total: z.number().int().describe('What the card is charged: price + tax'),
    taxPercentage: z.number().describe('Tax rate in percent, e.g. 23 (VAT in Poland) or 6.5; 0 when no tax applies'),
    taxCountry: z.string().describe('ISO country whose rule picked the tax'),
    taxState: z.string().nullable().describe('US state whose sales tax applies, else null'),
    reverseCharge: z
      .boolean()
      .describe(
        'A business with a valid tax number outside the seller country (EU, or a non-EU country where the seller charges its VAT): 0 %, the buyer accounts for the tax',
      ),
    taxName: z
      .enum(['VAT', 'GST', 'Sales tax', 'Tax'])
      .optional()
      .describe(
        'What the tax is called where it applies (decision 052), e.g. VAT in the EU and the UK, Sales tax in the US',
      ),
    coupon: quoteCouponSchema.nullable().describe('The coupon asked for, whether it applied; null without one'),
  })
  .meta({ id: 'PriceQuote' });
export type PriceQuote = z.infer<typeof priceQuoteSchema>;

export const priceQuoteParamsSchema = z.object({ plan: planNameSchema, period: periodParamSchema });

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .describe('true or false');

export const priceQuoteQuerySchema = z.object({
  coupon: z.string().trim().max(64).optional().describe('A discount code; an empty value means none'),
  upgrade: booleanQuery
    .optional()
    .describe('Price an upgrade of the current paid subscription: the unused part of its period is credited'),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(currencySchema)
    .optional()
    .describe('usd, eur, pln, czk or gbp; default: the subscription currency, else the country default (spec §4)'),
});
