import { describe, expect, it } from 'vitest';
import { dateLabel, daysLeft, daysLeftText } from './subscription-status';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('subscription days left', () => {
  it('counts whole days up to nextPayTS, the last partial day included', () => {
    expect(daysLeft('2025-03-31T12:00:00Z', now)).toBe(30);
    expect(daysLeft('2025-03-31T13:00:00Z', now)).toBe(31);
    expect(daysLeft('2025-03-01T18:00:00Z', now)).toBe(1);
  });

  it('never goes below zero and has no answer without a valid date', () => {
    expect(daysLeft('2025-02-01T00:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBeNull();
    expect(daysLeft('not a date', now)).toBeNull();
  });

  it('words the count and the date', () => {
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(12)).toBe('12 days left');
    expect(daysLeftText(0)).toBe('Ends today');
    expect(daysLeftText(null)).toBeNull();
    expect(dateLabel({ planType: 'trial', status: 'active' })).toBe('Trial ends');
    expect(dateLabel({ planType: 'advanced', status: 'active' })).toBe('Next payment');
    expect(dateLabel({ planType: 'advanced', status: 'cancelled' })).toBe('Access until');
  });
});
