import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import {
  clearSignup,
  parseSignup,
  readSignup,
  setSignup,
  setSignupField,
  SIGNUP_DEFAULTS,
  SIGNUP_STORAGE_KEY,
  updateSignup,
  useSignup,
} from './signup-store';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const stored = () => JSON.parse(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY) ?? 'null');

describe('signup store (spec §3)', () => {
  it('defaults to the professional plan billed yearly, with nothing chosen', () => {
    expect(readSignup()).toEqual({
      plan: 'professional',
      billingType: 'yearly',
      signupPlan: null,
      signupPlanPeriod: null,
      signupCurrency: null,
      signupPrice: null,
      hasCoupon: false,
      coupon: null,
    });
    expect(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY)).toBeNull();
  });

  it('is set from an object into session storage under "signup", missing fields taking defaults', () => {
    updateSignup({ coupon: 'OLD', hasCoupon: true });
    setSignup({ plan: 'advanced', signupPlan: 'advanced', signupPlanPeriod: 'month', billingType: 'monthly' });
    expect(stored()).toMatchObject({ plan: 'advanced', signupPlan: 'advanced', signupPlanPeriod: 'month' });
    // Setting from an object replaces the state: the earlier coupon is gone.
    expect(readSignup().coupon).toBeNull();
    expect(readSignup().hasCoupon).toBe(false);
  });

  it('changes single fields and keeps the others', () => {
    setSignup({ plan: 'start', signupPlan: 'start' });
    setSignupField('coupon', 'SPRING');
    updateSignup({ hasCoupon: true, signupCurrency: 'eur', signupPrice: 1299 });
    expect(readSignup()).toMatchObject({
      plan: 'start',
      signupPlan: 'start',
      coupon: 'SPRING',
      hasCoupon: true,
      signupCurrency: 'eur',
      signupPrice: 1299,
    });
  });

  it('clears back to the defaults', () => {
    setSignup({ plan: 'enterprise', signupPlan: 'enterprise' });
    clearSignup();
    expect(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY)).toBeNull();
    expect(readSignup()).toEqual(SIGNUP_DEFAULTS);
  });

  it('ignores corrupt storage and invalid fields, keeping the valid ones', () => {
    expect(parseSignup('{not json')).toEqual(SIGNUP_DEFAULTS);
    expect(parseSignup('"a string"')).toEqual(SIGNUP_DEFAULTS);
    const mixed = parseSignup(
      JSON.stringify({
        plan: 'platinum',
        billingType: 'weekly',
        signupPlan: 'trial',
        signupPlanPeriod: 'decade',
        signupPrice: -5,
        hasCoupon: 'yes',
        coupon: 'X',
      }),
    );
    expect(mixed).toEqual({ ...SIGNUP_DEFAULTS, signupPlan: 'trial', coupon: 'X' });
    expect(setSignup({ plan: 'nope' as never }).plan).toBe('professional');
  });

  it('useSignup re-renders when the state changes', () => {
    function Probe() {
      const signup = useSignup();
      return <p data-testid="probe">{`${signup.signupPlan ?? 'none'} ${signup.billingType}`}</p>;
    }
    render(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('none yearly');
    act(() => {
      updateSignup({ signupPlan: 'advanced', billingType: 'monthly' });
    });
    expect(screen.getByTestId('probe').textContent).toBe('advanced monthly');
    act(() => clearSignup());
    expect(screen.getByTestId('probe').textContent).toBe('none yearly');
  });
});
