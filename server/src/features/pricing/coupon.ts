import type { BillingPeriod, PlanName } from '@cuewave/contract/account';
import type { CouponRejection, Currency } from '@cuewave/contract/pricing';
import { assertMinor, mulDivHalfUp } from './money';

/** A discount code (table coupons, migration 0003). */
export type Coupon = {
  code: string;
  /**
   * percent: a share off the list price; fixed: an amount off; price: the first period costs
   * `amountMinor` (the US launch's "first month for $0.99", decision 072). Renewals are at list price.
   */
  kind: 'percent' | 'fixed' | 'price';
  /** 1–100, for kind percent. */
  percent: number | null;
  /** Minor units of `currency`, for kinds fixed and price. */
  amountMinor: number | null;
  currency: Currency | null;
  /** null: every plan / every period. */
  plans: PlanName[] | null;
  periods: BillingPeriod[] | null;
  firstPurchaseOnly: boolean;
  /** The coupon works while now < expiresAt. */
  expiresAt: Date | null;
};

/** Codes are stored upper case; what a visitor types is matched without regard to case. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;

export function normaliseCouponCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export type CouponContext = {
  plan: PlanName;
  period: BillingPeriod;
  currency: Currency;
  now: Date;
  /** No subscription yet, or only a trial (spec §6). */
  firstPurchase: boolean;
  /** List price the discount applies to, minor units. */
  fullPrice: number;
};

export type CouponCheck =
  { valid: true; discount: number } | { valid: false; reason: CouponRejection; message: string };

const reject = (reason: CouponRejection, message: string): CouponCheck => ({ valid: false, reason, message });

/**
 * Whether a coupon applies, and how much it takes off the list price: a percentage rounded half-up,
 * or a fixed amount in its own currency only; never more than the price.
 */
export function checkCoupon(coupon: Coupon | null, ctx: CouponContext): CouponCheck {
  assertMinor(ctx.fullPrice, 'fullPrice');
  if (!coupon) return reject('unknown', 'This code is not valid.');
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= ctx.now.getTime()) {
    return reject('expired', 'This code has expired.');
  }
  if (coupon.plans && !coupon.plans.includes(ctx.plan)) {
    return reject('plan', 'This code does not apply to the chosen plan.');
  }
  if (coupon.periods && !coupon.periods.includes(ctx.period)) {
    return reject(
      'period',
      `This code applies only to ${coupon.periods.includes('year') ? 'yearly' : 'monthly'} billing.`,
    );
  }
  if (coupon.kind !== 'percent' && coupon.currency !== ctx.currency) {
    return reject('currency', `This code applies only to prices in ${String(coupon.currency).toUpperCase()}.`);
  }
  if (coupon.firstPurchaseOnly && !ctx.firstPurchase) {
    return reject('first_purchase', 'This code is for a first purchase only.');
  }
  const amount = coupon.kind === 'percent' ? 0 : assertMinor(coupon.amountMinor ?? 0, 'coupon amount');
  const discount =
    coupon.kind === 'percent'
      ? mulDivHalfUp(ctx.fullPrice, coupon.percent ?? 0, 100)
      : coupon.kind === 'fixed'
        ? amount
        : // A set price never raises one that is already lower.
          Math.max(0, ctx.fullPrice - amount);
  return { valid: true, discount: Math.min(discount, ctx.fullPrice) };
}
