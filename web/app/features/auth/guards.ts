import type { Access, RegistrationStep, SubscriptionSummary } from '@cuewave/contract/account';
import { registrationSteps } from '@cuewave/contract/account-rules';
import { stepIndex } from '@cuewave/contract/registration';
import { editionOfPath, localizedPath } from '../shell/edition';
import { stripEdition } from '../shell/paths';

/**
 * The route guards of spec §2 / §4 as pure decisions (decision 031, "Registration order and
 * guards"). Each answers where to send the viewer, or null to let the page render. Paths may carry
 * the /us prefix; targets keep the edition (localizedPath adds /us only where a US variant exists).
 */

/** What the guards need to know about the viewer (a subset of Me). */
export type GuardViewer = {
  registrationStep: RegistrationStep | null;
  access: Access;
  subscription?: Pick<SubscriptionSummary, 'planType' | 'status'> | null;
} | null;

export type GuardKind = 'auth' | 'restricted' | 'registration' | 'register-step' | 'dashboard';

export const LOGIN_PATH = '/auth/login';
export const SIGNUP_PATH = '/register/signup';
export const HOME_PATH = '/';
export const NO_PLAN_HOME = '/dashboard/licenses';

/**
 * Dashboard pages a user without a plan may open: finish paying or pick a plan (licenses), manage
 * the account, get help (decision 031), keep playlists and reach past downloads. Everything else in the
 * dashboard goes to /dashboard/licenses.
 */
export const NO_PLAN_ALLOWED = [
  '/dashboard/account',
  '/dashboard/licenses',
  '/dashboard/support',
  // Favourites and playlists are not a paid feature (spec §1); downloads keep their certificates, the proof of
  // a licence that outlives the plan.
  '/dashboard/playlists',
  '/dashboard/downloads',
];

/** Register pages anyone may see, signed in or not. */
const PUBLIC_REGISTER_PAGES = ['/register/plans', '/register/signup'];
/** Where a buyer whose first payment did not go through can finish it. */
const PENDING_PAYMENT_PAGES = ['/register/details', '/register/billing'];
/**
 * The checkout of a finished registration without a paid plan (decision 051): choose a plan, billing
 * details, card and 3-D Secure. Ended and never-started subscriptions are back in the registration
 * order (registrationStepFor), which leads through the same pages.
 */
export const PLAN_CHECKOUT_PAGES = ['/register/select-plan', '/register/details', '/register/billing'];

/**
 * A signed-in user whose registration is finished but who has no paid plan: on the free trial (running,
 * or cancelled and running out). They buy a plan through the register checkout pages.
 */
export function buysFirstPlan(viewer: GuardViewer): boolean {
  return Boolean(viewer && viewer.registrationStep === null && viewer.subscription?.planType === 'trial');
}

export function guardDecision(kind: GuardKind, url: URL | string, viewer: GuardViewer): string | null {
  const { pathname, search } = typeof url === 'string' ? new URL(url, 'http://local') : url;
  const path = trimSlash(stripEdition(pathname));
  const to = (target: string) => localizedPath(target, editionOfPath(pathname));
  const stepPath = (step: RegistrationStep) => to(`/register/${step}`);

  switch (kind) {
    case 'auth':
      return viewer ? null : loginWithReturn(pathname + search);

    case 'restricted':
      // Auth pages and sign-up are for people who are not (fully) signed in.
      if (!viewer) return null;
      return viewer.registrationStep ? stepPath(viewer.registrationStep) : to(HOME_PATH);

    case 'registration':
      if (!viewer) return to(SIGNUP_PATH);
      return viewer.registrationStep ? stepPath(viewer.registrationStep) : to(HOME_PATH);

    case 'register-step':
      // An emailed verification link (/register/verify-email?token=…) must work in any browser, signed
      // in or not, and after registration (a changed email): the page checks the token itself.
      if (path === '/register/verify-email' && new URLSearchParams(search).get('token')) return null;
      return registerStepDecision(path, viewer, to, stepPath, () => loginWithReturn(pathname + search));

    case 'dashboard': {
      if (!viewer) return loginWithReturn(pathname + search);
      // /dashboard is the overview (decision 053); without a plan it shows how to choose one.
      if (path === '/dashboard') return null;
      if (viewer.access.isNoPlan && !NO_PLAN_ALLOWED.some((allowed) => isUnder(path, allowed))) return NO_PLAN_HOME;
      return null;
    }
  }
}

function registerStepDecision(
  path: string,
  viewer: GuardViewer,
  to: (target: string) => string,
  stepPath: (step: RegistrationStep) => string,
  login: () => string,
): string | null {
  if (path === '/register/welcome/ott') return viewer ? null : to(SIGNUP_PATH);

  if (!viewer) {
    if (PUBLIC_REGISTER_PAGES.includes(path)) return null;
    // The checkout pages are linked from emails (the trial ending): that reader has an account.
    if (PLAN_CHECKOUT_PAGES.includes(path)) return login();
    return to(SIGNUP_PATH);
  }

  const forced = viewer.registrationStep;
  if (!forced) {
    // A completed registration has nothing left to do here but the welcome page, and the checkout
    // while its first payment is unfinished (a declined card, an abandoned 3-D Secure step).
    if (viewer.access.isPendingPayment && PENDING_PAYMENT_PAGES.includes(path)) return null;
    if (buysFirstPlan(viewer) && PLAN_CHECKOUT_PAGES.includes(path)) return null;
    return path === '/register/welcome' ? null : to(HOME_PATH);
  }
  if (path === '/register/signup') return stepPath(forced);
  if (path === '/register/plans') return null;
  if (path === '/register/welcome') return stepPath(forced);

  const page = stepOfPath(path);
  if (!page) return null;
  // trial and details are the two ends of the same last step: the plan decides which one applies.
  const last = (step: RegistrationStep) => step === 'trial' || step === 'details';
  if (last(page) && last(forced)) return page === forced ? null : stepPath(forced);
  // Ahead of the forced step: back to it. Behind it: allowed (the backwards guard lets a user revisit).
  return stepIndex(page) > stepIndex(forced) ? stepPath(forced) : null;
}

/** The registration step a /register/<step> path shows, if it is one. */
export function stepOfPath(path: string): RegistrationStep | null {
  const match = /^\/register\/([^/]+)$/.exec(trimSlash(stripEdition(path)));
  const step = match?.[1];
  return step && (registrationSteps as readonly string[]).includes(step) ? (step as RegistrationStep) : null;
}

/**
 * Where the viewer goes after signing in (spec §4 "Login"): the forced step, else returnUrl, else
 * home. The welcome page's ott variant is the one exception (spec §4): a one-time link that asks for
 * it lands there, and that page offers the next step itself.
 */
export function afterSignIn(
  viewer: { registrationStep: RegistrationStep | null },
  returnUrl: string | null,
  edition: 'us' | 'eu' = 'eu',
): string {
  const welcomeOtt = localizedPath('/register/welcome/ott', edition);
  if (safeReturnUrl(returnUrl) === welcomeOtt) return welcomeOtt;
  if (viewer.registrationStep) return localizedPath(`/register/${viewer.registrationStep}`, edition);
  return safeReturnUrl(returnUrl) ?? localizedPath(HOME_PATH, edition);
}

/** Only same-site paths are followed after sign-in (no //host or scheme: open redirects). */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

function loginWithReturn(returnUrl: string): string {
  return `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(base + '/');
}
