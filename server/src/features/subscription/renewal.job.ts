import { PENDING_PAYMENT_HOURS } from '@cuewave/contract/subscription';
import { lockAccountChannels } from '../channel/channel.repo';
import { supersedeLicencesListing } from '../licence/licence.repo';
import { cancelWaitingPayment } from '../payment/charge.service';
import { selectPaymentByKey, selectWaitingPayments, type PaymentRow } from '../payment/payment.repo';
import { chargeKey } from './periods';
import { activatePaid, refreshLicence } from './subscription-actions';
import { chargeRenewal } from './renewal-charge';
import { amountsOf, type SubscriptionActionDeps } from './subscription-charges';
import { sendTrialEnded, sendTrialEndingSoon, TRIAL_REMINDER_DAYS } from './trial-emails';
import {
  claimSubscription,
  claimTrialReminders,
  deleteChannelsExcept,
  selectDueIds,
  trialNotice,
  unclaimTrialReminder,
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
  /** Trial-ending emails sent: "ends soon" reminders and "has ended" notices (decision 051). */
  trialEmails: number;
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
  const report: RenewalReport = {
    renewed: 0,
    failed: 0,
    ended: 0,
    changed: 0,
    activated: 0,
    skipped: 0,
    errors: 0,
    trialEmails: 0,
  };
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
  await remindTrials(deps, report, options.onError);
  return report;
}

/**
 * The "your free trial ends soon" emails (decision 051): once per trial, TRIAL_REMINDER_DAYS before
 * its end. A send that fails gives the claim back for the next run.
 */
async function remindTrials(
  deps: RenewalDeps,
  report: RenewalReport,
  onError?: (err: unknown, subscriptionId: string) => void,
): Promise<void> {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + TRIAL_REMINDER_DAYS * 24 * HOUR_MS);
  for (;;) {
    const notices = await claimTrialReminders(deps.db, now, until, BATCH);
    for (const notice of notices) {
      try {
        await sendTrialEndingSoon(deps, notice, now);
        report.trialEmails += 1;
      } catch (err) {
        report.errors += 1;
        onError?.(err, notice.subscriptionId);
        await unclaimTrialReminder(deps.db, notice.subscriptionId);
        return; // the mail server is not answering: the rest waits for the next run
      }
    }
    if (notices.length < BATCH) return;
  }
}

type Step =
  | { kind: 'skip' }
  | { kind: 'ended'; trialId?: string }
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
      if (!ended) return { kind: 'skip' } as const;
      return { kind: 'ended', trialId: row.plan === 'trial' ? row.id : undefined } as const;
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
  if (step.kind === 'ended') {
    report.ended += 1;
    // The trial ran out: say so, with the way to a plan. Best effort: the trial has ended either way.
    if (step.trialId) {
      const notice = await trialNotice(deps.db, step.trialId);
      if (notice) {
        await sendTrialEnded(deps, notice);
        report.trialEmails += 1;
      }
    }
  }
  if (step.kind !== 'charge') return;
  const payment = await chargeRenewal(deps, step.row, 'job');
  if (payment?.status === 'succeeded') report.renewed += 1;
  else if (payment) report.failed += 1;
  else report.skipped += 1;
  if (step.planChanged) await refreshLicence(deps, step.row.account_id, step.row.id);
}
