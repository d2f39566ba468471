import { TRIAL_DAYS, type BillingPeriod, type PlanName, type SubscriptionSummary } from '@cuewave/contract/account';
import { PENDING_PAYMENT_HOURS } from '@cuewave/contract/subscription';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  hasTrial,
  insertTrial,
  lockAccount,
  selectAllSubscriptions,
  selectCardFingerprints,
  selectOpenSubscriptions,
  trialUsedByCard,
  type SubscriptionRow,
} from './subscription.repo';

export type SubscriptionDeps = { db: Db; clock: Clock };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Statuses that hold a paid plan (or the trial) the account uses now. */
const RUNNING = new Set<SubscriptionRow['status']>(['active', 'payment', 'cancelled']);
const LIVE_STATUSES = new Set<SubscriptionRow['status']>(['active', 'payment', 'pending']);
/** Statuses a paid plan only reaches once its first payment went through. */
const PAID_AT_SOME_POINT = new Set<SubscriptionRow['status']>(['active', 'payment', 'cancelled']);

/**
 * The status as of `now`. The renewal job ends trials and cancelled subscriptions at their period end
 * and abandoned pending ones after PENDING_PAYMENT_HOURS; between two runs the reads already treat
 * them as ended, so access and the registration order react on time.
 */
export function effectiveStatus(row: SubscriptionRow, now: Date): SubscriptionRow['status'] {
  if (row.status === 'ended') return 'ended';
  const runsOut = row.plan === 'trial' || row.status === 'cancelled';
  if (runsOut && row.next_pay_at && row.next_pay_at <= now) return 'ended';
  if (row.status === 'pending' && row.created_at.getTime() + PENDING_PAYMENT_HOURS * HOUR_MS <= now.getTime()) {
    return 'ended';
  }
  return row.status;
}

export function toSummary(row: SubscriptionRow, status: SubscriptionRow['status']): SubscriptionSummary {
  return {
    id: row.id,
    planType: row.plan,
    status,
    payPeriod: row.pay_period === 'month' ? 'monthly' : row.pay_period === 'year' ? 'yearly' : null,
    nextPayTS: row.next_pay_at ? row.next_pay_at.toISOString() : null,
    currency: row.currency,
  };
}

/**
 * The account's current subscription row: the newest running one (active, payment, cancelled);
 * else the newest pending one (a first payment not through yet). A trial user whose paid plan is
 * still pending keeps the trial as current until the payment goes through.
 */
export async function currentRow(
  deps: SubscriptionDeps,
  accountId: string,
): Promise<{ row: SubscriptionRow; status: SubscriptionRow['status'] } | null> {
  const now = deps.clock.now();
  const open = (await selectOpenSubscriptions(deps.db, accountId))
    .map((row) => ({ row, status: effectiveStatus(row, now) }))
    .filter((r) => r.status !== 'ended');
  return open.find((r) => RUNNING.has(r.status)) ?? open.find((r) => r.status === 'pending') ?? null;
}

/** The account's current subscription (see currentRow), or null. */
export async function currentSubscription(
  deps: SubscriptionDeps,
  accountId: string,
): Promise<SubscriptionSummary | null> {
  const current = await currentRow(deps, accountId);
  return current ? toSummary(current.row, current.status) : null;
}

/**
 * Whether the row is a paid plan that ran at some point. The free trial is for new customers (like
 * the peer stores), so such a row rules the trial out whatever became of it: active, payment
 * (a renewal failing), cancelled, or ended after it ran. A first payment that never went through is
 * not one: that row stays pending until it is abandoned and ended without ever getting a paid period
 * (period_started_at and next_pay_at stay null); an expired pending row not yet ended is 'pending'.
 */
function paidAtSomePoint(row: SubscriptionRow): boolean {
  if (row.plan === 'trial') return false;
  if (PAID_AT_SOME_POINT.has(row.status)) return true;
  return row.status === 'ended' && (row.period_started_at !== null || row.next_pay_at !== null);
}

/** Whether the account ever had a paid plan (see paidAtSomePoint): it cannot start a free trial. */
export async function hadPaidPlan(db: Db, accountId: string): Promise<boolean> {
  return (await selectAllSubscriptions(db, accountId)).some(paidAtSomePoint);
}

/** What the account had before (GET /auth/me): a trial, a paid plan (see paidAtSomePoint). */
export async function planHistory(
  deps: SubscriptionDeps,
  accountId: string,
): Promise<{ hadTrial: boolean; hadPaidPlan: boolean }> {
  const rows = await selectAllSubscriptions(deps.db, accountId);
  return { hadTrial: rows.some((row) => row.plan === 'trial'), hadPaidPlan: rows.some(paidAtSomePoint) };
}

/**
 * What an upgrade credits (pricing's quotePrice with upgrade=true, decision 041): the running paid
 * subscription, its current period and the net price paid for it. Null without one.
 */
export async function upgradeBasis(
  deps: SubscriptionDeps,
  accountId: string,
): Promise<{
  plan: PlanName;
  status: SubscriptionRow['status'];
  period: BillingPeriod | null;
  currency: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Net price paid for the current period; null when not recorded (subscriptions from before 0005). */
  paid: number | null;
} | null> {
  const current = await currentRow(deps, accountId);
  if (!current) return null;
  const { row, status } = current;
  return {
    plan: row.plan,
    status,
    period: row.pay_period,
    currency: row.currency,
    periodStart: row.period_started_at,
    periodEnd: row.next_pay_at,
    paid: row.price,
  };
}

/** True while the account pays (or is about to pay) for a plan: deleting it then must wait for a cancellation. */
export async function hasActivePaidSubscription(deps: SubscriptionDeps, accountId: string): Promise<boolean> {
  const rows = await selectOpenSubscriptions(deps.db, accountId);
  const now = deps.clock.now();
  return rows.some((row) => row.plan !== 'trial' && LIVE_STATUSES.has(effectiveStatus(row, now)));
}

/**
 * Starts the free trial (spec §9: 30 days): confirmed email and phone required, one trial per
 * account ever, none for an account that had a paid plan (hadPaidPlan: trials are for new customers),
 * and one per card when the account has saved cards (decision 045). The account row is
 * locked so two clicks cannot start two trials.
 */
export async function startTrial(deps: SubscriptionDeps, accountId: string): Promise<SubscriptionSummary> {
  return deps.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, accountId);
    if (!account) throw new AppError('verify jwt token', 'Your account no longer exists. Please sign in again.');
    if (!account.confirmed_email) throw new AppError('account not confirmed', 'Confirm your email address first.');
    if (!account.phone || !account.confirmed_phone) {
      throw new AppError('PHONE_REQUIRED', 'Add and verify your phone number to start the free trial.');
    }
    if (await hasTrial(trx, accountId)) {
      throw new AppError('TRIAL_ALREADY_USED', 'This account has already used its free trial.');
    }
    const fingerprints = await selectCardFingerprints(trx, accountId);
    if (await trialUsedByCard(trx, fingerprints)) {
      throw new AppError('TRIAL_ALREADY_USED', 'A free trial was already started with this card. Choose a paid plan.');
    }
    const now = deps.clock.now();
    const open = await selectOpenSubscriptions(trx, accountId);
    if (open.some((row) => LIVE_STATUSES.has(effectiveStatus(row, now)) || effectiveStatus(row, now) === 'cancelled')) {
      throw new AppError('ACTIVE_SUBSCRIPTION', 'This account already has an active subscription.');
    }
    // After the running-plan check, so a paying member still hears that it has an active subscription.
    if (await hadPaidPlan(trx, accountId)) {
      throw new AppError('TRIAL_ALREADY_USED', 'Free trials are for new customers. Choose a plan to continue.');
    }
    const row = await insertTrial(
      trx,
      accountId,
      now,
      new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
      fingerprints[0] ?? null,
    );
    return toSummary(row, row.status);
  });
}
