/**
 * Which failures go to the error tracker (spec §8), shared by the server and the web app. Plain
 * data, no zod: the web's public bundles import it.
 */

/** Spec §8's server error identifiers that are expected answers, never reported. */
export const UNREPORTED_ERRORS: ReadonlySet<string> = new Set([
  'NOT_FOUND',
  'account not confirmed',
  'email already confirmed',
  'billing details not found',
  'recaptcha error',
  'can not find account by token',
  'wrong credentials or client not found',
  'verify jwt token',
]);

/** Spec §8: reports are sent only from these environments. */
export const REPORTING_ENVIRONMENTS: ReadonlySet<string> = new Set(['production', 'staging', 'development']);

/**
 * False for what is not a fault: a redirect or a client error (HTTP 300–499, spec §8), and the
 * listed identifiers whatever their status.
 */
export function isReportable(failure: { status?: number | null; error?: string | null }): boolean {
  if (typeof failure.status === 'number' && failure.status >= 300 && failure.status < 500) return false;
  if (failure.error && UNREPORTED_ERRORS.has(failure.error)) return false;
  return true;
}

/** Spec §8: when the data has error and message, the reported message is 'error: message'. */
export function reportedMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const { error, message } = data as { error?: unknown; message?: unknown };
  if (typeof error === 'string' && typeof message === 'string') return `${error}: ${message}`;
  return null;
}

/** Query and body keys whose values never leave for the tracker (sign-in links carry tokens in the query). */
const SECRET_KEY = /token|password|secret|code|key|auth|session|signature|sig$/i;

/** A copy of `query` with secret-looking values replaced, for a report's context. */
export function redactQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, SECRET_KEY.test(key) ? '[redacted]' : value]),
  );
}

/** `url` (absolute or a path) with its secret-looking query values replaced; unparsable input as is. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://relative.invalid');
    for (const key of [...new Set(parsed.searchParams.keys())]) {
      if (SECRET_KEY.test(key)) parsed.searchParams.set(key, '[redacted]');
    }
    return parsed.origin === 'http://relative.invalid' ? parsed.pathname + parsed.search + parsed.hash : parsed.href;
  } catch {
    return url;
  }
}
