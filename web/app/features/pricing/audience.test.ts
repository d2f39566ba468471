import { describe, expect, it } from 'vitest';
import type { Me, PlanName } from '@cuewave/contract/account';
import { getI18n } from 'react-i18next';
import { audienceOf, memberActionLabel as labelOf } from './audience';

const memberActionLabel = (current: PlanName | null, plan: PlanName, title: string) =>
  labelOf(getI18n().getFixedT('en', 'pricing'), current, plan, title);

function me(patch: Partial<Me>): Me {
  return {
    account: {} as Me['account'],
    subscription: null,
    access: { isRegisterComplete: true, isPendingPayment: false, isNoPlan: false },
    registrationStep: null,
    ...patch,
  };
}

const subscription = (planType: 'start' | 'professional', status: 'active' | 'ended' = 'active') => ({
  id: 's1',
  planType,
  status,
  payPeriod: 'monthly' as const,
  nextPayTS: null,
  currency: 'usd',
});

describe('who is looking at the prices', () => {
  it('a visitor, a user mid-registration, a member with or without a live plan', () => {
    expect(audienceOf(null)).toEqual({ kind: 'visitor' });
    expect(audienceOf(me({ registrationStep: 'verify-email' }))).toEqual({ kind: 'registering' });
    expect(audienceOf(me({ subscription: subscription('professional') }))).toEqual({
      kind: 'member',
      currentPlan: 'professional',
    });
    expect(audienceOf(me({ subscription: subscription('start', 'ended') }))).toEqual({
      kind: 'member',
      currentPlan: null,
    });
  });

  it("labels a member's buttons by the direction of the change", () => {
    expect(memberActionLabel('advanced', 'professional', 'Professional')).toBe('Upgrade to Professional');
    expect(memberActionLabel('advanced', 'start', 'Start')).toBe('Switch to Start');
    expect(memberActionLabel('advanced', 'advanced', 'Advanced')).toBe('Manage your plan');
    expect(memberActionLabel('trial', 'start', 'Start')).toBe('Upgrade to Start');
    expect(memberActionLabel(null, 'start', 'Start')).toBe('Choose Start');
  });
});
