import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodStartBefore, upgradeCredit } from './proration';

const d = (iso: string) => new Date(iso);

describe('periodStartBefore', () => {
  it('goes back one calendar month or year in UTC, clamping to the month end', () => {
    expect(periodStartBefore(d('2026-05-15T10:00:00Z'), 'month')).toEqual(d('2026-04-15T10:00:00Z'));
    expect(periodStartBefore(d('2026-03-31T08:30:00Z'), 'month')).toEqual(d('2026-02-28T08:30:00Z'));
    expect(periodStartBefore(d('2028-03-31T00:00:00Z'), 'month')).toEqual(d('2028-02-29T00:00:00Z'));
    expect(periodStartBefore(d('2026-01-10T00:00:00Z'), 'month')).toEqual(d('2025-12-10T00:00:00Z'));
    expect(periodStartBefore(d('2026-06-01T00:00:00Z'), 'year')).toEqual(d('2025-06-01T00:00:00Z'));
    expect(periodStartBefore(d('2029-02-28T00:00:00Z'), 'year')).toEqual(d('2028-02-28T00:00:00Z'));
  });
});

describe('upgradeCredit', () => {
  const periodStart = d('2026-01-01T00:00:00Z');
  const periodEnd = d('2027-01-01T00:00:00Z'); // 365 days

  it('credits the unused share of the period by whole seconds, rounded down', () => {
    expect(upgradeCredit({ paid: 36500, periodStart, periodEnd, now: periodStart })).toBe(36500);
    expect(upgradeCredit({ paid: 36500, periodStart, periodEnd, now: d('2026-07-02T12:00:00Z') })).toBe(18250);
    // 1 day left of 365: 100 × 1/365 = 0.27 -> 0
    expect(upgradeCredit({ paid: 100, periodStart, periodEnd, now: d('2026-12-31T00:00:00Z') })).toBe(0);
    // a part of a second does not count
    expect(upgradeCredit({ paid: 31_536_000, periodStart, periodEnd, now: d('2026-12-31T23:59:58.500Z') })).toBe(1);
  });

  it('is 0 after the period and the whole amount before it; never negative', () => {
    expect(upgradeCredit({ paid: 999, periodStart, periodEnd, now: periodEnd })).toBe(0);
    expect(upgradeCredit({ paid: 999, periodStart, periodEnd, now: d('2030-01-01T00:00:00Z') })).toBe(0);
    expect(upgradeCredit({ paid: 999, periodStart, periodEnd, now: d('2020-01-01T00:00:00Z') })).toBe(999);
    expect(upgradeCredit({ paid: 999, periodStart: periodEnd, periodEnd: periodStart, now: periodStart })).toBe(0);
    expect(() => upgradeCredit({ paid: 9.99, periodStart, periodEnd, now: periodStart })).toThrow(RangeError);
  });

  it('property: the credit is a whole amount from 0 to what was paid, shrinking as time passes', () => {
    const start = periodStart.getTime();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 400 * 86_400_000 }),
        fc.integer({ min: -86_400_000, max: 500 * 86_400_000 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        (paid, length, offset, later) => {
          const end = new Date(start + length);
          const at = (ms: number) => upgradeCredit({ paid, periodStart, periodEnd: end, now: new Date(start + ms) });
          const credit = at(offset);
          expect(Number.isSafeInteger(credit)).toBe(true);
          expect(credit).toBeGreaterThanOrEqual(0);
          expect(credit).toBeLessThanOrEqual(paid);
          expect(at(offset + later)).toBeLessThanOrEqual(credit);
        },
      ),
    );
  });
});
