import fc from 'fast-check';
import { CURRENCIES } from '@cuewave/contract/pricing';
import { describe, expect, it } from 'vitest';
import { checkCoupon, normaliseCouponCode, type Coupon, type CouponContext } from './coupon';

const now = new Date('2026-06-01T12:00:00Z');
const percent = (p: number, extra: Partial<Coupon> = {}): Coupon => ({
  code: 'SPRING',
  kind: 'percent',
  percent: p,
  amountMinor: null,
  currency: null,
  plans: null,
  periods: null,
  firstPurchaseOnly: false,
  expiresAt: null,
  ...extra,
});
const fixed = (amountMinor: number, currency: Coupon['currency'], extra: Partial<Coupon> = {}): Coupon => ({
  ...percent(0),
  kind: 'fixed',
  percent: null,
  amountMinor,
  currency,
  ...extra,
});
const ctx = (extra: Partial<CouponContext> = {}): CouponContext => ({
  plan: 'professional',
  period: 'year',
  currency: 'pln',
  now,
  firstPurchase: true,
  fullPrice: 133999,
  ...extra,
});

describe('checkCoupon', () => {
  it('takes a percentage off the list price, rounded half-up', () => {
    expect(checkCoupon(percent(20), ctx())).toEqual({ valid: true, discount: 26800 }); // 26799.8
    expect(checkCoupon(percent(50), ctx({ fullPrice: 999 }))).toEqual({ valid: true, discount: 500 }); // 499.5
    expect(checkCoupon(percent(100), ctx({ fullPrice: 999 }))).toEqual({ valid: true, discount: 999 });
  });

  it('takes a fixed amount off in its own currency only, never more than the price', () => {
    expect(checkCoupon(fixed(1000, 'pln'), ctx())).toEqual({ valid: true, discount: 1000 });
    expect(checkCoupon(fixed(500_000, 'pln'), ctx())).toEqual({ valid: true, discount: 133999 });
    expect(checkCoupon(fixed(1000, 'usd'), ctx())).toMatchObject({ valid: false, reason: 'currency' });
  });

  it('sets the price of the first period in its own currency, never raising a lower one (decision 072)', () => {
    const launch = { ...fixed(99, 'usd'), kind: 'price' as const, periods: ['month' as const] };
    const month = ctx({ period: 'month', currency: 'usd', fullPrice: 1900 });
    expect(checkCoupon(launch, month)).toEqual({ valid: true, discount: 1801 });
    expect(checkCoupon(launch, { ...month, fullPrice: 50 })).toEqual({ valid: true, discount: 0 });
    expect(checkCoupon(launch, { ...month, currency: 'eur' })).toMatchObject({ valid: false, reason: 'currency' });
    expect(checkCoupon(launch, { ...month, period: 'year' })).toMatchObject({ valid: false, reason: 'period' });
  });

  it('rejects unknown, expired, wrong-plan, wrong-period and first-purchase-only codes with a reason', () => {
    expect(checkCoupon(null, ctx())).toMatchObject({
      valid: false,
      reason: 'unknown',
      message: 'This code is not valid.',
    });
    expect(checkCoupon(percent(20, { expiresAt: now }), ctx())).toMatchObject({ valid: false, reason: 'expired' });
    expect(checkCoupon(percent(20, { expiresAt: new Date(now.getTime() + 1) }), ctx())).toMatchObject({ valid: true });
    expect(checkCoupon(percent(20, { plans: ['start', 'advanced'] }), ctx())).toMatchObject({ reason: 'plan' });
    expect(checkCoupon(percent(20, { plans: ['professional'] }), ctx())).toMatchObject({ valid: true });
    expect(checkCoupon(percent(20, { periods: ['month'] }), ctx())).toMatchObject({
      reason: 'period',
      message: 'This code applies only to monthly billing.',
    });
    expect(checkCoupon(percent(20, { firstPurchaseOnly: true }), ctx({ firstPurchase: false }))).toMatchObject({
      reason: 'first_purchase',
    });
    expect(checkCoupon(percent(20, { firstPurchaseOnly: true }), ctx())).toMatchObject({ valid: true });
  });

  it('matches codes without regard to case or spaces', () => {
    expect(normaliseCouponCode('  spring20 ')).toBe('SPRING20');
  });

  it('property: a valid discount is a whole amount from 0 to the list price', () => {
    const coupon = fc.oneof(
      fc.integer({ min: 1, max: 100 }).map((p) => percent(p)),
      fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(...CURRENCIES)).map(([a, c]) => fixed(a, c)),
      fc
        .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(...CURRENCIES))
        .map(([a, c]): Coupon => ({ ...fixed(a, c), kind: 'price' })),
    );
    fc.assert(
      fc.property(
        coupon,
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(...CURRENCIES),
        (c, fullPrice, currency) => {
          const check = checkCoupon(c, ctx({ fullPrice, currency }));
          if (!check.valid) {
            expect(c.kind !== 'percent' && c.currency !== currency).toBe(true);
            return;
          }
          expect(Number.isSafeInteger(check.discount)).toBe(true);
          expect(check.discount).toBeGreaterThanOrEqual(0);
          expect(check.discount).toBeLessThanOrEqual(fullPrice);
        },
      ),
    );
  });
});
