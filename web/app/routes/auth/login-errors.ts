import { ApiError } from '../../lib/api';
import { NETWORK_ERROR, waitPhrase, WRONG_CREDENTIALS } from '../../features/auth/messages';

export { WRONG_CREDENTIALS };
export const CAPTCHA_FAILED = 'We couldn’t confirm you’re human. Please try again.';

/**
 * The message shown for a failed sign-in (POST /auth/token). Wrong password and unknown email get
 * the same sentence: the API answers both alike, and so must the page (no account enumeration).
 */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return NETWORK_ERROR;
  // The API only throttles sign-ins per connection (decision 048): another way in stays open.
  if (error.status === 429) {
    return `Too many sign-in attempts from this connection. Try again ${waitPhrase(error.retryAfter)}, or email yourself a sign-in link.`;
  }
  if (error.body.error === 'wrong credentials or client not found' || error.status === 401) return WRONG_CREDENTIALS;
  if (error.body.error === 'recaptcha error') return CAPTCHA_FAILED;
  if (error.status >= 500) return 'Sign-in is not available right now. Please try again in a moment.';
  return error.body.message || 'Sign-in failed. Please try again.';
}

/** The message for a failed "email me a sign-in link" or reset request. */
export function emailRequestErrorMessage(error: unknown, what: string): string {
  if (!(error instanceof ApiError)) return NETWORK_ERROR;
  if (error.status === 429) return `Too many requests. You can ask for ${what} ${waitPhrase(error.retryAfter)}.`;
  if (error.body.error === 'recaptcha error') return CAPTCHA_FAILED;
  if (error.status >= 500) return 'We couldn’t send the email right now. Please try again in a moment.';
  return error.body.message || 'Something went wrong. Please try again.';
}

export const isCaptchaError = (error: unknown) => error instanceof ApiError && error.body.error === 'recaptcha error';
