import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertMinor, mulDivFloor, mulDivHalfUp, percentToRate, RATE_SCALE, rateToPercent, taxOn } from './money';
import { composeQuote } from './quote';

const minor = fc.integer({ min: 0, max: 100_000_000 });
/** Every rate the tax tables can hold: 0–30 % in thousandths of a percent. */
const rate = fc.integer({ min: 0, max: 30_000 });

describe('integer money', () => {
  it('rounds tax half-up on the tax amount', () => {
    expect(taxOn(999, 23_000)).toBe(230); // 229.77
    expect(taxOn(50, 1_000)).toBe(1); // 0.5 exactly: up
    expect(taxOn(49, 1_000)).toBe(0); // 0.49
    expect(taxOn(3999, 23_000)).toBe(920); // 919.77
    expect(taxOn(1000, 6_875)).toBe(69); // 68.75
    expect(taxOn(200, 6_250)).toBe(13); // 12.5: up
    expect(taxOn(0, 23_000)).toBe(0);
  });

  it('works exactly on amounts where floating point would not (0.1 + 0.2 style)', () => {
    // 1.15 × 100 in floating point is 114.99999999999999
    expect(mulDivHalfUp(115, 50, 100)).toBe(58);
    expect(mulDivHalfUp(Number.MAX_SAFE_INTEGER, 27_000, RATE_SCALE)).toBe(2_431_943_798_780_068); // …067.57
  });

  it('refuses fractions, negatives and unsafe numbers', () => {
    expect(() => assertMinor(9.99)).toThrow(RangeError);
    expect(() => assertMinor(-1)).toThrow(RangeError);
    expect(() => assertMinor(2 ** 60)).toThrow(RangeError);
    expect(() => taxOn(10.5, 23_000)).toThrow(RangeError);
    expect(() => mulDivHalfUp(10, 1, 0)).toThrow(RangeError);
    expect(() => mulDivFloor(10, -1, 3)).toThrow(RangeError);
  });

  it('converts written percentages to whole rate units and back', () => {
    expect(percentToRate(23)).toBe(23_000);
    expect(percentToRate(25.5)).toBe(25_500);
    expect(percentToRate(6.875)).toBe(6_875);
    expect(percentToRate(6.35)).toBe(6_350);
    expect(rateToPercent(6_875)).toBe(6.875);
    expect(() => percentToRate(6.8755)).toThrow(RangeError);
    expect(() => percentToRate(101)).toThrow(RangeError);
    expect(() => percentToRate(-1)).toThrow(RangeError);
  });

  it('property: half-up rounding is within half a unit of the exact value and never drifts', () => {
    fc.assert(
      fc.property(minor, rate, (amount, r) => {
        const tax = taxOn(amount, r);
        expect(Number.isSafeInteger(tax)).toBe(true);
        // |tax - amount × r / SCALE| <= 1/2, in integers: |tax × SCALE - amount × r| × 2 <= SCALE
        const diff = BigInt(tax) * BigInt(RATE_SCALE) - BigInt(amount) * BigInt(r);
        expect(diff * 2n <= BigInt(RATE_SCALE) && diff * 2n > -BigInt(RATE_SCALE)).toBe(true);
      }),
    );
  });

  it('property: floor never exceeds the exact value', () => {
    fc.assert(
      fc.property(minor, fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (a, n, d) => {
        const q = mulDivFloor(a, n, d);
        expect(BigInt(q) * BigInt(d) <= BigInt(a) * BigInt(n)).toBe(true);
        expect((BigInt(q) + 1n) * BigInt(d) > BigInt(a) * BigInt(n)).toBe(true);
      }),
    );
  });
});

describe('composeQuote', () => {
  it('takes the coupon, then the credit, off the list price and adds tax on the rest', () => {
    expect(composeQuote({ fullPrice: 13999, couponDiscount: 2800, upgradeCredit: 1000, taxRate: 23_000 })).toEqual({
      fullPrice: 13999,
      couponDiscount: 2800,
      upgradeCredit: 1000,
      off: 3800,
      price: 10199,
      tax: 2346, // 2345.77
      total: 12545,
    });
  });

  it('never goes below zero: credit beyond the price is dropped, a discount beyond it is capped', () => {
    expect(composeQuote({ fullPrice: 999, couponDiscount: 5000, upgradeCredit: 0, taxRate: 23_000 })).toMatchObject({
      off: 999,
      couponDiscount: 999,
      price: 0,
      tax: 0,
      total: 0,
    });
    expect(composeQuote({ fullPrice: 999, couponDiscount: 500, upgradeCredit: 9000, taxRate: 0 })).toMatchObject({
      couponDiscount: 500,
      upgradeCredit: 499,
      off: 999,
      price: 0,
      total: 0,
    });
  });

  it('property: price = fullPrice - off, total = price + tax, off <= fullPrice, tax = round(price × rate)', () => {
    fc.assert(
      fc.property(minor, minor, minor, rate, (fullPrice, couponDiscount, upgradeCredit, taxRate) => {
        const q = composeQuote({ fullPrice, couponDiscount, upgradeCredit, taxRate });
        for (const v of Object.values(q)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(q.fullPrice).toBe(fullPrice);
        expect(q.off).toBe(q.couponDiscount + q.upgradeCredit);
        expect(q.off).toBeLessThanOrEqual(q.fullPrice);
        expect(q.couponDiscount).toBeLessThanOrEqual(couponDiscount);
        expect(q.upgradeCredit).toBeLessThanOrEqual(upgradeCredit);
        expect(q.price).toBe(q.fullPrice - q.off);
        expect(q.tax).toBe(taxOn(q.price, taxRate));
        expect(q.total).toBe(q.price + q.tax);
      }),
    );
  });
});
