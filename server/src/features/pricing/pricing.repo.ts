import type { Selectable } from 'kysely';
import type { BillingPeriod, PlanName } from '@cuewave/contract/account';
import type { Db } from '../../db/client';
import type { CouponsTable } from '../../db/schema';
import type { Coupon } from './coupon';

const couponColumns = [
  'code',
  'kind',
  'percent',
  'amount_minor',
  'currency',
  'plans',
  'periods',
  'first_purchase_only',
  'expires_at',
] as const;

type CouponRow = Pick<Selectable<CouponsTable>, (typeof couponColumns)[number]>;

function toCoupon(row: CouponRow): Coupon {
  return {
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountMinor: row.amount_minor,
    currency: row.currency,
    plans: row.plans as PlanName[] | null,
    periods: row.periods as BillingPeriod[] | null,
    firstPurchaseOnly: row.first_purchase_only,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
  };
}

export async function selectCoupon(db: Db, code: string): Promise<Coupon | null> {
  const row = await db.selectFrom('coupons').select(couponColumns).where('code', '=', code).executeTakeFirst();
  return row ? toCoupon(row) : null;
}

/** Inserts a coupon; false when the code exists already. */
export async function insertCoupon(db: Db, coupon: Coupon, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('coupons')
    .values({
      code: coupon.code,
      kind: coupon.kind,
      percent: coupon.percent,
      amount_minor: coupon.amountMinor,
      currency: coupon.currency,
      plans: coupon.plans,
      periods: coupon.periods,
      first_purchase_only: coupon.firstPurchaseOnly,
      expires_at: coupon.expiresAt,
      created_at: now,
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Whether the account ever had a paid plan, whatever its status now (read-only look at the
 * subscriptions table). Spec §6: a first purchase is one with no subscription or only a trial. A
 * subscription still `pending` its first payment was never bought, so it does not count.
 */
export async function hasHadPaidSubscription(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('plan', '!=', 'trial')
    .where('status', '!=', 'pending')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
