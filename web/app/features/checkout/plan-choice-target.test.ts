import { describe, expect, it } from 'vitest';
import type { Me, RegistrationStep, SubscriptionSummary } from '@cuewave/contract/account';
import { planChoiceTarget } from './plan-choice-target';

const account: Me['account'] = {
  id: 'a1',
  email: 'zofia@example.com',
  confirmedEmail: true,
  phone: '+48601234567',
  confirmedPhone: true,
  newsletter: false,
  mobileNotifications: false,
  rating: null,
  signupPlan: 'trial',
  signupPeriod: null,
  language: 'en',
  createTS: '2026-01-01T00:00:00Z',
};

function viewer(opts: {
  step?: RegistrationStep | null;
  subscription?: Pick<SubscriptionSummary, 'planType' | 'status'> | null;
  account?: Partial<Me['account']>;
  trialUsed?: boolean;
}): Me {
  const subscription = opts.subscription
    ? { id: 's1', payPeriod: null, nextPayTS: null, currency: null, ...opts.subscription }
    : null;
  const live = subscription !== null && subscription.status !== 'ended';
  return {
    account: { ...account, ...opts.account },
    subscription,
    access: { isRegisterComplete: live, isPendingPayment: false, isNoPlan: !live, isTrialUsed: opts.trialUsed },
    registrationStep: opts.step ?? null,
  };
}

describe('where a plan button on a price page leads (decision 051)', () => {
  it('a visitor signs up, the choice kept in the signup state', () => {
    expect(planChoiceTarget(null, 'advanced', 'year')).toEqual({ kind: 'signup', to: '/register/signup' });
  });

  it('a member on the trial saves the paid plan and goes to the billing details', () => {
    const onTrial = viewer({ subscription: { planType: 'trial', status: 'active' }, trialUsed: true });
    expect(planChoiceTarget(onTrial, 'start', 'month')).toEqual({
      kind: 'save',
      patch: { signupPlan: 'start', signupPeriod: 'month' },
      to: '/register/details',
    });
    const cancelledTrial = viewer({ subscription: { planType: 'trial', status: 'cancelled' }, trialUsed: true });
    expect(planChoiceTarget(cancelledTrial, 'professional', 'year')).toMatchObject({ to: '/register/details' });
    // Their own plan, and Enterprise (sold through the contact form), are not bought by card.
    expect(planChoiceTarget(onTrial, 'trial', 'year')).toEqual({ kind: 'go', to: '/dashboard/licenses' });
    expect(planChoiceTarget(onTrial, 'enterprise', 'year')).toEqual({ kind: 'go', to: '/enterprise' });
  });

  it('a former subscriber (back in the registration order) saves the plan and goes to the details', () => {
    const ended = viewer({ step: 'select-plan', trialUsed: true });
    expect(planChoiceTarget(ended, 'advanced', 'year')).toEqual({
      kind: 'save',
      patch: { signupPlan: 'advanced', signupPeriod: 'year' },
      to: '/register/details',
    });
  });

  it('someone half-way through registration keeps the plan and carries on at the forced step', () => {
    const unverified = viewer({
      step: 'verify-email',
      account: { confirmedEmail: false, phone: null, confirmedPhone: false, signupPlan: null },
    });
    expect(planChoiceTarget(unverified, 'advanced', 'month')).toEqual({
      kind: 'save',
      patch: { signupPlan: 'advanced', signupPeriod: 'month' },
      to: '/register/verify-email',
    });
    const noPhone = viewer({ step: 'select-plan', account: { phone: null, confirmedPhone: false, signupPlan: null } });
    expect(planChoiceTarget(noPhone, 'trial', 'year')).toEqual({
      kind: 'save',
      patch: { signupPlan: 'trial', signupPeriod: null },
      to: '/register/add-phone',
    });
  });

  it('a member with a running paid plan changes it on the subscription page', () => {
    for (const status of ['active', 'cancelled', 'payment', 'pending'] as const) {
      const paid = viewer({ subscription: { planType: 'advanced', status } });
      expect(planChoiceTarget(paid, 'professional', 'year'), status).toEqual({ kind: 'go', to: '/dashboard/licenses' });
    }
  });
});
