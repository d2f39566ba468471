import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_COOKIE, USER_TOKEN_COOKIE } from '@cuewave/contract/account';
import { AppError } from '../../lib/errors';
import { readCookie } from './cookies';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Stripe posts its events without cookies and signs them; the signature is their authenticity (decision 043). */
const EXEMPT_ROUTES = new Set(['/api/v1/payment/stripe/webhook']);

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser says the request was started by another site: Sec-Fetch-Site: cross-site, or an
 * Origin that is neither this server's own (as the client reached it, under TRUST_PROXY) nor
 * PUBLIC_URL's. Clients that send neither header (curl, server rendering over loopback, OAuth
 * clients) are not browsers acting for a third party.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string | null): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const claimed = originOf(origin);
  if (claimed === null) return true; // "null": sandboxed frames, data: URLs, privacy-sensitive redirects
  return claimed !== originOf(`${request.protocol}://${request.host}`) && claimed !== publicOrigin;
}

/**
 * Whether a forged cross-site request could act as the visitor. A bearer header cannot be forged
 * (another site cannot add it without a CORS preflight, which this server never grants), so only
 * cookie-carrying requests can; sign-in (POST /api/auth/token) sets the cookies, so forging it would
 * sign the visitor into someone else's account (login CSRF); and every web page's action runs with the
 * visitor's cookie and may sign in, so pages are guarded whether a cookie came or not.
 */
function forgeable(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return false;
  const route = request.routeOptions.url ?? request.url.split('?')[0]!;
  if (EXEMPT_ROUTES.has(route)) return false;
  if (!route.startsWith('/api/')) return true;
  if (route.startsWith('/api/auth/')) return true;
  return (
    readCookie(request, USER_TOKEN_COOKIE) !== undefined || readCookie(request, REFRESH_TOKEN_COOKIE) !== undefined
  );
}

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) that another site started in the visitor's
 * browser and that would act with the visitor's cookies: 403 CROSS_SITE_REQUEST. SameSite=Lax on the
 * session cookies is the first line; this is the second, for browsers and cases where SameSite does not
 * apply (decision 047). Runs on onRequest, before any body is read.
 */
export function guardCrossSiteRequests(app: FastifyInstance, config: { publicUrl?: string }): void {
  const publicOrigin = config.publicUrl ? originOf(config.publicUrl) : null;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!isCrossSite(request, publicOrigin) || !forgeable(request)) return;
    request.log.warn(
      {
        origin: request.headers.origin,
        secFetchSite: request.headers['sec-fetch-site'],
        expected: [`${request.protocol}://${request.host}`, publicOrigin],
      },
      'refused a cross-site request (set PUBLIC_URL when a proxy changes the Host header)',
    );
    throw new AppError(
      'CROSS_SITE_REQUEST',
      'This request came from another website. Changes are accepted only from the store’s own pages.',
    );
  });
}
