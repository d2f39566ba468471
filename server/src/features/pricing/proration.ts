import type { BillingPeriod } from '@cuewave/contract/account';
import { assertMinor, mulDivFloor } from './money';

/**
 * Start of the billing period that ends at `end`: one calendar month or year earlier, in UTC. A day
 * the earlier month lacks is clamped to its last day (31 March -> 28/29 February).
 */
export function periodStartBefore(end: Date, period: BillingPeriod): Date {
  const year = end.getUTCFullYear() - (period === 'year' ? 1 : 0);
  const month = end.getUTCMonth() - (period === 'month' ? 1 : 0);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(end.getUTCDate(), lastDay),
      end.getUTCHours(),
      end.getUTCMinutes(),
      end.getUTCSeconds(),
      end.getUTCMilliseconds(),
    ),
  );
}

/**
 * Credit for the unused part of a paid period (decision 041): paid × whole seconds remaining ÷ whole
 * seconds in the period, rounded down so the credit never exceeds what was paid. 0 once the period
 * is over; the whole amount before it started.
 */
export function upgradeCredit(input: { paid: number; periodStart: Date; periodEnd: Date; now: Date }): number {
  assertMinor(input.paid, 'paid');
  const length = Math.floor((input.periodEnd.getTime() - input.periodStart.getTime()) / 1000);
  if (length <= 0) return 0;
  const remaining = Math.floor((input.periodEnd.getTime() - input.now.getTime()) / 1000);
  return mulDivFloor(input.paid, Math.min(Math.max(remaining, 0), length), length);
}
