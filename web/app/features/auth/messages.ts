import type { TFunction } from 'i18next';

/**
 * User-facing texts shared by the auth pages, the banner and the registration and account pages, from
 * the `auth` namespace (decision 075): each helper takes the `t` of the component that shows the text,
 * so a server render speaks the request's language.
 */
export type AuthT = TFunction<'auth'>;

/** What a throttled request asked for again ("You can ask for a new code in 3 minutes."). */
export type AskAgain = 'newCode' | 'signInLink' | 'resetLink';

/** "You can ask for a new code in 3 minutes." for a 429 with its Retry-After seconds. */
export function waitMessage(retryAfterSeconds: number | null, what: AskAgain, t: AuthT): string {
  return t(`wait.askAgain.${what}`, { when: waitPhrase(retryAfterSeconds, t) });
}

/** "in 3 minutes", "in 40 seconds", "in a moment". */
export function waitPhrase(retryAfterSeconds: number | null, t: AuthT): string {
  if (!retryAfterSeconds || retryAfterSeconds <= 0) return t('wait.moment');
  return t('wait.in', { time: formatWait(retryAfterSeconds, t) });
}

/** '45 seconds', '1 minute', '3 minutes'. */
export function formatWait(seconds: number, t: AuthT): string {
  if (seconds < 60) return t('wait.seconds', { count: seconds });
  return t('wait.minutes', { count: Math.ceil(seconds / 60) });
}

/**
 * The English sentences, for tests and for the few callers outside this feature that have not moved
 * to `t('errors.…', { ns: 'auth' })` yet (the texts themselves live in locales/en.json).
 */
export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
export const NETWORK_ERROR = 'We couldn’t reach the server. Check your connection and try again.';
