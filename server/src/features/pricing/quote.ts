import { assertMinor, taxOn } from './money';

export type QuoteAmounts = {
  fullPrice: number;
  couponDiscount: number;
  upgradeCredit: number;
  off: number;
  price: number;
  tax: number;
  total: number;
};

/**
 * The amounts of a price quote, in this order (decision 041): the coupon comes off the list price,
 * then the upgrade credit, neither taking the price below zero (credit beyond the price is not
 * carried over); tax is computed once on the net price, rounded half-up; total = price + tax.
 */
export function composeQuote(input: {
  fullPrice: number;
  couponDiscount: number;
  upgradeCredit: number;
  /** Thousandths of a percent (money.ts). */
  taxRate: number;
}): QuoteAmounts {
  const fullPrice = assertMinor(input.fullPrice, 'fullPrice');
  const couponDiscount = Math.min(assertMinor(input.couponDiscount, 'couponDiscount'), fullPrice);
  const upgradeCredit = Math.min(assertMinor(input.upgradeCredit, 'upgradeCredit'), fullPrice - couponDiscount);
  const off = couponDiscount + upgradeCredit;
  const price = fullPrice - off;
  const tax = taxOn(price, input.taxRate);
  return { fullPrice, couponDiscount, upgradeCredit, off, price, tax, total: price + tax };
}
