import { createHash } from 'node:crypto';
import type { Me, TokenResponse } from '@cuewave/contract/account';
import { apiBase, apiFetch, setRequestToken, setServerTokenResolver } from '../../lib/api';
import { readCookie, REFRESH_TOKEN_COOKIE, serializeCookie, USER_TOKEN_COOKIE } from '../../lib/cookies';

export type Session = {
  me: Me | null;
  /** Set-Cookie headers to pass on (a refreshed session, or a dead access cookie cleared). */
  headers: Headers;
};

type LoadedSession = Session & {
  /** The bearer this request should use from now on (fresh after a refresh). */
  token: string | null;
  /** The API could not answer (5xx, unreachable): the viewer is unknown, not signed out. */
  unavailable: boolean;
};

/**
 * Remembers a refresh token the API refused, by a hash, so a browser holding a dead one doesn't
 * cost a refresh call (and a rate-limit hit) on every page it loads. A new refresh cookie no longer
 * matches it, so a real session is never blocked.
 */
const REFRESH_FAILED_COOKIE = 'cm-refresh-failed';

const sessions = new WeakMap<Request, Promise<LoadedSession>>();

// Loaders that call the API for this request and get a 401 ask here for the refreshed bearer.
setServerTokenResolver((request) => loadOnce(request).then((session) => session.token));

type Refreshed = { ok: true; setCookies: string[]; accessToken: string } | { ok: false; status: number };

/**
 * Refresh answers by refresh token, kept for the API's 10-second grace window (decision 031). React
 * Router hands every loader its own copy of the Request, so root, layout guards and page loaders of
 * one page load can't share a per-request cache; and two tabs restoring at once send the same
 * cookie. Without this, the second refresh with the same (just rotated) token would be refused and
 * the user would look signed out. Keyed by a hash of the token and the browser's user agent.
 */
const REFRESH_REUSE_MS = 10_000;
const refreshes = new Map<string, { result: Promise<Refreshed>; expires: number }>();

/**
 * The signed-in viewer of a server-rendered request (decision 031): GET /api/auth/me with the
 * cm-user-token cookie's bearer; on 401 with a refresh cookie, one refresh over loopback and /me
 * again. Calls with the same Request object share one answer; loaders of one page load share the
 * refresh (refreshOnce), and their API calls pick up the refreshed bearer (lib/api.ts).
 */
export async function getMe(request: Request): Promise<Session> {
  const session = await loadOnce(request);
  return { me: session.me, headers: new Headers(session.headers) };
}

/** Like getMe, plus whether the API was unreachable (guards answer 503 instead of redirecting). */
export function loadSession(request: Request): Promise<LoadedSession> {
  return loadOnce(request);
}

function loadOnce(request: Request): Promise<LoadedSession> {
  let session = sessions.get(request);
  if (!session) {
    session = load(request).catch((): LoadedSession => ({
      me: null,
      headers: new Headers(),
      token: null,
      unavailable: true,
    }));
    sessions.set(request, session);
    setRequestToken(
      request,
      session.then((s) => s.token),
    );
  }
  return session;
}

async function load(request: Request): Promise<LoadedSession> {
  const cookieHeader = request.headers.get('cookie');
  const access = readCookie(cookieHeader, USER_TOKEN_COOKIE);
  const refresh = readCookie(cookieHeader, REFRESH_TOKEN_COOKIE);
  const headers = new Headers();
  const signedOut = (token: string | null = null): LoadedSession => ({ me: null, headers, token, unavailable: false });

  if (access) {
    const response = await fetchMe(request, access);
    if (response.ok) return { me: (await response.json()) as Me, headers, token: access, unavailable: false };
    if (response.status !== 401) return { ...signedOut(access), unavailable: true };
  }
  if (!refresh) {
    // A dead access token with nothing to renew it: drop it so the browser stops sending it.
    if (access) headers.append('Set-Cookie', serializeCookie(USER_TOKEN_COOKIE, '', { maxAgeDays: 0 }));
    return signedOut();
  }
  if (readCookie(cookieHeader, REFRESH_FAILED_COOKIE) === fingerprint(refresh)) {
    if (access) headers.append('Set-Cookie', serializeCookie(USER_TOKEN_COOKIE, '', { maxAgeDays: 0 }));
    return signedOut();
  }

  const refreshed = await refreshOnce(request, refresh);
  if (!refreshed.ok) {
    if (refreshed.status >= 500) return { ...signedOut(access), unavailable: true };
    // Only the access cookie is cleared: when two page loads refresh at once, the loser is refused
    // (decision 031) while the winner's answer sets new cookies; clearing the refresh cookie here
    // could overwrite the winner's.
    if (access) headers.append('Set-Cookie', serializeCookie(USER_TOKEN_COOKIE, '', { maxAgeDays: 0 }));
    headers.append(
      'Set-Cookie',
      `${serializeCookie(REFRESH_FAILED_COOKIE, fingerprint(refresh), { maxAgeDays: 30, secure: isHttps(request) })}; HttpOnly`,
    );
    return signedOut();
  }
  for (const cookie of refreshed.setCookies) headers.append('Set-Cookie', cookie);
  const me = await fetchMe(request, refreshed.accessToken);
  if (!me.ok) return { ...signedOut(refreshed.accessToken), unavailable: me.status !== 401 };
  return { me: (await me.json()) as Me, headers, token: refreshed.accessToken, unavailable: false };
}

function refreshOnce(request: Request, refreshToken: string): Promise<Refreshed> {
  const now = Date.now();
  for (const [key, entry] of refreshes) if (entry.expires <= now) refreshes.delete(key);
  const key = fingerprint(`${refreshToken}\n${request.headers.get('user-agent') ?? ''}`);
  const cached = refreshes.get(key);
  if (cached) return cached.result;
  const result = refresh(request, refreshToken);
  refreshes.set(key, { result, expires: now + REFRESH_REUSE_MS });
  // A network failure is not an answer worth reusing.
  result.catch(() => refreshes.delete(key));
  return result;
}

async function refresh(request: Request, refreshToken: string): Promise<Refreshed> {
  const response = await apiFetch(`${apiBase()}/auth/token`, {
    method: 'POST',
    headers: {
      ...forwarded(request),
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
      cookie: `${REFRESH_TOKEN_COOKIE}=${encodeURIComponent(refreshToken)}`,
    },
    body: new URLSearchParams({ grant_type: 'refresh_token' }).toString(),
  });
  if (!response.ok) return { ok: false, status: response.status };
  const tokens = (await response.json()) as TokenResponse;
  return { ok: true, setCookies: response.headers.getSetCookie(), accessToken: tokens.access_token };
}

function fetchMe(request: Request, token: string): Promise<Response> {
  return apiFetch(`${apiBase()}/auth/me`, {
    headers: { ...forwarded(request), accept: 'application/json', authorization: `Bearer ${token}` },
    signal: request.signal,
  });
}

/**
 * The API trusts X-Forwarded-* (it sits behind proxies): passing them on keeps the visitor's
 * address for rate limits and https for Secure cookies, though the call itself goes over loopback.
 */
function forwarded(request: Request): Record<string, string> {
  const headers: Record<string, string> = { 'x-forwarded-proto': isHttps(request) ? 'https' : 'http' };
  const forwardedFor = request.headers.get('x-forwarded-for');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const userAgent = request.headers.get('user-agent');
  if (userAgent) headers['user-agent'] = userAgent;
  return headers;
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

function fingerprint(token: string): string {
  return createHash('sha256').update(token).digest('base64url').slice(0, 22);
}
