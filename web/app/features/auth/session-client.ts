import { clearBrowserCookie, USER_TOKEN_COOKIE } from '../../lib/cookies';
import { localizedPath, editionOfPath } from '../shell/edition';
import { clearAccess } from './access-store';

/**
 * Browser-side session bookkeeping shared by sign-in, sign-out and the API client's "refresh
 * failed" path (spec §2 last bullet, §4 "Logout").
 */

/** Writing this localStorage key fires a storage event in every other tab, which then reloads. */
export const AUTH_STATE_KEY = 'authStateChanged';

/** The signup state of the registration flow (spec §3), kept in sessionStorage by features/registration. */
const SIGNUP_STORAGE_KEY = 'signup';

export function announceAuthChange(): void {
  try {
    window.localStorage.setItem(AUTH_STATE_KEY, String(Date.now()));
  } catch {
    // Blocked storage only costs the cross-tab reload.
  }
}

/** Clears every store the session left in this browser: the cookie, signup state and access flags. */
export function clearLocalSession(): void {
  clearBrowserCookie(USER_TOKEN_COOKIE);
  try {
    window.sessionStorage.removeItem(SIGNUP_STORAGE_KEY);
  } catch {
    // ignore blocked storage
  }
  clearAccess();
}

/** The home page of the edition the user is on. */
export function homePath(): string {
  return localizedPath('/', editionOfPath(window.location.pathname));
}

/**
 * Signs out in this browser without asking the API (the refresh already failed): clear the stores,
 * tell the other tabs, and go home with a full load so in-memory state (the player) is reset too.
 */
export function signOutLocally(): void {
  clearLocalSession();
  announceAuthChange();
  window.location.assign(homePath());
}
