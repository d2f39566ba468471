import { describe, expect, it } from 'vitest';
import { accessFor, registrationStepFor } from './registration';

const fresh = { confirmedEmail: false, phone: null, confirmedPhone: false, signupPlan: null };

describe('registration order', () => {
  it('forces email verification before anything else', () => {
    expect(registrationStepFor({ ...fresh, signupPlan: 'trial', phone: '+48601234567' }, null)).toBe('verify-email');
  });
  it('asks for a plan once the email is confirmed', () => {
    expect(registrationStepFor({ ...fresh, confirmedEmail: true }, null)).toBe('select-plan');
  });
  it('asks for a phone once a plan is chosen, then its code', () => {
    const chosen = { ...fresh, confirmedEmail: true, signupPlan: 'advanced' as const };
    expect(registrationStepFor(chosen, null)).toBe('add-phone');
    expect(registrationStepFor({ ...chosen, phone: '+48601234567' }, null)).toBe('verify-phone');
  });
  it('ends at trial for the trial plan and at details for a paid plan', () => {
    const verified = { confirmedEmail: true, phone: '+48601234567', confirmedPhone: true };
    expect(registrationStepFor({ ...verified, signupPlan: 'trial' }, null)).toBe('trial');
    expect(registrationStepFor({ ...verified, signupPlan: 'professional' }, null)).toBe('details');
  });
  it('sends an account whose trial was used back to choosing a paid plan, not to the trial again', () => {
    const verified = { confirmedEmail: true, phone: '+48601234567', confirmedPhone: true };
    expect(registrationStepFor({ ...verified, signupPlan: 'trial' }, { status: 'ended' }, true)).toBe('select-plan');
    expect(registrationStepFor({ ...verified, signupPlan: 'trial' }, null, true)).toBe('select-plan');
    expect(registrationStepFor({ ...verified, signupPlan: 'start' }, { status: 'ended' }, true)).toBe('details');
    expect(registrationStepFor({ ...fresh, signupPlan: 'trial' }, null, true)).toBe('verify-email');
  });
  it('is complete with a live subscription and open again once it ended', () => {
    expect(registrationStepFor(fresh, { status: 'active' })).toBeNull();
    expect(registrationStepFor(fresh, { status: 'payment' })).toBeNull();
    expect(registrationStepFor(fresh, { status: 'ended' })).toBe('verify-email');
  });
  it('derives the access flags from the subscription', () => {
    expect(accessFor(null)).toEqual({
      isRegisterComplete: false,
      isPendingPayment: false,
      isNoPlan: true,
      isTrialUsed: false,
    });
    expect(accessFor({ status: 'payment' })).toEqual({
      isRegisterComplete: true,
      isPendingPayment: true,
      isNoPlan: false,
      isTrialUsed: false,
    });
    expect(accessFor({ status: 'pending' }, true)).toMatchObject({ isPendingPayment: true, isTrialUsed: true });
    expect(accessFor({ status: 'ended' }, true)).toMatchObject({ isNoPlan: true, isTrialUsed: true });
  });
});
