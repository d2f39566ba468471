import type { PlanName, SubscriptionSummary } from '@cuewave/contract/account';
import type { ChannelType } from '@cuewave/contract/licence';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import type { TFunction } from 'i18next';

/** The `subscription` namespace's texts (locales/*.json). */
export type SubscriptionT = TFunction<'subscription'>;
/** A date as the page's language writes it (useFormat().date). */
export type DateText = (ts: string) => string;

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

export function daysLeftText(days: number | null, t: SubscriptionT): string | null {
  if (days === null) return null;
  if (days === 0) return t('status.endsToday');
  return t('status.daysLeft', { count: days });
}

/** A channel's platform: brand names, except "Website" and "Podcast" (contract's CHANNEL_LABELS in English). */
export function channelLabel(type: ChannelType, t: SubscriptionT): string {
  return t(`channelTypes.${type}`);
}

/** A plan's name: brand names, except the trial's, which is words ("Free trial"). */
export function planTitle(plan: PlanName, t: SubscriptionT): string {
  return t(`plans.${plan}`);
}

type Status = SubscriptionSummary['status'];

/** The badge of each status: short, and never the internal word "payment" on its own. */
export function statusLabel(status: Status, t: SubscriptionT): string {
  return t(`status.labels.${status}`);
}

export type StatusTone = 'ok' | 'warn' | 'danger' | 'muted';

export const STATUS_TONES: Record<Status, StatusTone> = {
  active: 'ok',
  payment: 'danger',
  pending: 'warn',
  cancelled: 'warn',
  ended: 'muted',
};

/** What the date of a subscription means for the person reading it. */
export function dateLabel(subscription: Pick<SubscriptionSummary, 'planType' | 'status'>, t: SubscriptionT): string {
  if (subscription.status === 'ended') return t('status.dates.ended');
  if (subscription.status === 'cancelled') return t('status.dates.cancelled');
  if (subscription.status === 'payment') return t('status.dates.payment');
  if (subscription.status === 'pending') return t('status.dates.pending');
  if (subscription.planType === 'trial') return t('status.dates.trial');
  return t('status.dates.next');
}

type Explainable = Pick<SubscriptionDetail, 'planType' | 'status' | 'nextPayTS' | 'endedTS'> & {
  retry?: SubscriptionDetail['retry'];
};

/**
 * One sentence under the plan saying what the status means for the subscriber and what happens
 * next (decision 045), so nobody has to know what "payment" or "cancelled" imply.
 */
export function statusExplanation(s: Explainable, t: SubscriptionT, formatDate: DateText): string {
  const date = s.nextPayTS ? formatDate(s.nextPayTS) : null;
  switch (s.status) {
    case 'active':
      if (s.planType === 'trial')
        return date ? t('status.explain.trialUntil', { date }) : t('status.explain.trialRunning');
      if (s.planType === 'enterprise') return t('status.explain.enterprise');
      // The date itself is shown right below, with the amount.
      return t('status.explain.active');
    case 'payment': {
      const retry = s.retry?.nextRetryTS ? formatDate(s.retry.nextRetryTS) : null;
      return retry ? t('status.explain.paymentRetry', { date: retry }) : t('status.explain.payment');
    }
    case 'pending':
      return t('status.explain.pending');
    case 'cancelled':
      return date ? t('status.explain.cancelledUntil', { date }) : t('status.explain.cancelled');
    case 'ended':
      return s.endedTS ? t('status.explain.endedOn', { date: formatDate(s.endedTS) }) : t('status.explain.ended');
  }
}

/** Plans from the smallest to the largest licence: an upgrade moves right, a downgrade left. */
export const PLAN_ORDER: readonly PlanName[] = ['trial', 'start', 'advanced', 'professional', 'enterprise'];

export function planRank(plan: PlanName): number {
  return PLAN_ORDER.indexOf(plan);
}
