import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@cuewave/contract/errors';

/** The methods the API and the web app answer; anything else (TRACE, TRACK, CONNECT, WebDAV's) is a 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const allowed = new Set<string>(ALLOWED_METHODS);
const ALLOW_HEADER = ALLOWED_METHODS.join(', ');

/** RFC 3986 reg-name characters, without percent-escapes (no host of ours needs one). */
const REG_NAME = /^[A-Za-z0-9\-._~!$&'()*+,;=]+$/;
const BRACKETED = /^\[([^\]]*)\](?::(\d*))?$/;
const NAME_AND_PORT = /^([^:]*)(?::(\d*))?$/;

/**
 * True when `value` is a Host (or X-Forwarded-Host) the web app can build its page address from:
 * a name, an IPv4 address or a bracketed IPv6 address, and an optional port up to 65535. No user
 * info (`user@host`), no path, no spaces.
 */
export function isValidHost(value: string): boolean {
  const bracketed = BRACKETED.exec(value);
  const match = bracketed ?? NAME_AND_PORT.exec(value);
  if (!match) return false;
  const [, name = '', port] = match;
  if (bracketed ? !isIPv6(name) : !REG_NAME.test(name)) return false;
  if (port !== undefined && port !== '' && Number(port) > 65_535) return false;
  // The WHATWG parser is what turns it into the page's URL; it also refuses forbidden host code points.
  return URL.canParse(`http://${value}/`);
}

/**
 * Bad input a client controls in every request, refused before any route runs: a method outside
 * ALLOWED_METHODS (405 with Allow), a malformed Host or X-Forwarded-Host, or an X-Forwarded-Proto
 * other than http or https from a trusted proxy (400). Without this the web app failed to build the
 * page's URL and answered 500 (decision 050).
 */
export function installRequestSanity(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!allowed.has(request.method)) {
      return refuse(request, reply.header('allow', ALLOW_HEADER), 405, {
        error: 'METHOD_NOT_ALLOWED',
        message: `${request.method} is not supported; use one of ${ALLOW_HEADER}.`,
      });
    }
    // A missing Host (HTTP/1.0) is fine; Node already refuses HTTP/1.1 without one.
    const host = request.headers.host;
    if ((host !== undefined && !isValidHost(host)) || (request.host !== (host ?? '') && !isValidHost(request.host))) {
      return refuse(request, reply, 400, {
        error: 'BAD_REQUEST',
        message: 'The Host header is not a valid host name with an optional port.',
      });
    }
    if (request.protocol !== 'http' && request.protocol !== 'https') {
      return refuse(request, reply, 400, {
        error: 'BAD_REQUEST',
        message: 'The X-Forwarded-Proto header must be http or https.',
      });
    }
    done();
  });
}

/** The spec's error body for the API; a short plain-text page for everything else. */
function refuse(request: FastifyRequest, reply: FastifyReply, status: number, body: ErrorBody): void {
  reply.status(status);
  if (request.url === '/api' || request.url.startsWith('/api/')) {
    reply.send(body);
    return;
  }
  reply.type('text/plain; charset=utf-8').send(body.message);
}
