import type { Payment } from '@cuewave/contract/payment';
import { currencySchema } from '@cuewave/contract/pricing';
import { PENDING_PAYMENT_HOURS } from '@cuewave/contract/subscription';
import { AppError } from '../../lib/errors';
import { lockAccountChannels } from '../channel/channel.repo';
import { supersedeLicencesListing } from '../licence/licence.repo';
import { cancelWaitingPayment, chargeAccount, getPayment } from '../payment/charge.service';
import { selectPaymentByKey, selectWaitingPayments, type PaymentRow } from '../payment/payment.repo';
import { quotePrice } from '../pricing/pricing.service';
import { addPeriod, chargeKey, nextRetryAt, renewalKey } from './periods';
import {
  activatePaid,
  amountsOf,
  periodWord,
  planTitle,
  refreshLicence,
  settled,
  type SubscriptionActionDeps,
} from './subscription-actions';
import {
  claimSubscription,
  deleteChannelsExcept,
  selectDueIds,
  updateSubscriptionIf,
  type SubscriptionRow,
} from './subscription.repo';

export type RenewalDeps = SubscriptionActionDeps;

export type RenewalReport = {
  /** Renewal charges that went through. */
  renewed: number;
  /** Renewal charges that failed (the subscription waits in status payment, or ended after the last retry). */
  failed: number;
  /** Subscriptions ended: trials, cancelled periods, abandoned pending ones, the last failed retry. */
  ended: number;
  /** Downgrades and period changes applied. */
  changed: number;
  /** Subscriptions another run was working on, or that were no longer due. */
  skipped: number;
  /** Pending subscriptions whose first charge went through without the buyer's repeat call. */
  activated: number;
  /** Unexpected errors (logged by the caller); the subscription is tried again on the next run. */
  errors: number;
};

const HOUR_MS = 60 * 60 * 1000;
/** Due subscriptions read per query; a run pages through all of them (or `limit`). */
const BATCH = 200;

/**
 * The renewal job (decision 045): everything due at the clock's now. Each subscription is claimed
 * with SELECT … FOR UPDATE SKIP LOCKED and changed only while still as read; renewal charges carry
 * the key renew:{id}:{dueISO}[:{attempt}], so two runs at once (or two instances) charge once.
 */
export async function runRenewals(
  deps: RenewalDeps,
  options: {
    /** At most this many subscriptions in this run (default: everything due). */
    limit?: number;
    onError?: (err: unknown, subscriptionId: string) => void;
  } = {},
): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, ended: 0, changed: 0, activated: 0, skipped: 0, errors: 0 };
  const now = deps.clock.now();
  const pendingBefore = new Date(now.getTime() - PENDING_PAYMENT_HOURS * HOUR_MS);
  let left = options.limit ?? Number.POSITIVE_INFINITY;
  let afterId: string | null = null;
  while (left > 0) {
    const ids = await selectDueIds(deps.db, now, pendingBefore, Math.min(BATCH, left), afterId);
    if (ids.length === 0) break;
    for (const id of ids) {
      try {
        await processOne(deps, id, report);
      } catch (err) {
        report.errors += 1;
        options.onError?.(err, id);
      }
    }
    afterId = ids.at(-1)!;
    left -= ids.length;
  }
  return report;
}

type Step =
  | { kind: 'skip' }
  | { kind: 'ended' }
  | { kind: 'activate'; row: SubscriptionRow; payment: PaymentRow }
  | { kind: 'call-off'; row: SubscriptionRow; waiting: PaymentRow[] }
  | { kind: 'charge'; row: SubscriptionRow; planChanged: boolean };

async function processOne(deps: RenewalDeps, id: string, report: RenewalReport): Promise<void> {
  const now = deps.clock.now();
  const step = await deps.db.transaction().execute(async (trx): Promise<Step> => {
    const row = await claimSubscription(trx, id);
    if (!row) return { kind: 'skip' };
    const end = async (endedAt: Date) => {
      const ended = await updateSubscriptionIf(
        trx,
        row.id,
        { status: row.status },
        { status: 'ended', ended_at: endedAt, next_retry_at: null, updated_at: now },
      );
      return ended ? ({ kind: 'ended' } as const) : ({ kind: 'skip' } as const);
    };

    if (row.status === 'pending') {
      const paid = await selectPaymentByKey(trx, chargeKey(row.id, row.charge_attempt));
      if (paid?.status === 'succeeded') return { kind: 'activate', row, payment: paid };
      const abandoned = row.created_at.getTime() + PENDING_PAYMENT_HOURS * HOUR_MS <= now.getTime();
      if (!abandoned) return { kind: 'skip' };
      // Confirmation steps still open are called off first, outside this transaction (processor calls).
      const waiting = await selectWaitingPayments(trx, row.id);
      return waiting.length ? { kind: 'call-off', row, waiting } : end(now);
    }
    const due = row.next_pay_at;
    if (row.plan === 'trial' || row.status === 'cancelled') {
      return due && due <= now && row.status !== 'ended' ? end(due) : { kind: 'skip' };
    }
    if (row.status === 'payment') {
      return row.next_retry_at && row.next_retry_at <= now
        ? { kind: 'charge', row, planChanged: false }
        : { kind: 'skip' };
    }
    if (row.status !== 'active' || !due || due > now) return { kind: 'skip' };
    if (!row.pending_plan && !row.pending_period) return { kind: 'charge', row, planChanged: false };

    // The change waiting for this period end applies first; the renewal charges the new plan and period.
    const planChanged = row.pending_plan !== null && row.pending_plan !== row.plan;
    if (row.pending_plan) {
      await lockAccountChannels(trx, row.account_id);
      const kept = (row.pending_channels ?? []).map((c) => c.url);
      for (const removed of await deleteChannelsExcept(trx, row.account_id, kept)) {
        // A removed channel must not stay covered by a current certificate (as channel.service does).
        await supersedeLicencesListing(trx, row.account_id, removed.url, now);
      }
    }
    const changed = await updateSubscriptionIf(
      trx,
      row.id,
      { status: 'active', nextPayAt: due },
      {
        plan: row.pending_plan ?? row.plan,
        pay_period: row.pending_period ?? row.pay_period,
        pending_plan: null,
        pending_period: null,
        pending_channels: null,
        change_requested_at: null,
        updated_at: now,
      },
    );
    if (!changed) return { kind: 'skip' };
    report.changed += 1;
    return { kind: 'charge', row: changed, planChanged };
  });

  if (step.kind === 'call-off') {
    const { row, waiting } = step;
    const current = chargeKey(row.id, row.charge_attempt);
    for (const payment of waiting) {
      const answer = await cancelWaitingPayment(deps, payment);
      if (answer.status === 'succeeded' && payment.idempotency_key === current) {
        // The cardholder finished the step just before: the subscription is paid, not abandoned.
        if (await activatePaid(deps, row.account_id, row, row.charge_attempt, answer)) report.activated += 1;
        else report.skipped += 1;
        return;
      }
    }
    const ended = await updateSubscriptionIf(
      deps.db,
      row.id,
      { status: 'pending', charge_attempt: row.charge_attempt },
      { status: 'ended', ended_at: now, next_retry_at: null, updated_at: now },
    );
    if (ended) report.ended += 1;
    else report.skipped += 1;
    return;
  }
  if (step.kind === 'activate') {
    const { row, payment } = step;
    const activated = await activatePaid(deps, row.account_id, row, row.charge_attempt, {
      id: payment.id,
      ...amountsOf(payment),
    });
    if (activated) report.activated += 1;
    else report.skipped += 1;
    return;
  }
  if (step.kind === 'skip') report.skipped += 1;
  if (step.kind === 'ended') report.ended += 1;
  if (step.kind !== 'charge') return;
  const payment = await chargeRenewal(deps, step.row, 'job');
  if (payment?.status === 'succeeded') report.renewed += 1;
  else if (payment) report.failed += 1;
  else report.skipped += 1;
  if (step.planChanged) await refreshLicence(deps, step.row.account_id, step.row.id);
}

/**
 * Charges the renewal due at `row.next_pay_at`: the plan's list price with today's tax, the default
 * card. Attempt n (renewal_attempts) uses key renew:{id}:{dueISO}[:n], shared by the job and the
 * user's "renew", so they never charge twice for one attempt. Success starts the next period at the
 * due date. A failure moves to the next attempt: the job schedules a retry (status payment) or, after
 * the last, ends the subscription; the user's own failed try does not use up a scheduled retry.
 * Null when another run had already recorded this attempt's outcome.
 */
export async function chargeRenewal(
  deps: RenewalDeps,
  row: SubscriptionRow,
  by: 'job' | 'user',
): Promise<Payment | null> {
  const due = row.next_pay_at!;
  const attempt = row.renewal_attempts;
  const key = renewalKey(row.id, due, attempt);
  const period = row.pay_period ?? 'month';
  let payment: Payment | null = null;
  let refusal: AppError | null = null;
  try {
    // An earlier attempt the cardholder confirmed late (3-D Secure after the job moved on) paid it.
    for (let k = 0; k < attempt && !payment; k += 1) {
      const earlier = await selectPaymentByKey(deps.db, renewalKey(row.id, due, k));
      if (earlier?.status === 'succeeded') payment = await getPayment(deps, row.account_id, earlier.id);
    }
    const existing = await selectPaymentByKey(deps.db, key);
    const quote = existing
      ? amountsOf(existing)
      : await quotePrice(deps, {
          accountId: row.account_id,
          plan: row.plan,
          period,
          currency: currencySchema.catch('usd').parse(row.currency),
          requestCountry: null,
        });
    payment ??= await chargeAccount(deps, {
      accountId: row.account_id,
      quote,
      description: `${planTitle(row.plan)}, ${periodWord(period)}: renewal`,
      subscriptionId: row.id,
      idempotencyKey: key,
    });
  } catch (err) {
    // No card, no billing details, a plan without a card price: a failed attempt like a declined card.
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    refusal = err;
  }

  // Another run (or the user's renew) is charging this attempt right now: its outcome is theirs to apply.
  if (payment?.status === 'pending') payment = await settled(deps, row.account_id, payment);
  if (payment?.status === 'pending') return null;

  const now = deps.clock.now();
  const expect = { status: row.status, renewal_attempts: attempt, nextPayAt: due };
  if (payment?.status === 'succeeded') {
    const applied = await updateSubscriptionIf(deps.db, row.id, expect, {
      status: 'active',
      period_started_at: due,
      next_pay_at: addPeriod(due, period),
      renewal_attempts: 0,
      next_retry_at: null,
      currency: payment.currency,
      price: payment.price,
      tax: payment.tax,
      total: payment.total,
      tax_percentage: payment.taxPercentage,
      last_payment_id: payment.id,
      updated_at: now,
    });
    return applied ? payment : null;
  }
  // The cardholder can answer a confirmation step only when they asked for the charge themselves.
  if (by === 'user' && payment && payment.status !== 'failed') return payment;

  if (by === 'user') {
    await updateSubscriptionIf(deps.db, row.id, expect, { renewal_attempts: attempt + 1, updated_at: now });
    if (refusal) throw refusal;
    return payment;
  }
  const retryAt = nextRetryAt(due, now);
  const updated = await updateSubscriptionIf(
    deps.db,
    row.id,
    expect,
    retryAt
      ? { status: 'payment', renewal_attempts: attempt + 1, next_retry_at: retryAt, updated_at: now }
      : { status: 'ended', renewal_attempts: attempt + 1, next_retry_at: null, ended_at: now, updated_at: now },
  );
  if (!updated) return null;
  return payment ?? failedStub(row, refusal);
}

/** The job's report counts a refusal without a payment row (no card) as a failed charge. */
function failedStub(row: SubscriptionRow, refusal: AppError | null): Payment {
  return {
    id: '',
    status: 'failed',
    failureCode: 'processing_error',
    message: refusal?.message ?? null,
    action: null,
    description: 'renewal',
    subscriptionId: row.id,
    currency: currencySchema.catch('usd').parse(row.currency),
    price: 0,
    tax: 0,
    total: 0,
    taxPercentage: 0,
    receiptNumber: null,
    createdTS: new Date(0).toISOString(),
  };
}
