/** User-facing texts shared by the auth pages and the banner. */

/** "Please wait …" for a 429 with its Retry-After seconds. */
export function waitMessage(retryAfterSeconds: number | null, what: string): string {
  return `You can ask for ${what} ${waitPhrase(retryAfterSeconds)}.`;
}

/** "in 3 minutes", "in 40 seconds", "in a moment". */
export function waitPhrase(retryAfterSeconds: number | null): string {
  if (!retryAfterSeconds || retryAfterSeconds <= 0) return 'in a moment';
  if (retryAfterSeconds < 60) return `in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
export const NETWORK_ERROR = 'We couldn’t reach the server. Check your connection and try again.';
