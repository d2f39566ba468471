import { getI18n } from 'react-i18next';
import { formattersFor } from '../../i18n/format';
import type { CheckoutT } from './billing-model';
import { describe, expect, it } from 'vitest';
import type { PriceQuote } from '@cuewave/contract/pricing';
import { formatPercent, quoteLines } from './quote-lines';

const base: PriceQuote = {
  plan: 'professional',
  period: 'year',
  currency: 'pln',
  fullPrice: 133999,
  off: 0,
  couponDiscount: 0,
  upgradeCredit: 0,
  price: 133999,
  tax: 30820,
  total: 164819,
  taxPercentage: 23,
  taxCountry: 'PL',
  taxState: null,
  reverseCharge: false,
  coupon: null,
};

const en = () => getI18n().getFixedT('en', 'checkout') as CheckoutT;

describe('quoteLines', () => {
  it('shows list price, VAT with its rate and the total in the quote’s currency', () => {
    expect(
      quoteLines(base, 'Professional plan, yearly', en(), formattersFor('en')).map((l) => [l.label, l.amount]),
    ).toEqual([
      ['Professional plan, yearly', 'PLN 1339.99'],
      ['VAT 23\u202f%', 'PLN 308.20'],
      ['Total', 'PLN 1648.19'],
    ]);
  });

  it('lists a coupon discount and the subtotal tax was computed on', () => {
    const quote = {
      ...base,
      off: 26800,
      couponDiscount: 26800,
      price: 107199,
      tax: 24656,
      total: 131855,
      coupon: { code: 'SPRING20', valid: true },
    };
    expect(quoteLines(quote, 'x', en(), formattersFor('en')).map((l) => [l.key, l.label, l.amount])).toEqual([
      ['list', 'x', 'PLN 1339.99'],
      ['coupon', 'Discount (SPRING20)', '-PLN 268.00'],
      ['net', 'Subtotal', 'PLN 1071.99'],
      ['tax', 'VAT 23\u202f%', 'PLN 246.56'],
      ['total', 'Total', 'PLN 1318.55'],
    ]);
  });

  it('says reverse charge for an EU business and names US sales tax with its state', () => {
    const reverse = {
      ...base,
      currency: 'eur' as const,
      taxCountry: 'DE',
      taxPercentage: 0,
      tax: 0,
      reverseCharge: true,
    };
    expect(quoteLines(reverse, 'x', en(), formattersFor('en'))[1]?.label).toBe('VAT 0\u202f% (reverse charge)');
    const us = { ...base, currency: 'usd' as const, taxCountry: 'US', taxState: 'NY', taxPercentage: 4 };
    expect(quoteLines(us, 'x', en(), formattersFor('en'))[1]?.label).toBe('Sales tax 4\u202f% (NY)');
    const credit = { ...base, off: 1000, upgradeCredit: 1000, price: 132999 };
    expect(quoteLines(credit, 'x', en(), formattersFor('en')).map((l) => l.key)).toEqual([
      'list',
      'credit',
      'net',
      'tax',
      'total',
    ]);
  });

  it('prints rates without float noise', () => {
    expect(formatPercent(25.5)).toBe('25.5\u202f%');
    expect(formatPercent(6.875)).toBe('6.875\u202f%');
    expect(formatPercent(0.1 + 0.2)).toBe('0.3\u202f%');
  });

  it('names UK VAT as VAT, as the server calls it (decision 052)', () => {
    const uk = { ...base, currency: 'gbp' as const, taxCountry: 'GB', taxName: 'VAT' as const, taxPercentage: 20 };
    expect(quoteLines(uk, 'x', en(), formattersFor('en'))[1]?.label).toBe('VAT 20\u202f%');
  });
});
