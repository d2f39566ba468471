import type { FastifyInstance } from 'fastify';

/**
 * Features no page of the store uses are switched off for the page and every frame in it. The
 * Payment Request API stays for the store's own origin and for Stripe's frames from js.stripe.com:
 * the card Element needs nothing, but Stripe's wallet buttons (Apple Pay, Google Pay) run it inside
 * those frames, and turning it off would break them silently (decision 047). Only features Chromium
 * knows are listed: an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")';

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** API answers that carry personal data, tokens or payment details. */
const PRIVATE_API = /^\/api\/(?:v1\/(?:account|billing|payment|subscription)|auth\/)/;

/**
 * Server-rendered pages with personal data or one-time tokens, in both editions (/us), and their React
 * Router data requests (`/dashboard.data`).
 */
const PRIVATE_PAGES = /^(?:\/us)?\/(?:dashboard|register|auth|ott|dev)(?:[/.]|$)/;

/** Whether no cache, the browser's own included, may keep a response to this path. */
export function isPrivatePath(url: string): boolean {
  const path = url.split('?')[0]!;
  return PRIVATE_API.test(path) || PRIVATE_PAGES.test(path);
}

/**
 * Headers every response gets: the Permissions-Policy; HSTS when the request came over https
 * (request.protocol follows X-Forwarded-Proto from proxies TRUST_PROXY names; over plain http the
 * header means nothing and would pin a local install to https); and `Cache-Control: no-store` on
 * account, billing, payment, subscription and auth answers and the pages that show them, so a shared
 * computer's back button or a proxy cache never hands them to the next person. Set on onSend, after
 * the handler, so it wins over what a route or the web app set.
 */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (isPrivatePath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
