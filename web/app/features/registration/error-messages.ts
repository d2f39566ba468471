import { ApiError } from '../../lib/api';
import { formatWait, NETWORK_ERROR } from '../auth/messages';

/**
 * Friendly text for the API's error identifiers (contract/src/errors.ts, spec §8) on the account
 * and registration pages. The server's own message is the fallback because it names the problem
 * better than a generic sentence would.
 */
const MESSAGES: Record<string, string> = {
  CODE_INVALID: 'That code isn’t right. Check the latest message we sent and try again.',
  CODE_EXPIRED: 'That code has expired. Send a new one and enter it within 15 minutes.',
  WEAK_PASSWORD: 'Choose a stronger password: at least 10 characters mixing letters with a number or symbol.',
  EMAIL_TAKEN: 'An account with this email already exists.',
  PHONE_INVALID: 'That doesn’t look like a valid phone number. Check the country and the number.',
  PHONE_REQUIRED: 'Add and verify a phone number first.',
  PHONE_ALREADY_CONFIRMED: 'This phone number is already verified.',
  TRIAL_ALREADY_USED: 'You have already used your free trial. Choose a paid plan to continue.',
  ACTIVE_SUBSCRIPTION:
    'You still have an active paid subscription. Cancel it first, then delete your account — or contact support.',
  'recaptcha error': 'We couldn’t confirm you’re human. Please try again.',
  'email already confirmed': 'Your email address is already confirmed.',
  'account not confirmed': 'Confirm your email address first.',
  'can not find account by token': 'This link has expired or was already used.',
  'wrong credentials or client not found': 'That password isn’t right.',
};

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** The error identifier of a failed API call, or null for anything else. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.body.error : null;
}

/** Seconds to wait after a 429, from its Retry-After header, else null. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return error.retryAfter && error.retryAfter > 0 ? Math.ceil(error.retryAfter) : null;
}

/** A sentence to show for any failure of an API call. */
export function friendlyError(error: unknown, overrides: Record<string, string> = {}): string {
  if (!(error instanceof ApiError)) {
    return error instanceof TypeError ? NETWORK_ERROR : GENERIC_ERROR;
  }
  const code = error.body.error;
  if (overrides[code]) return overrides[code];
  if (error.status === 429) {
    const wait = retryAfterSeconds(error);
    return wait
      ? `Too many attempts. Please wait ${formatWait(wait)} and try again.`
      : 'Too many attempts. Please wait a little and try again.';
  }
  if (code === 'CODE_INVALID') return codeInvalidMessage(error.body.message);
  if (MESSAGES[code]) return MESSAGES[code];
  if (error.status >= 500) return GENERIC_ERROR;
  return error.body.message || GENERIC_ERROR;
}

/** The wrong-code message keeps the API's count of tries left (5 per code, decision 031). */
function codeInvalidMessage(serverMessage: string): string {
  if (/no tries/i.test(serverMessage)) return 'That code isn’t right and can’t be used any more. Send a new code.';
  const left = /(\d+)\s+tr(?:y|ies)\s+left/i.exec(serverMessage)?.[1];
  if (left) return `That code isn’t right. ${left} ${left === '1' ? 'try' : 'tries'} left.`;
  return MESSAGES.CODE_INVALID!;
}
