import { CHANNEL_LIMITS, type BillingPeriod, type PlanName } from '@cuewave/contract/account';
import {
  currencySchema,
  defaultCurrency,
  type Currency,
  type Plan,
  type PriceQuote,
  type QuoteCoupon,
} from '@cuewave/contract/pricing';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { getBilling, getBillingForTax } from '../billing/billing.service';
import { upgradeBasis } from '../subscription/subscription.service';
import { checkCoupon, normaliseCouponCode, type Coupon } from './coupon';
import { hasHadPaidSubscription, insertCoupon, selectCoupon } from './pricing.repo';
import { listPrice, planTier, SORTED_PLANS } from './prices';
import { periodStartBefore, upgradeCredit } from './proration';
import { composeQuote } from './quote';
import { taxRuleFor, type TaxBuyer } from './tax';

export type PricingDeps = { db: Db; clock: Clock };

/** Where the quote falls back to when neither billing details nor geolocation know the country (spec §4). */
export const FALLBACK_COUNTRY = 'US';

/** GET /v1/subscription/plans: every plan, sorted by monthly PLN price (spec §7). */
export function listPlans(): Plan[] {
  return SORTED_PLANS.map((p) => ({
    name: p.name,
    title: p.title,
    commercialPlus: p.commercialPlus,
    enterprise: p.enterprise,
    channels: CHANNEL_LIMITS[p.name],
    purchase: p.purchase,
    prices: p.prices,
    features: [...p.features],
  }));
}

export type QuoteRequest = {
  /** The signed-in account, or null for a visitor. */
  accountId: string | null;
  plan: PlanName;
  period: BillingPeriod;
  currency?: Currency;
  coupon?: string;
  upgrade?: boolean;
  /** The visitor's country from the CDN header or GeoIP, used when there are no billing details. */
  requestCountry: string | null;
};

const LIVE_PAID = new Set(['active']);

/**
 * The price quote of spec §3 for a plan and period. Tax follows the billing details (signed in),
 * else the request's country as a consumer; the currency is the one asked for, else the current
 * subscription's, else the country's default (spec §4). A coupon that does not apply gives a quote
 * without discount and says why (decision 041). The payment flow charges what this returns.
 */
export async function quotePrice(deps: PricingDeps, req: QuoteRequest): Promise<PriceQuote> {
  if (req.plan === 'trial') {
    throw new AppError('BAD_REQUEST', 'The free trial has no price: start it with POST /v1/subscription/new/trial.');
  }
  if (req.plan === 'enterprise') {
    throw new AppError(
      'BAD_REQUEST',
      'Enterprise is priced for each customer and is not paid by card: contact us through the enterprise form.',
    );
  }
  const now = deps.clock.now();
  const billing = req.accountId ? await getBillingForTax(deps, req.accountId) : null;
  const country = (billing?.country ?? req.requestCountry ?? FALLBACK_COUNTRY).toUpperCase();
  const subscription = req.accountId ? await upgradeBasis(deps, req.accountId) : null;
  const subscriptionCurrency = currencySchema.safeParse(subscription?.currency);

  let currency: Currency =
    req.currency ?? (subscriptionCurrency.success ? subscriptionCurrency.data : defaultCurrency(country));
  let credit = 0;
  if (req.upgrade) {
    const paidPeriod: BillingPeriod | null = subscription?.period ?? null;
    const periodEnd = subscription?.periodEnd ?? null;
    if (
      !subscription ||
      subscription.plan === 'trial' ||
      !LIVE_PAID.has(subscription.status) ||
      !paidPeriod ||
      !periodEnd ||
      periodEnd <= now ||
      !subscriptionCurrency.success
    ) {
      throw new AppError('BAD_REQUEST', 'There is no active paid subscription to upgrade: choose a new plan instead.');
    }
    if (planTier(req.plan) <= planTier(subscription.plan)) {
      throw new AppError(
        'BAD_REQUEST',
        `An upgrade goes to a plan above your current one (${subscription.plan}); use a downgrade or a period change instead.`,
      );
    }
    if (req.currency && req.currency !== subscriptionCurrency.data) {
      throw new AppError(
        'VALIDATION_FAILED',
        `An upgrade is charged in your subscription's currency (${subscriptionCurrency.data.toUpperCase()}).`,
      );
    }
    currency = subscriptionCurrency.data;
    // The net price paid for the current period (after coupon and any earlier upgrade credit, before
    // tax); subscriptions from before it was recorded fall back to the current plan's list price.
    const paid = subscription.paid ?? listPrice(subscription.plan, paidPeriod, currency) ?? 0;
    const periodStart = subscription.periodStart ?? periodStartBefore(periodEnd, paidPeriod);
    credit = upgradeCredit({ paid, periodStart, periodEnd, now });
  }

  const fullPrice = listPrice(req.plan, req.period, currency);
  if (fullPrice === null) throw new AppError('BAD_REQUEST', `The ${req.plan} plan has no card price.`);

  let coupon: QuoteCoupon | null = null;
  let couponDiscount = 0;
  const code = req.coupon ? normaliseCouponCode(req.coupon) : '';
  if (code) {
    const firstPurchase = req.accountId ? !(await hasHadPaidSubscription(deps.db, req.accountId)) : true;
    const found = await selectCoupon(deps.db, code);
    const check = checkCoupon(found, {
      plan: req.plan,
      period: req.period,
      currency,
      now,
      firstPurchase,
      fullPrice,
    });
    if (check.valid) {
      couponDiscount = check.discount;
      coupon = { code, valid: true, ...(found?.kind === 'percent' && found.percent ? { percent: found.percent } : {}) };
    } else {
      coupon = { code, valid: false, reason: check.reason, message: check.message };
    }
  }

  const tax = taxRuleFor(
    billing
      ? await withTaxNumber(deps, req.accountId!, billing)
      : { country, state: null, type: 'personal', taxNumberValid: false },
  );
  const amounts = composeQuote({ fullPrice, couponDiscount, upgradeCredit: credit, taxRate: tax.rate });
  return {
    plan: req.plan,
    period: req.period,
    currency,
    ...amounts,
    taxPercentage: tax.percentage,
    taxCountry: tax.country,
    taxState: tax.state,
    reverseCharge: tax.reverseCharge,
    taxName: tax.name,
    coupon,
  };
}

/**
 * A business's tax number, which the non-EU rules check themselves (billing checks EU numbers only);
 * read only for businesses, so a consumer's quote stays one query.
 */
async function withTaxNumber(deps: PricingDeps, accountId: string, billing: TaxBuyer): Promise<TaxBuyer> {
  if (billing.type !== 'business') return billing;
  const details = await getBilling(deps, accountId);
  return { ...billing, taxNumber: details.taxNumber };
}

/** Stores a new coupon (coupon CLI); 409 CONFLICT when the code exists. */
export async function createCoupon(deps: PricingDeps, coupon: Coupon): Promise<Coupon> {
  const stored = { ...coupon, code: normaliseCouponCode(coupon.code) };
  if (!(await insertCoupon(deps.db, stored, deps.clock.now()))) {
    throw new AppError('CONFLICT', `A coupon with the code ${stored.code} exists already.`);
  }
  return stored;
}

/** A coupon by its code (matched without regard to case), or null: for the banners that offer one. */
export function findCoupon(deps: { db: Db }, code: string): Promise<Coupon | null> {
  return selectCoupon(deps.db, normaliseCouponCode(code));
}
