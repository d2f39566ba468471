import type { PlanName, SubscriptionSummary } from '@cuewave/contract/account';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { formatDate } from '../../lib/format';

const DAY_MS = 86_400_000;

/**
 * Whole days from `now` until `nextPayTS` (spec §3: "days left is computed from nextPayTS"), rounded
 * up so the last day still counts as one; 0 once it has passed, null when there is no date.
 */
export function daysLeft(nextPayTS: string | null, now: number): number | null {
  if (!nextPayTS) return null;
  const at = Date.parse(nextPayTS);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / DAY_MS));
}

export function daysLeftText(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return 'Ends today';
  return `${days} day${days === 1 ? '' : 's'} left`;
}

type Status = SubscriptionSummary['status'];

/** The badge of each status: short, and never the internal word "payment" on its own. */
export const STATUS_LABELS: Record<Status, string> = {
  active: 'Active',
  payment: 'Payment failed',
  pending: 'Payment pending',
  cancelled: 'Cancelled',
  ended: 'Ended',
};

export type StatusTone = 'ok' | 'warn' | 'danger' | 'muted';

export const STATUS_TONES: Record<Status, StatusTone> = {
  active: 'ok',
  payment: 'danger',
  pending: 'warn',
  cancelled: 'warn',
  ended: 'muted',
};

/** What the date of a subscription means for the person reading it. */
export function dateLabel(subscription: Pick<SubscriptionSummary, 'planType' | 'status'>): string {
  if (subscription.status === 'ended') return 'Ended on';
  if (subscription.status === 'cancelled') return 'Access until';
  if (subscription.status === 'payment') return 'Payment was due';
  if (subscription.status === 'pending') return 'Payment started';
  if (subscription.planType === 'trial') return 'Trial ends';
  return 'Next payment';
}

type Explainable = Pick<SubscriptionDetail, 'planType' | 'status' | 'nextPayTS' | 'endedTS'> & {
  retry?: SubscriptionDetail['retry'];
};

/**
 * One sentence under the plan saying what the status means for the subscriber and what happens
 * next (decision 045), so nobody has to know what "payment" or "cancelled" imply.
 */
export function statusExplanation(s: Explainable): string {
  const date = s.nextPayTS ? formatDate(s.nextPayTS) : null;
  switch (s.status) {
    case 'active':
      if (s.planType === 'trial')
        return date
          ? `Your free trial runs until ${date}. Choose a plan before then to keep downloading.`
          : 'Your free trial is running.';
      if (s.planType === 'enterprise') return 'Your enterprise agreement is active.';
      // The date itself is shown right below, with the amount.
      return 'Your plan renews automatically. Change or cancel it any time; changes to a smaller plan wait for the period end.';
    case 'payment': {
      const retry = s.retry?.nextRetryTS ? formatDate(s.retry.nextRetryTS) : null;
      return retry
        ? `We couldn’t charge your card for the renewal. We’ll try again on ${retry}; you keep full access until then. Update your card or retry now.`
        : 'We couldn’t charge your card for the renewal. Update your card or retry now to keep your licence.';
    }
    case 'pending':
      return 'Your first payment hasn’t been completed yet. Complete it to start your plan.';
    case 'cancelled':
      return date
        ? `Renewal is off. You keep full access until ${date}; then your plan ends. Renew any time before then.`
        : 'Renewal is off; your plan ends at the end of the period.';
    case 'ended':
      return s.endedTS ? `Your plan ended on ${formatDate(s.endedTS)}.` : 'Your plan has ended.';
  }
}

/** Plans from the smallest to the largest licence: an upgrade moves right, a downgrade left. */
export const PLAN_ORDER: readonly PlanName[] = ['trial', 'start', 'advanced', 'professional', 'enterprise'];

export function planRank(plan: PlanName): number {
  return PLAN_ORDER.indexOf(plan);
}
