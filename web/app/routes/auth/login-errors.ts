export const SIGN_IN_UNAVAILABLE = 'Sign-in is not available yet on this server.';

/** The message shown for a failed POST /auth/token. */
export function signInErrorMessage(status: number, body: { error?: string; message?: string } | null): string {
  // A 404 with the generic NOT_FOUND code means the route itself is missing (no accounts yet);
  // other 404s (e.g. 'can not find account by token') carry their own message.
  if (status === 404 && (!body?.error || body.error === 'NOT_FOUND')) return SIGN_IN_UNAVAILABLE;
  if (status === 401 || body?.error === 'wrong credentials or client not found') {
    return body?.message && body.error !== 'wrong credentials or client not found'
      ? body.message
      : 'That email and password don’t match an account. Check them and try again.';
  }
  if (status === 429) return 'Too many attempts. Please wait a minute and try again.';
  if (body?.message) return body.message;
  return 'Sign-in failed. Please try again.';
}
