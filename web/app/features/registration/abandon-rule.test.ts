import { describe, expect, it } from 'vitest';
import { shouldConfirmLeave } from './abandon-rule';

const midFlow = { signedIn: true, registrationComplete: false };

describe('abandon-registration rule (spec §2)', () => {
  it('asks a signed-in user with an incomplete registration who leaves for another page', () => {
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/add-phone', to: '/c/genres' })).toBe(true);
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/verify-email', to: '/' })).toBe(true);
    expect(shouldConfirmLeave({ ...midFlow, from: '/us/register/select-plan', to: '/us' })).toBe(true);
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/verify-phone', to: '/dashboard/account' })).toBe(true);
    // A prefix that only looks like a register path is still another page.
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/trial', to: '/registered' })).toBe(true);
  });

  it('lets visitors and finished registrations go anywhere', () => {
    expect(
      shouldConfirmLeave({ signedIn: false, registrationComplete: false, from: '/register/signup', to: '/' }),
    ).toBe(false);
    expect(
      shouldConfirmLeave({ signedIn: true, registrationComplete: true, from: '/register/welcome', to: '/c/genres' }),
    ).toBe(false);
  });

  it('never asks between register pages, backwards or forwards', () => {
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/add-phone', to: '/register/select-plan' })).toBe(false);
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/select-plan', to: '/register/add-phone' })).toBe(false);
    expect(shouldConfirmLeave({ ...midFlow, from: '/us/register/trial', to: '/register' })).toBe(false);
  });

  it('does not ask on the way to log in', () => {
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/verify-email', to: '/auth/login' })).toBe(false);
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/verify-email', to: '/auth/login/' })).toBe(false);
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/verify-email', to: '/auth/reset-password' })).toBe(true);
  });

  it('does not ask from trial or details to home, but does from other steps', () => {
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/trial', to: '/' })).toBe(false);
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/details', to: '/' })).toBe(false);
    expect(shouldConfirmLeave({ ...midFlow, from: '/us/register/trial', to: '/us' })).toBe(false);
    expect(shouldConfirmLeave({ ...midFlow, from: '/us/register/details', to: '/us/' })).toBe(false);
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/trial', to: '/c/genres' })).toBe(true);
    expect(shouldConfirmLeave({ ...midFlow, from: '/register/add-phone', to: '/' })).toBe(true);
  });

  it('only applies to leaving register pages', () => {
    expect(shouldConfirmLeave({ ...midFlow, from: '/c/genres', to: '/' })).toBe(false);
  });
});
