import { useMemo } from 'react';
import type { Me, TokenResponse } from '@cuewave/contract/account';
import { apiGet, apiSend } from '../../lib/api';
import { readCookie, serializeCookie, USER_TOKEN_COOKIE, USER_TOKEN_MAX_AGE_DAYS } from '../../lib/cookies';
import { writeAccess } from './access-store';
import { announceAuthChange, clearLocalSession, homePath } from './session-client';

export type Auth = {
  /** Password grant; rejects with ApiError ('wrong credentials or client not found', 'recaptcha error', 429 …). */
  signIn(email: string, password: string, captcha?: string): Promise<Me>;
  /** One-time-token grant (an emailed sign-in link or a handed-over session, /ott/{token}). */
  signInWithOtt(code: string): Promise<Me>;
  /** Revokes the refresh token, clears every store and the cookie, goes home (spec §4 "Logout"). */
  signOut(): Promise<void>;
};

/**
 * Sign-in and sign-out. The API answers the token grant with the cookies set (decision 031); the
 * caller navigates afterwards, which reloads the root loader's viewer. Other tabs reload through the
 * authStateChanged storage event (spec §2).
 */
export function useAuth(): Auth {
  return useMemo(() => ({ signIn, signInWithOtt, signOut }), []);
}

export async function signIn(email: string, password: string, captcha?: string): Promise<Me> {
  const form: Record<string, string> = { grant_type: 'password', username: email, password };
  if (captcha) form.captcha = captcha;
  return grant(form);
}

export async function signInWithOtt(code: string): Promise<Me> {
  return grant({ grant_type: 'ott', code });
}

export async function signOut(): Promise<void> {
  try {
    await apiSend('POST', '/auth/revoke', { form: {} });
  } catch {
    // Signing out must always work locally, even when the API can't be reached.
  }
  clearLocalSession();
  announceAuthChange();
  // A full load resets in-memory state (the player, caches) along with the stores.
  window.location.assign(homePath());
}

async function grant(form: Record<string, string>): Promise<Me> {
  const tokens = await apiSend<TokenResponse>('POST', '/auth/token', { form });
  // The API sets the cookie itself; if a proxy dropped it, keep the session working anyway.
  if (tokens?.access_token && readCookie(document.cookie, USER_TOKEN_COOKIE) !== tokens.access_token) {
    document.cookie = serializeCookie(USER_TOKEN_COOKIE, tokens.access_token, {
      maxAgeDays: USER_TOKEN_MAX_AGE_DAYS,
      secure: window.location.protocol === 'https:',
    });
  }
  const me = await apiGet<Me>('/auth/me');
  writeAccess(me.access);
  announceAuthChange();
  return me;
}
