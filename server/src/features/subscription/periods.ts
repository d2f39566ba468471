import type { BillingPeriod } from '@cuewave/contract/account';
import { RENEWAL_RETRY_DAYS } from '@cuewave/contract/subscription';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The end of a billing period that starts at `start`: one calendar month or year later, in UTC (the
 * inverse of pricing's periodStartBefore). A day the later month lacks is clamped to its last day
 * (31 January -> 28/29 February).
 */
export function addPeriod(start: Date, period: BillingPeriod): Date {
  const year = start.getUTCFullYear() + (period === 'year' ? 1 : 0);
  const month = start.getUTCMonth() + (period === 'month' ? 1 : 0);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/**
 * When a failed renewal is tried again: the first of due + RENEWAL_RETRY_DAYS that is after `now`;
 * null once the last one has passed (the subscription ends). Counted from the due date, not from
 * the attempts, so a failed "renew" click by the user does not use up a retry.
 */
export function nextRetryAt(due: Date, now: Date): Date | null {
  for (const days of RENEWAL_RETRY_DAYS) {
    const at = new Date(due.getTime() + days * DAY_MS);
    if (at > now) return at;
  }
  return null;
}

/** The idempotency key of renewal attempt `attempt` (0 = the first charge) for the period due at `due`. */
export function renewalKey(subscriptionId: string, due: Date, attempt: number): string {
  const base = `renew:${subscriptionId}:${due.toISOString()}`;
  return attempt === 0 ? base : `${base}:${attempt}`;
}

/** The idempotency key of a new subscription's or an upgrade's charge, attempt `attempt`. */
export function chargeKey(subscriptionId: string, attempt: number): string {
  return `sub:${subscriptionId}:${attempt}`;
}
