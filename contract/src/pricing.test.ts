import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencySchema,
  defaultCurrency,
  formatMoney,
  localeFor,
  periodParamSchema,
  priceQuoteQuerySchema,
} from './pricing';

describe('formatMoney (spec §3 symbols, §9 two decimals)', () => {
  it.each([
    [999, 'usd', '$9.99'],
    [1000, 'eur', '€10.00'],
    [3999, 'pln', 'PLN 39.99'],
    [24900, 'czk', 'CZK 249.00'],
    [899, 'gbp', '₤8.99'],
    [0, 'usd', '$0.00'],
    [5, 'eur', '€0.05'],
    [-150, 'eur', '-€1.50'],
    [123456789, 'pln', 'PLN 1234567.89'],
  ] as const)('%i %s -> %s', (minor, currency, text) => {
    expect(formatMoney(minor, currency)).toBe(text);
  });

  it('shows amounts exactly where floating point division would not (1.005 and friends)', () => {
    expect(formatMoney(100_5, 'usd')).toBe('$10.05');
    expect(formatMoney(29, 'usd')).toBe('$0.29');
    expect(formatMoney(57, 'usd')).toBe('$0.57');
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => formatMoney(9.5, 'usd')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'usd')).toThrow(RangeError);
  });
});

describe('defaultCurrency (spec §4)', () => {
  it.each([
    ['US', 'usd'],
    ['PL', 'pln'],
    ['CZ', 'czk'],
    ['GB', 'gbp'],
    ['pl', 'pln'],
    ['DE', 'eur'],
    ['FR', 'eur'],
    ['JP', 'eur'],
    [null, 'eur'],
    [undefined, 'eur'],
  ] as const)('%s -> %s', (country, currency) => {
    expect(defaultCurrency(country)).toBe(currency);
  });
});

describe('localeFor (spec §4)', () => {
  it('is us for the US and eu for everyone else, unknown included', () => {
    expect(localeFor('US')).toBe('us');
    expect(localeFor('us')).toBe('us');
    expect(localeFor('PL')).toBe('eu');
    expect(localeFor('CA')).toBe('eu');
    expect(localeFor(null)).toBe('eu');
  });
});

describe('request parsing', () => {
  it('accepts month/year and the payPeriod spellings, nothing else', () => {
    expect(periodParamSchema.parse('month')).toBe('month');
    expect(periodParamSchema.parse('monthly')).toBe('month');
    expect(periodParamSchema.parse('yearly')).toBe('year');
    expect(periodParamSchema.safeParse('weekly').success).toBe(false);
  });

  it('knows exactly the five currencies of spec §3 and reads them case-insensitively in a query', () => {
    expect(CURRENCIES).toEqual(['usd', 'eur', 'pln', 'czk', 'gbp']);
    expect(currencySchema.safeParse('chf').success).toBe(false);
    expect(priceQuoteQuerySchema.parse({ currency: 'PLN' }).currency).toBe('pln');
    expect(priceQuoteQuerySchema.safeParse({ currency: 'chf' }).success).toBe(false);
    expect(priceQuoteQuerySchema.parse({ upgrade: 'true' }).upgrade).toBe(true);
    expect(priceQuoteQuerySchema.parse({ upgrade: '0' }).upgrade).toBe(false);
    expect(priceQuoteQuerySchema.safeParse({ upgrade: 'yes' }).success).toBe(false);
  });
});
