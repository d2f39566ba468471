import { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { readToBuffer, readToFile, refuseDeclaredOversize, type TempFileBody } from './body';
import { SafeFetchError } from './errors';
import { systemResolver, type SafeFetchOptions, type Settings } from './options';
import { requestOnce } from './request';
import { resolveChecked } from './resolve';
import { isIssuedPermit } from './test-permit';
import { checkUrl, parseUserUrl } from './url-policy';

export interface SafeFetchResult<Body> {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  /** As sent; Content-Type is a hint only, callers sniff the body. */
  headers: IncomingHttpHeaders;
  redirects: number;
  body: Body;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** GET a user-supplied URL into memory (small pages: HTML for oEmbed / Open Graph). Decision 065. */
export function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult<Buffer>> {
  const s = settings(options, { maxBytes: 2 * 1024 * 1024, totalTimeoutMs: 10_000 });
  return follow(input, s, (res) => readToBuffer(res, s.maxBytes));
}

/** GET a user-supplied URL into a private temp file (audio up to 20 MB); the caller disposes of it. */
export function safeFetchToFile(
  input: string,
  options: SafeFetchOptions & { dir?: string } = {},
): Promise<SafeFetchResult<TempFileBody>> {
  const s = settings(options, { maxBytes: 20 * 1024 * 1024, totalTimeoutMs: 60_000 });
  return follow(input, s, (res) => readToFile(res, s.maxBytes, options.dir));
}

async function follow<Body>(
  input: string,
  s: Settings,
  read: (res: IncomingMessage) => Promise<Body>,
): Promise<SafeFetchResult<Body>> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new SafeFetchError('timeout', 'total')), s.totalTimeoutMs);
  const onCallerAbort = () => deadline.abort(new SafeFetchError('aborted'));
  if (s.signal?.aborted) onCallerAbort();
  s.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    let url = parseUserUrl(input, s.allowedPorts);
    for (let hop = 0; ; hop++) {
      const target = await untilAborted(resolveChecked(url, s), deadline.signal);
      const res = await requestOnce(url, target, s, deadline.signal);
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        res.destroy(); // a redirect's body is never read
        if (hop >= s.maxRedirects) throw new SafeFetchError('too-many-redirects', String(hop + 1));
        url = checkUrl(parseLocation(location, url), s.allowedPorts);
        continue;
      }
      refuseDeclaredOversize(res, s.maxBytes);
      const body = await guarded(res, s.idleTimeoutMs, deadline.signal, () => read(res));
      return { url: url.href, status: res.statusCode ?? 0, headers: res.headers, redirects: hop, body };
    }
  } finally {
    clearTimeout(timer);
    s.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function parseLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base); // relative Locations are resolved against the page that sent them
  } catch {
    throw new SafeFetchError('bad-redirect');
  }
}

/** While the body streams: a silent server (idle) or the deadline / caller ends it with that reason. */
async function guarded<T>(
  res: IncomingMessage,
  idleMs: number,
  signal: AbortSignal,
  run: () => Promise<T>,
): Promise<T> {
  const onAbort = () =>
    res.destroy(signal.reason instanceof SafeFetchError ? signal.reason : new SafeFetchError('aborted'));
  const onIdle = () => res.destroy(new SafeFetchError('timeout', 'idle'));
  res.socket.setTimeout(idleMs, onIdle);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await run();
  } finally {
    signal.removeEventListener('abort', onAbort);
    res.socket?.setTimeout(0);
    res.socket?.off('timeout', onIdle);
  }
}

/** A DNS lookup can hang for many seconds; the total deadline (or the caller) must still end it. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  const reason = () => (signal.reason instanceof SafeFetchError ? signal.reason : new SafeFetchError('aborted'));
  if (signal.aborted) return Promise.reject(reason());
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(reason());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

function settings(o: SafeFetchOptions, defaults: { maxBytes: number; totalTimeoutMs: number }): Settings {
  return {
    maxRedirects: o.maxRedirects ?? 3,
    maxBytes: o.maxBytes ?? defaults.maxBytes,
    connectTimeoutMs: o.connectTimeoutMs ?? 3_000,
    firstByteTimeoutMs: o.firstByteTimeoutMs ?? 5_000,
    idleTimeoutMs: o.idleTimeoutMs ?? 5_000,
    totalTimeoutMs: o.totalTimeoutMs ?? defaults.totalTimeoutMs,
    allowedPorts: o.allowedPorts ?? [80, 443, 8080, 8443],
    accept: o.accept ?? '*/*',
    userAgent: o.userAgent ?? 'CuewaveLinkPreview/1.0',
    signal: o.signal,
    tlsCa: o.tlsCa,
    resolve: o.resolve ?? systemResolver,
    allowLoopback: isIssuedPermit(o.loopbackPermit),
  };
}
