/** User-facing texts shared by the auth pages, the banner and the registration and account pages. */

/** "Please wait …" for a 429 with its Retry-After seconds. */
export function waitMessage(retryAfterSeconds: number | null, what: string): string {
  return `You can ask for ${what} ${waitPhrase(retryAfterSeconds)}.`;
}

/** "in 3 minutes", "in 40 seconds", "in a moment". */
export function waitPhrase(retryAfterSeconds: number | null): string {
  if (!retryAfterSeconds || retryAfterSeconds <= 0) return 'in a moment';
  return `in ${formatWait(retryAfterSeconds)}`;
}

/** '45 seconds', '1 minute', '3 minutes'. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
export const NETWORK_ERROR = 'We couldn’t reach the server. Check your connection and try again.';
