import type { ErrorBody } from '@cuewave/contract/errors';
import { chooseLanguage } from '@cuewave/contract/languages';
import { clearBrowserCookie, readCookie, USER_TOKEN_COOKIE } from './cookies';

/**
 * The API client. In the browser the API is same-origin under /api. During server rendering the
 * loaders reach it in-process when the same server serves both (setServerApiTransport, decision 050),
 * else over the network at API_INTERNAL_URL, so the web app can also run apart from the API.
 *
 * Authentication (spec §4, §7; decision 031): the access token lives in the readable cm-user-token
 * cookie and goes out as a bearer header; signed out, no header is sent. In the browser a 401 on an
 * authenticated call refreshes the session once (the httpOnly cm-refresh-token cookie carries the
 * refresh token) and retries; when that fails the user is signed out locally.
 */
export function apiBase(): string {
  if (typeof window !== 'undefined') return '/api';
  const port = process.env.PORT ?? '3000';
  return process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${port}/api`;
}

/** A fetch that answers API calls without a network round trip: the API's own process, in-process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let serverTransport: ApiTransport | null = null;

/**
 * Server rendering inside the API's own process: server/src/web-app.ts hands over its in-process
 * transport through the server build (entry.server.tsx re-exports this), so pages in flight keep
 * reaching the API while a stopping server refuses new connections, and no page pays a second request.
 */
export function setServerApiTransport(transport: ApiTransport | null): void {
  serverTransport = transport;
}

/** fetch() for API calls: in-process when server rendering beside the API, the network otherwise. */
export function apiFetch(url: string, init: RequestInit): Promise<Response> {
  if (serverTransport && typeof window === 'undefined') return serverTransport(url, init);
  return fetch(url, init);
}

/** Where the browser fetches media from; always the public path, even during server rendering. */
export const mediaUrl = (fileId: string) => `/api/cdn/${encodeURIComponent(fileId)}`;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** Seconds from a Retry-After header (429), when the API sent one. */
    readonly retryAfter: number | null = null,
  ) {
    super(`${body.error}: ${body.message}`);
  }
}

/** Statuses after which a GET is tried once more (spec §7, "Other"). */
const RETRY_GET_ON = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

type Query = Record<string, string | number | boolean | string[] | undefined | null>;

export type ApiOptions = {
  query?: Query;
  signal?: AbortSignal;
  /** Server rendering: the incoming request, whose cm-user-token cookie supplies the bearer. */
  request?: Request;
};

export type SendOptions = ApiOptions & {
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the OAuth2 token endpoint). */
  form?: Record<string, string>;
  /** Sent as it is (a file upload), as application/octet-stream. */
  blob?: Blob;
};

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export function apiGet<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return call<T>('GET', path, options);
}

/** A write. A 204 answer resolves to undefined. */
export function apiSend<T = void>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: SendOptions = {},
): Promise<T> {
  return call<T>(method, path, options);
}

/** Loaders turn an API 404 into the app's 404 page. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

// ---------------------------------------------------------------------------------------------
// Session plumbing

/**
 * Server rendering: the bearer to use for a request, registered by features/auth/session.server.ts
 * while it loads the viewer. When that refreshed an expired token, the fresh one is only in the
 * outgoing Set-Cookie, not in the request's cookie; loaders running beside the root loader must use it.
 */
const requestTokens = new WeakMap<Request, Promise<string | null>>();

export function setRequestToken(request: Request, token: Promise<string | null>): void {
  requestTokens.set(request, token);
}

type ServerTokenResolver = (request: Request) => Promise<string | null>;
let resolveServerToken: ServerTokenResolver | null = null;

/**
 * Server rendering: how to get a fresh bearer for a request whose cookie token the API refused
 * (features/auth/session.server.ts refreshes once per page load and shares the answer).
 */
export function setServerTokenResolver(resolver: ServerTokenResolver): void {
  resolveServerToken = resolver;
}

async function serverToken(request: Request): Promise<string | null> {
  const registered = requestTokens.get(request);
  if (registered) return registered.catch(() => null);
  return readCookie(request.headers.get('cookie'), USER_TOKEN_COOKIE);
}

function browserToken(): string | null {
  if (typeof document === 'undefined') return null;
  return readCookie(document.cookie, USER_TOKEN_COOKIE);
}

type SessionExpiredHandler = () => void;

/** What happens when a refresh fails: the app registers its local sign-out (features/auth/session-client.ts). */
let onSessionExpired: SessionExpiredHandler = () => {
  clearBrowserCookie(USER_TOKEN_COOKIE);
  window.location.assign('/');
};

export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/** Calls that manage the session themselves: their 401 means "wrong credentials", not "expired". */
const SESSION_PATHS = ['/auth/token', '/auth/revoke'];

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh for every call that hit 401 at the same time in this tab, and one across tabs: the
 * Web Locks API serialises them, and a tab that gets the lock after another tab refreshed sees a
 * new cookie and just retries (decision 031: a rotated refresh token presented again is refused).
 */
export function refreshSession(usedToken: string | null): Promise<boolean> {
  refreshing ??= (async () => {
    const run = async (): Promise<boolean> => {
      const current = browserToken();
      if (current && current !== usedToken) return true;
      try {
        const response = await fetch(`${apiBase()}/auth/token`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token' }).toString(),
        });
        return response.ok;
      } catch {
        return false;
      }
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    try {
      return locks ? await locks.request('cm-session-refresh', run) : await run();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// ---------------------------------------------------------------------------------------------

async function call<T>(method: string, path: string, options: SendOptions): Promise<T> {
  const url = apiBase() + withQuery(path, options.query);
  const inBrowser = typeof window !== 'undefined' && !options.request;
  const token = options.request ? await serverToken(options.request) : browserToken();

  let response = await send(method, url, options, token);
  if (method === 'GET' && RETRY_GET_ON.has(response.status)) {
    response = await send(method, url, options, token);
  }

  const sessionCall = SESSION_PATHS.some((p) => path.startsWith(p));
  const expired = !sessionCall && token !== null && (await isExpiredSession(response));
  if (expired && options.request && resolveServerToken) {
    const fresh = await resolveServerToken(options.request).catch(() => null);
    if (fresh && fresh !== token) response = await send(method, url, options, fresh);
  }
  if (expired && inBrowser) {
    const refreshed = await refreshSession(token);
    if (refreshed) response = await send(method, url, options, browserToken());
    if (!refreshed || (await isExpiredSession(response))) {
      onSessionExpired();
      return readJson<T>(response);
    }
  }
  return readJson<T>(response);
}

/**
 * A 401 means "refresh and retry" only when the bearer itself was refused ('verify jwt token'); a
 * 401 'wrong credentials or client not found' on a password check (delete account, change password)
 * is the user's typo and must not sign them out.
 */
async function isExpiredSession(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { error?: unknown } | null;
  return body?.error !== 'wrong credentials or client not found';
}

/**
 * Headers that say who and where the visitor is: the proxy chain, and the CDN country headers that
 * server/src/features/billing/geolocation.ts trusts.
 */
const VISITOR_HEADERS = [
  'x-forwarded-for',
  'cf-ipcountry',
  'cloudfront-viewer-country',
  'x-vercel-ip-country',
  'x-country-code',
];

function send(method: string, url: string, options: SendOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  // A loader calls on the visitor's behalf: per-IP limits must count the visitor, not the loopback,
  // and geolocation (prices, tax) must place the visitor, not the web server.
  for (const name of VISITOR_HEADERS) {
    const value = options.request?.headers.get(name);
    if (value) headers[name] = value;
  }
  // The visitor's language (their lang cookie, else their browser's), which the API's error messages
  // and a sign-up's emails follow (decision 076); the cookie itself is not passed on.
  if (options.request) {
    headers['accept-language'] = chooseLanguage(
      options.request.headers.get('cookie'),
      options.request.headers.get('accept-language'),
    );
  }
  let body: string | Blob | undefined;
  if (options.blob) {
    headers['content-type'] = 'application/octet-stream';
    body = options.blob;
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  return apiFetch(url, { method, signal: options.signal, headers, body, credentials: 'same-origin' });
}

async function readJson<T>(response: Response): Promise<T> {
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const err =
      body && typeof body === 'object' && 'error' in body
        ? (body as ErrorBody)
        : { error: 'HTTP_' + response.status, message: response.statusText };
    throw new ApiError(response.status, err, retryAfterSeconds(response.headers.get('retry-after')));
  }
  return (text ? body : undefined) as T;
}

function retryAfterSeconds(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
