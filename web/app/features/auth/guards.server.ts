import type { Me } from '@cuewave/contract/account';
import { redirect } from 'react-router';
import { guardDecision, type GuardKind } from './guards';
import { loadSession } from './session.server';

/**
 * Route guards for loaders (decision 031). Each loads the viewer (shared with the root loader for
 * the same request), throws a redirect that carries any refreshed session cookies, or returns the
 * viewer. An unreachable API answers 503 rather than pretending the visitor is signed out.
 */
async function guard(kind: GuardKind, request: Request): Promise<Me | null> {
  const session = await loadSession(request);
  if (session.unavailable && kind !== 'restricted') {
    throw new Response('The service is unavailable. Please try again in a moment.', { status: 503 });
  }
  const target = guardDecision(kind, new URL(request.url), session.me);
  if (target) throw redirect(target, { headers: new Headers(session.headers) });
  return session.me;
}

/** A signed-in user is required; visitors go to /auth/login?returnUrl=… */
export const guardAuth = (request: Request) => guard('auth', request) as Promise<Me>;

/** Auth pages and /register/signup: signed-in users go to their forced step, or home once complete. */
export const guardRestricted = (request: Request) => guard('restricted', request);

/** /register: visitors to sign-up, signed-in users to their step, complete registrations home. */
export const guardRegistrationIndex = (request: Request) => guard('registration', request);

/** Register layout: the registration order with its forward and backward rules. */
export const guardRegisterStep = (request: Request) => guard('register-step', request);

/** Dashboard layout: auth, then the no-plan allowed list (the /dashboard overview is open to all). */
export const guardDashboard = (request: Request) => guard('dashboard', request) as Promise<Me>;
