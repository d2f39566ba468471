/**
 * Why a user-supplied URL was not fetched. A route answers 4xx per URL from `reason` (a stable code the
 * web app may translate) and may show `message` (plain English, safe to show: it never contains the
 * resolved address of a private host, so the answer cannot be used to map an internal network).
 */
export type SafeFetchReason =
  | 'invalid-url' // not a URL at all, or an absolute URL was required
  | 'scheme-not-allowed' // anything but http: and https:
  | 'credentials-in-url' // http://user:pass@host/
  | 'port-not-allowed'
  | 'private-address' // loopback, private, link-local, metadata... literal, by DNS or by redirect
  | 'host-not-found'
  | 'too-many-redirects'
  | 'bad-redirect' // a 3xx whose Location is not a URL
  | 'too-large' // Content-Length or streamed bytes above the cap
  | 'timeout' // connect, first byte, idle or total
  | 'truncated' // the server closed before the promised Content-Length
  | 'connection-failed'
  | 'aborted'; // the caller's AbortSignal fired

const messages: Record<SafeFetchReason, string> = {
  'invalid-url': 'This is not a valid web address.',
  'scheme-not-allowed': 'Only http and https addresses can be used.',
  'credentials-in-url': 'Addresses with a user name or password cannot be used.',
  'port-not-allowed': 'This port cannot be used; use a standard web address.',
  'private-address': 'This address is private or local and cannot be fetched.',
  'host-not-found': 'This host name could not be found.',
  'too-many-redirects': 'This address redirects too many times.',
  'bad-redirect': 'This address redirects to an invalid location.',
  'too-large': 'The content at this address is too large.',
  timeout: 'The server at this address took too long to answer.',
  truncated: 'The server at this address stopped sending before the end.',
  'connection-failed': 'The server at this address could not be reached.',
  aborted: 'The request was cancelled.',
};

export class SafeFetchError extends Error {
  override readonly name = 'SafeFetchError';
  constructor(
    readonly reason: SafeFetchReason,
    /** For logs only: which check refused (e.g. "loopback", "connect"); never shown to users. */
    readonly detail?: string,
  ) {
    super(messages[reason]);
  }
}

export const isSafeFetchError = (e: unknown): e is SafeFetchError => e instanceof SafeFetchError;
