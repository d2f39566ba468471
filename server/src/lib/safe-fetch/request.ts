import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { SafeFetchError } from './errors';
import { type ResolvedAddress, type Settings } from './options';
import { hostOf } from './url-policy';

/**
 * One GET to one checked address. The URL's host name stays in the request (Host header, TLS SNI and
 * certificate check) but the socket's lookup is replaced by one that answers the address resolveChecked
 * judged, so Node never asks DNS again. No agent: a pooled socket could outlive the check.
 */
export function requestOnce(
  url: URL,
  target: ResolvedAddress,
  s: Settings,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const host = hostOf(url);
  // Node 20 asks with { all: true } (happy eyeballs) or without; both get the one checked address.
  const pinned: LookupFunction = (_name, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { 'user-agent': s.userAgent, accept: s.accept, 'accept-encoding': 'identity' },
      agent: false,
      lookup: pinned,
      ...(secure && !isIP(host) ? { servername: host } : {}),
      ...(secure && s.tlsCa ? { ca: s.tlsCa } : {}),
    });
    const fail = (e: SafeFetchError) => req.destroy(e);
    const onAbort = () => fail(signal.reason instanceof SafeFetchError ? signal.reason : new SafeFetchError('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });

    let timer = setTimeout(() => fail(new SafeFetchError('timeout', 'connect')), s.connectTimeoutMs);
    req.once('socket', (socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(new SafeFetchError('timeout', 'first byte')), s.firstByteTimeoutMs);
      });
    });
    req.once('response', (res) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(res);
    });
    // `on`, not `once`: a socket can fail twice (reset after a timeout destroy), and an unheard 'error'
    // event would crash the server. After the first, the promise is settled and the rest are ignored.
    req.on('error', (e) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      reject(
        e instanceof SafeFetchError
          ? e
          : new SafeFetchError('connection-failed', (e as NodeJS.ErrnoException).code ?? e.message),
      );
    });
    req.end();
  });
}
