import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { getI18n } from 'react-i18next';
import type { RegistrationT } from './plans';
import { keepChosenPlan, signupCopy, signupPatch } from './signup-plan';

const en = () => getI18n().getFixedT('en', 'registration') as RegistrationT;

describe('the plan chosen before sign-up (decision 051)', () => {
  it('is saved on the new account, so another tab or device reading the account keeps it', async () => {
    const send = vi.fn().mockResolvedValue({});
    const saved = await keepChosenPlan(
      { signupPlan: 'advanced', signupPlanPeriod: 'month', billingType: 'yearly' },
      send,
    );
    expect(saved).toBe(true);
    expect(send).toHaveBeenCalledWith('POST', '/v1/account', {
      json: { signupPlan: 'advanced', signupPeriod: 'month' },
    });
  });

  it('sends nothing when nothing was chosen, and survives a failed save', async () => {
    const send = vi.fn().mockRejectedValue(new ApiError(500, { error: 'INTERNAL', message: 'x' }));
    expect(await keepChosenPlan({ signupPlan: null, signupPlanPeriod: null, billingType: 'yearly' }, send)).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(await keepChosenPlan({ signupPlan: 'start', signupPlanPeriod: null, billingType: 'monthly' }, send)).toBe(
      false,
    );
    expect(send).toHaveBeenCalledWith('POST', '/v1/account', { json: { signupPlan: 'start', signupPeriod: 'month' } });
  });

  it('keeps the trial without a period', () => {
    expect(signupPatch({ signupPlan: 'trial', signupPlanPeriod: 'year', billingType: 'yearly' })).toEqual({
      signupPlan: 'trial',
      signupPeriod: null,
    });
  });

  it('the sign-up copy follows the choice: “no card needed” only for the trial', () => {
    expect(signupCopy(null, en()).lead).toContain('No card needed today');
    expect(signupCopy('trial', en()).title).toBe('Start your 30-day free trial');
    for (const plan of ['start', 'advanced', 'professional'] as const) {
      const copy = signupCopy(plan, en());
      expect(copy.lead, plan).not.toMatch(/no card/i);
      expect(copy.title).not.toMatch(/free trial/i);
    }
    expect(signupCopy('advanced', en()).title).toBe('Create your account for Advanced');
    expect(signupCopy('advanced', en()).lead).toContain('pay by card for your Advanced plan');
    expect(signupCopy('enterprise', en()).lead).not.toMatch(/no card/i);
  });
});
