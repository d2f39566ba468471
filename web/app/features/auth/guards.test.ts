import type { Access, RegistrationStep } from '@cuewave/contract/account';
import { describe, expect, it } from 'vitest';
import { afterSignIn, guardDecision, safeReturnUrl, stepOfPath, type GuardViewer } from './guards';

const complete: Access = { isRegisterComplete: true, isPendingPayment: false, isNoPlan: false };
const incomplete: Access = { isRegisterComplete: false, isPendingPayment: false, isNoPlan: true };

const signedIn = (registrationStep: RegistrationStep | null, access?: Partial<Access>): GuardViewer => ({
  registrationStep,
  access: { ...(registrationStep ? incomplete : complete), ...access },
});
const done = signedIn(null);

describe('auth guard', () => {
  it('sends a visitor to login with the page as returnUrl', () => {
    expect(guardDecision('auth', '/c/playlists/favorites?x=1', null)).toBe(
      '/auth/login?returnUrl=%2Fc%2Fplaylists%2Ffavorites%3Fx%3D1',
    );
  });

  it('keeps the /us page in returnUrl', () => {
    expect(guardDecision('auth', '/us/licenses', null)).toBe('/auth/login?returnUrl=%2Fus%2Flicenses');
  });

  it('lets a signed-in user in, even mid-registration', () => {
    expect(guardDecision('auth', '/c/playlists/favorites', done)).toBeNull();
    expect(guardDecision('auth', '/c/playlists/favorites', signedIn('verify-email'))).toBeNull();
  });
});

describe('restricted guard (auth pages, sign-up)', () => {
  it('lets visitors in', () => {
    for (const path of ['/auth/login', '/auth/reset-password', '/auth/change-password?token=x', '/register/signup']) {
      expect(guardDecision('restricted', path, null), path).toBeNull();
    }
  });

  it('sends a complete registration home, keeping the edition', () => {
    expect(guardDecision('restricted', '/auth/login', done)).toBe('/');
    expect(guardDecision('restricted', '/us/register/signup', done)).toBe('/us');
  });

  it('sends an incomplete registration to its forced step', () => {
    expect(guardDecision('restricted', '/auth/login', signedIn('verify-phone'))).toBe('/register/verify-phone');
    expect(guardDecision('restricted', '/us/register/signup', signedIn('add-phone'))).toBe('/us/register/add-phone');
  });
});

describe('registration guard (/register)', () => {
  it('visitor → sign-up, incomplete → step, complete → home', () => {
    expect(guardDecision('registration', '/register', null)).toBe('/register/signup');
    expect(guardDecision('registration', '/us/register', null)).toBe('/us/register/signup');
    expect(guardDecision('registration', '/register', signedIn('select-plan'))).toBe('/register/select-plan');
    expect(guardDecision('registration', '/register', done)).toBe('/');
  });
});

describe('register step guard', () => {
  it('lets an emailed verification link through for anyone, signed in, out or complete', () => {
    const link = '/register/verify-email?token=abc';
    expect(guardDecision('register-step', link, null)).toBeNull();
    expect(guardDecision('register-step', link, signedIn('select-plan'))).toBeNull();
    expect(guardDecision('register-step', '/register/verify-email?token=', null)).toBe('/register/signup');
  });

  it('sends visitors to sign-up except from the public pages', () => {
    expect(guardDecision('register-step', '/register/verify-email', null)).toBe('/register/signup');
    expect(guardDecision('register-step', '/us/register/trial', null)).toBe('/us/register/signup');
    expect(guardDecision('register-step', '/register/welcome', null)).toBe('/register/signup');
    expect(guardDecision('register-step', '/register/welcome/ott', null)).toBe('/register/signup');
    expect(guardDecision('register-step', '/register/plans', null)).toBeNull();
    expect(guardDecision('register-step', '/us/register/plans', null)).toBeNull();
    expect(guardDecision('register-step', '/register/signup', null)).toBeNull();
  });

  it('sends a page ahead of the forced step back to it', () => {
    expect(guardDecision('register-step', '/register/select-plan', signedIn('verify-email'))).toBe(
      '/register/verify-email',
    );
    expect(guardDecision('register-step', '/register/trial', signedIn('add-phone'))).toBe('/register/add-phone');
    expect(guardDecision('register-step', '/us/register/details', signedIn('verify-phone'))).toBe(
      '/us/register/verify-phone',
    );
  });

  it('allows the forced step and the steps behind it', () => {
    expect(guardDecision('register-step', '/register/verify-phone', signedIn('verify-phone'))).toBeNull();
    expect(guardDecision('register-step', '/register/select-plan', signedIn('verify-phone'))).toBeNull();
    expect(guardDecision('register-step', '/register/add-phone', signedIn('trial'))).toBeNull();
    expect(guardDecision('register-step', '/register/verify-email', signedIn('details'))).toBeNull();
  });

  it('treats trial and details as alternatives: the plan decides', () => {
    expect(guardDecision('register-step', '/register/details', signedIn('trial'))).toBe('/register/trial');
    expect(guardDecision('register-step', '/register/trial', signedIn('details'))).toBe('/register/details');
    expect(guardDecision('register-step', '/register/trial', signedIn('trial'))).toBeNull();
  });

  it('sends a signed-in user away from sign-up to the forced step', () => {
    expect(guardDecision('register-step', '/register/signup', signedIn('select-plan'))).toBe('/register/select-plan');
  });

  it('keeps plans open during registration', () => {
    expect(guardDecision('register-step', '/register/plans', signedIn('verify-email'))).toBeNull();
  });

  it('sends a complete registration home, except welcome and the ott variant', () => {
    for (const path of ['/register/verify-email', '/register/trial', '/register/signup', '/register/plans']) {
      expect(guardDecision('register-step', path, done), path).toBe('/');
    }
    expect(guardDecision('register-step', '/us/register/details', done)).toBe('/us');
    expect(guardDecision('register-step', '/register/welcome', done)).toBeNull();
    expect(guardDecision('register-step', '/register/welcome/ott', done)).toBeNull();
  });

  it('lets a buyer whose first payment is unfinished back into the checkout, and nowhere else', () => {
    const pending = { registrationStep: null, access: { ...complete, isPendingPayment: true } };
    expect(guardDecision('register-step', '/register/billing', pending)).toBeNull();
    expect(guardDecision('register-step', '/us/register/details', pending)).toBeNull();
    expect(guardDecision('register-step', '/register/trial', pending)).toBe('/');
    expect(guardDecision('register-step', '/register/billing', done)).toBe('/');
  });

  it('opens the plan checkout to a member on the free trial, running or cancelled (decision 051)', () => {
    for (const status of ['active', 'cancelled'] as const) {
      const onTrial = { ...done!, subscription: { planType: 'trial' as const, status } };
      for (const path of ['/register/select-plan', '/register/details', '/register/billing', '/us/register/details']) {
        expect(guardDecision('register-step', path, onTrial), `${status} ${path}`).toBeNull();
      }
      expect(guardDecision('register-step', '/register/welcome', onTrial)).toBeNull();
      // The rest of the registration is done: those pages still go home.
      expect(guardDecision('register-step', '/register/trial', onTrial)).toBe('/');
      expect(guardDecision('register-step', '/register/add-phone', onTrial)).toBe('/');
    }
  });

  it('keeps a running paid plan out of the checkout: it changes plans in the dashboard', () => {
    for (const status of ['active', 'cancelled', 'payment'] as const) {
      const paid = { ...done!, subscription: { planType: 'advanced' as const, status } };
      expect(guardDecision('register-step', '/register/select-plan', paid), status).toBe('/');
      expect(guardDecision('register-step', '/register/details', paid), status).toBe('/');
      expect(guardDecision('register-step', '/register/billing', paid), status).toBe('/');
    }
  });

  it('sends a visitor opening the checkout (an emailed link) to log in and come back', () => {
    expect(guardDecision('register-step', '/register/select-plan', null)).toBe(
      '/auth/login?returnUrl=%2Fregister%2Fselect-plan',
    );
    expect(guardDecision('register-step', '/us/register/details', null)).toBe(
      '/auth/login?returnUrl=%2Fus%2Fregister%2Fdetails',
    );
    expect(guardDecision('register-step', '/register/billing', null)).toBe(
      '/auth/login?returnUrl=%2Fregister%2Fbilling',
    );
  });

  it('lets a former subscriber (plan ended: back in the registration order) choose and pay', () => {
    const ended = signedIn('select-plan', { isTrialUsed: true });
    expect(guardDecision('register-step', '/register/select-plan', ended)).toBeNull();
    const chosen = signedIn('details', { isTrialUsed: true });
    expect(guardDecision('register-step', '/register/details', chosen)).toBeNull();
    expect(guardDecision('register-step', '/register/billing', chosen)).toBeNull();
  });

  it('keeps welcome for the end: an incomplete registration goes to its step, except on the ott path', () => {
    expect(guardDecision('register-step', '/register/welcome', signedIn('details'))).toBe('/register/details');
    expect(guardDecision('register-step', '/register/welcome/ott', signedIn('details'))).toBeNull();
  });

  it('accepts a trailing slash', () => {
    expect(guardDecision('register-step', '/register/trial/', signedIn('verify-email'))).toBe('/register/verify-email');
  });
});

describe('dashboard guard', () => {
  it('sends visitors to login', () => {
    expect(guardDecision('dashboard', '/dashboard/account', null)).toBe('/auth/login?returnUrl=%2Fdashboard%2Faccount');
  });

  it('/dashboard is the overview, for subscribers and users without a plan alike', () => {
    expect(guardDecision('dashboard', '/dashboard', done)).toBeNull();
    expect(guardDecision('dashboard', '/dashboard/', done)).toBeNull();
    const noPlan = signedIn(null, { isNoPlan: true, isRegisterComplete: false });
    expect(guardDecision('dashboard', '/dashboard', noPlan)).toBeNull();
    expect(guardDecision('dashboard', '/dashboard', null)).toBe('/auth/login?returnUrl=%2Fdashboard');
  });

  it('limits a user with no plan to the allowed list', () => {
    const noPlan = signedIn(null, { isNoPlan: true, isRegisterComplete: false });
    expect(guardDecision('dashboard', '/dashboard/account', noPlan)).toBeNull();
    expect(guardDecision('dashboard', '/dashboard/licenses', noPlan)).toBeNull();
    expect(guardDecision('dashboard', '/dashboard/support', noPlan)).toBeNull();
    // Playlists are not a paid feature, and the download history holds the certificates of past licences.
    expect(guardDecision('dashboard', '/dashboard/playlists', noPlan)).toBeNull();
    expect(guardDecision('dashboard', '/dashboard/playlists/42', noPlan)).toBeNull();
    expect(guardDecision('dashboard', '/dashboard/downloads', noPlan)).toBeNull();
    expect(guardDecision('dashboard', '/dashboard/billing', noPlan)).toBe('/dashboard/licenses');
    // A path that merely starts like an allowed one is not on the list.
    expect(guardDecision('dashboard', '/dashboard/accounting', noPlan)).toBe('/dashboard/licenses');
  });

  it('lets a user with a plan anywhere in the dashboard', () => {
    expect(guardDecision('dashboard', '/dashboard/playlists', done)).toBeNull();
    expect(guardDecision('dashboard', '/dashboard/billing', done)).toBeNull();
  });
});

describe('stepOfPath', () => {
  it('names registration steps and nothing else', () => {
    expect(stepOfPath('/register/verify-email')).toBe('verify-email');
    expect(stepOfPath('/us/register/details')).toBe('details');
    expect(stepOfPath('/register/plans')).toBeNull();
    expect(stepOfPath('/register/welcome/ott')).toBeNull();
    expect(stepOfPath('/register')).toBeNull();
  });
});

describe('after sign-in', () => {
  it('goes to the forced step first, then returnUrl, then home', () => {
    expect(afterSignIn({ registrationStep: 'verify-email' }, '/dashboard/account')).toBe('/register/verify-email');
    // The ott variant of the welcome page is the exception: it offers the next step itself.
    expect(afterSignIn({ registrationStep: 'select-plan' }, '/register/welcome/ott')).toBe('/register/welcome/ott');
    expect(afterSignIn({ registrationStep: null }, '/us/register/welcome/ott', 'us')).toBe('/us/register/welcome/ott');
    expect(afterSignIn({ registrationStep: 'trial' }, null, 'us')).toBe('/us/register/trial');
    expect(afterSignIn({ registrationStep: null }, '/dashboard/account')).toBe('/dashboard/account');
    expect(afterSignIn({ registrationStep: null }, null)).toBe('/');
    expect(afterSignIn({ registrationStep: null }, null, 'us')).toBe('/us');
  });

  it('never follows a returnUrl off the site', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(safeReturnUrl(bad), bad).toBeNull();
      expect(afterSignIn({ registrationStep: null }, bad)).toBe('/');
    }
  });
});
