import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import { formatDate } from '../../lib/format';
import * as status from './status';

const { daysLeft, planRank } = status;
const t = getI18n().getFixedT('en', 'subscription');
const daysLeftText = (days: number | null) => status.daysLeftText(days, t);
const dateLabel = (s: Parameters<typeof status.dateLabel>[0]) => status.dateLabel(s, t);
const statusExplanation = (s: Parameters<typeof status.statusExplanation>[0]) =>
  status.statusExplanation(s, t, formatDate);

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

  it('words the count', () => {
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(12)).toBe('12 days left');
    expect(daysLeftText(0)).toBe('Ends today');
    expect(daysLeftText(null)).toBeNull();
  });
});

describe('status wording', () => {
  it('labels the date by what it means', () => {
    expect(dateLabel({ planType: 'trial', status: 'active' })).toBe('Trial ends');
    expect(dateLabel({ planType: 'advanced', status: 'active' })).toBe('Next payment');
    expect(dateLabel({ planType: 'advanced', status: 'cancelled' })).toBe('Access until');
    expect(dateLabel({ planType: 'advanced', status: 'ended' })).toBe('Ended on');
    expect(dateLabel({ planType: 'advanced', status: 'payment' })).toBe('Payment was due');
  });

  it('never shows the bare internal status word', () => {
    expect(status.statusLabel('payment', t)).toBe('Payment failed');
    expect(status.statusLabel('pending', t)).toBe('Payment pending');
  });

  it('explains each status with its date', () => {
    const base = { planType: 'advanced' as const, nextPayTS: '2025-04-05T10:00:00Z', endedTS: null };
    expect(statusExplanation({ ...base, status: 'active' })).toContain('Your plan renews automatically.');
    expect(statusExplanation({ ...base, status: 'cancelled' })).toContain('You keep full access until Apr 5, 2025');
    expect(statusExplanation({ ...base, planType: 'trial', status: 'active' })).toContain(
      'Your free trial runs until Apr 5, 2025',
    );
    expect(
      statusExplanation({ ...base, status: 'payment', retry: { attempts: 1, nextRetryTS: '2025-04-08T10:00:00Z' } }),
    ).toContain('We’ll try again on Apr 8, 2025');
    expect(statusExplanation({ ...base, status: 'payment', retry: null })).toContain('Update your card');
    expect(statusExplanation({ ...base, status: 'pending' })).toContain('Complete it to start your plan');
    expect(statusExplanation({ ...base, status: 'ended', endedTS: '2025-02-01T00:00:00Z' })).toBe(
      'Your plan ended on Feb 1, 2025.',
    );
  });

  it('orders the plans by licence size', () => {
    expect(planRank('start')).toBeLessThan(planRank('advanced'));
    expect(planRank('advanced')).toBeLessThan(planRank('professional'));
    expect(planRank('professional')).toBeLessThan(planRank('enterprise'));
  });
});
