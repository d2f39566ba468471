import { ApiError } from '../../lib/api';
import { waitPhrase, WRONG_CREDENTIALS, type AskAgain, type AuthT } from '../../features/auth/messages';

export { WRONG_CREDENTIALS };

/**
 * The message shown for a failed sign-in (POST /auth/token), in the language of `t` (`auth`). Wrong
 * password and unknown email get the same sentence: the API answers both alike, and so must the page
 * (no account enumeration).
 */
export function signInErrorMessage(error: unknown, t: AuthT): string {
  if (!(error instanceof ApiError)) return t('errors.network');
  // The API only throttles sign-ins per connection (decision 048): another way in stays open.
  if (error.status === 429) return t('errors.signInThrottled', { when: waitPhrase(error.retryAfter, t) });
  if (error.body.error === 'wrong credentials or client not found' || error.status === 401) {
    return t('errors.wrongCredentials');
  }
  if (error.body.error === 'recaptcha error') return t('errors.captchaFailed');
  if (error.status >= 500) return t('errors.signInUnavailable');
  return error.body.message || t('errors.signInFailed');
}

/** The message for a failed "email me a sign-in link" or reset request. */
export function emailRequestErrorMessage(error: unknown, what: AskAgain, t: AuthT): string {
  if (!(error instanceof ApiError)) return t('errors.network');
  if (error.status === 429) return t(`wait.tooManyRequests.${what}`, { when: waitPhrase(error.retryAfter, t) });
  if (error.body.error === 'recaptcha error') return t('errors.captchaFailed');
  if (error.status >= 500) return t('errors.emailUnavailable');
  return error.body.message || t('errors.generic');
}

export const isCaptchaError = (error: unknown) => error instanceof ApiError && error.body.error === 'recaptcha error';
