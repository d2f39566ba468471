import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { createI18n } from '../../i18n/create-i18n';
import englishAuth from '../auth/locales/en.json';
import { formatWait, type AuthT } from '../auth/messages';

/**
 * Friendly text for the API's error identifiers (contract/src/errors.ts, spec §8) on the account
 * and registration pages, in the `auth` namespace (decision 075). The server's own message is the
 * fallback because it names the problem better than a generic sentence would.
 */
const KEYS: Record<string, string> = {
  CODE_INVALID: 'errors.api.CODE_INVALID',
  CODE_EXPIRED: 'errors.api.CODE_EXPIRED',
  WEAK_PASSWORD: 'errors.api.WEAK_PASSWORD',
  EMAIL_TAKEN: 'errors.api.EMAIL_TAKEN',
  PHONE_INVALID: 'errors.api.PHONE_INVALID',
  PHONE_REQUIRED: 'errors.api.PHONE_REQUIRED',
  PHONE_ALREADY_CONFIRMED: 'errors.api.PHONE_ALREADY_CONFIRMED',
  TRIAL_ALREADY_USED: 'errors.api.TRIAL_ALREADY_USED',
  ACTIVE_SUBSCRIPTION: 'errors.api.ACTIVE_SUBSCRIPTION',
  'recaptcha error': 'errors.api.recaptchaError',
  'email already confirmed': 'errors.api.emailAlreadyConfirmed',
  'account not confirmed': 'errors.api.accountNotConfirmed',
  'can not find account by token': 'errors.api.tokenNotFound',
  'wrong credentials or client not found': 'errors.api.wrongCredentials',
};

/** The error identifier of a failed API call, or null for anything else. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.body.error : null;
}

/** Seconds to wait after a 429, from its Retry-After header, else null. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return error.retryAfter && error.retryAfter > 0 ? Math.ceil(error.retryAfter) : null;
}

/**
 * A sentence to show for any failure of an API call, in the language of `t` (the `auth` namespace).
 * `overrides` maps an error identifier to the caller's own (already translated) sentence.
 */
export function apiErrorText(error: unknown, t: AuthT, overrides: Record<string, string> = {}): string {
  if (!(error instanceof ApiError)) {
    return t(error instanceof TypeError ? 'errors.network' : 'errors.generic');
  }
  const code = error.body.error;
  if (overrides[code]) return overrides[code];
  if (error.status === 429) {
    const wait = retryAfterSeconds(error);
    return wait ? t('errors.tooManyAttemptsWait', { time: formatWait(wait, t) }) : t('errors.tooManyAttempts');
  }
  if (code === 'CODE_INVALID') return codeInvalidMessage(error.body.message, t);
  const key = KEYS[code];
  if (key) return t(key as 'errors.generic');
  if (error.status >= 500) return t('errors.generic');
  return error.body.message || t('errors.generic');
}

/** `apiErrorText` bound to the page's language; loads the `auth` texts with the component. */
export function useApiErrorText(): (error: unknown, overrides?: Record<string, string>) => string {
  const { t } = useTranslation('auth');
  return useCallback((error, overrides) => apiErrorText(error, t, overrides), [t]);
}

/** The wrong-code message keeps the API's count of tries left (5 per code, decision 031). */
function codeInvalidMessage(serverMessage: string, t: AuthT): string {
  if (/no tries/i.test(serverMessage)) return t('errors.codeNoTries');
  const left = /(\d+)\s+tr(?:y|ies)\s+left/i.exec(serverMessage)?.[1];
  if (left) return t('errors.codeTriesLeft', { count: Number(left) });
  return t('errors.api.CODE_INVALID');
}

let english: AuthT | null = null;

/**
 * English only: for the callers in other features that have not moved to `useApiErrorText()` /
 * `apiErrorText(error, t)` yet. New code must not use it (it ignores the page's language).
 */
export function friendlyError(error: unknown, overrides: Record<string, string> = {}): string {
  english ??= createI18n('en', { en: { auth: englishAuth } }, false).getFixedT('en', 'auth') as AuthT;
  return apiErrorText(error, english, overrides);
}

/** English generic sentence (tests). */
export const GENERIC_ERROR = englishAuth.errors.generic;
