import type { SubscriptionSummary } from '@cuewave/contract/account';
import { describe, expect, it } from 'vitest';
import { bannerFor } from './banner-rule';

const now = Date.parse('2025-03-01T12:00:00Z');
const sub = (over: Partial<SubscriptionSummary>): SubscriptionSummary => ({
  id: 's1',
  planType: 'advanced',
  status: 'active',
  payPeriod: 'monthly',
  nextPayTS: '2025-03-11T12:00:00Z',
  currency: 'eur',
  ...over,
});

describe('subscription banner', () => {
  it('says nothing for an active paid plan, an ended one or no subscription', () => {
    expect(bannerFor(sub({}), '/', now)).toBeNull();
    expect(bannerFor(sub({ status: 'ended' }), '/', now)).toBeNull();
    expect(bannerFor(null, '/', now)).toBeNull();
  });

  it('counts the trial days down', () => {
    expect(bannerFor(sub({ planType: 'trial', payPeriod: null }), '/c/genres', now)).toEqual({
      kind: 'trial',
      daysLeft: 10,
      endsTS: '2025-03-11T12:00:00Z',
    });
  });

  it('asks for action on a failed renewal, a pending first payment and a cancelled plan', () => {
    expect(bannerFor(sub({ status: 'payment' }), '/', now)).toEqual({ kind: 'payment' });
    expect(bannerFor(sub({ status: 'pending' }), '/', now)).toEqual({ kind: 'pending' });
    expect(bannerFor(sub({ status: 'cancelled' }), '/', now)).toEqual({
      kind: 'cancelled',
      plan: 'advanced',
      endsTS: '2025-03-11T12:00:00Z',
    });
  });

  it('is hidden on register paths and on any path containing dashboard', () => {
    const trial = sub({ planType: 'trial' });
    expect(bannerFor(trial, '/register/welcome', now)).toBeNull();
    expect(bannerFor(trial, '/us/register/billing', now)).toBeNull();
    expect(bannerFor(trial, '/dashboard', now)).toBeNull();
    expect(bannerFor(trial, '/dashboard/account', now)).toBeNull();
    expect(bannerFor(trial, '/us/licenses', now)).not.toBeNull();
  });
});
