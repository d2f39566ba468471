import { stripEdition } from '../shell/paths';
import { isRegisterPath } from './registration-paths';

export type LeaveCheck = {
  /** Path being left. */
  from: string;
  /** Path being opened. */
  to: string;
  /** A user is signed in. */
  signedIn: boolean;
  /** Their registration is complete (no forced step left). */
  registrationComplete: boolean;
};

/**
 * Whether leaving `from` for `to` asks "Leave registration?" first (spec §2 Navigation rules):
 * only for a signed-in user whose registration is incomplete, leaving the register pages for a
 * non-register page; never on the way to log in, nor from trial or details to home. Moving between
 * register pages (backwards included) never asks: the step guard decides what is reachable.
 */
export function shouldConfirmLeave({ from, to, signedIn, registrationComplete }: LeaveCheck): boolean {
  if (!signedIn || registrationComplete) return false;
  if (!isRegisterPath(from) || isRegisterPath(to)) return false;
  const target = normalise(to);
  if (target === '/auth/login') return false;
  const source = normalise(from);
  if (target === '/' && (source === '/register/trial' || source === '/register/details')) return false;
  return true;
}

function normalise(pathname: string): string {
  const path = stripEdition(pathname.split(/[?#]/)[0] ?? '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
