import { TRIAL_DAYS, type SubscriptionSummary } from '@cuewave/contract/account';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hasTrial, insertTrial, lockAccount, selectOpenSubscriptions, type SubscriptionRow } from './subscription.repo';

export type SubscriptionDeps = { db: Db; clock: Clock };

const DAY_MS = 24 * 60 * 60 * 1000;
const LIVE_STATUSES = new Set(['active', 'payment', 'pending']);

/**
 * Until renewals run as a job (subscriptions issue), a trial whose end has passed is reported as
 * ended here, so access and the registration order react on time.
 */
function effectiveStatus(row: SubscriptionRow, now: Date): SubscriptionRow['status'] {
  if (row.plan === 'trial' && row.next_pay_at && row.next_pay_at <= now && row.status !== 'ended') return 'ended';
  return row.status;
}

function toSummary(row: SubscriptionRow, status: SubscriptionRow['status']): SubscriptionSummary {
  return {
    id: row.id,
    planType: row.plan,
    status,
    payPeriod: row.pay_period === 'month' ? 'monthly' : row.pay_period === 'year' ? 'yearly' : null,
    nextPayTS: row.next_pay_at ? row.next_pay_at.toISOString() : null,
    currency: row.currency,
  };
}

/** The account's current subscription: the newest one that has not ended, or null. */
export async function currentSubscription(
  deps: SubscriptionDeps,
  accountId: string,
): Promise<SubscriptionSummary | null> {
  const now = deps.clock.now();
  for (const row of await selectOpenSubscriptions(deps.db, accountId)) {
    const status = effectiveStatus(row, now);
    if (status !== 'ended') return toSummary(row, status);
  }
  return null;
}

/** True while the account pays (or is about to pay) for a plan: deleting it then must wait for a cancellation. */
export async function hasActivePaidSubscription(deps: SubscriptionDeps, accountId: string): Promise<boolean> {
  const rows = await selectOpenSubscriptions(deps.db, accountId);
  return rows.some((row) => row.plan !== 'trial' && LIVE_STATUSES.has(row.status));
}

/**
 * Starts the free trial (spec §9: 30 days): confirmed email and phone required, one trial per
 * account ever. The account row is locked so two clicks cannot start two trials.
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
    const now = deps.clock.now();
    const open = await selectOpenSubscriptions(trx, accountId);
    if (open.some((row) => LIVE_STATUSES.has(effectiveStatus(row, now)))) {
      throw new AppError('ACTIVE_SUBSCRIPTION', 'This account already has an active subscription.');
    }
    const row = await insertTrial(trx, accountId, now, new Date(now.getTime() + TRIAL_DAYS * DAY_MS));
    return toSummary(row, row.status);
  });
}
