import type { SubscriptionSummary } from '@cuewave/contract/account';

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

export const STATUS_LABELS: Record<SubscriptionSummary['status'], string> = {
  active: 'Active',
  payment: 'Payment due',
  pending: 'Payment pending',
  cancelled: 'Cancelled',
  ended: 'Ended',
};

/** What the date of a subscription means for the person reading it. */
export function dateLabel(subscription: Pick<SubscriptionSummary, 'planType' | 'status'>): string {
  if (subscription.status === 'ended') return 'Ended on';
  if (subscription.status === 'cancelled') return 'Access until';
  if (subscription.planType === 'trial') return 'Trial ends';
  return 'Next payment';
}

export function daysLeftText(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return 'Ends today';
  return `${days} day${days === 1 ? '' : 's'} left`;
}
