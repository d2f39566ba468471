import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { selectAccount } from '../account/account.repo';
import { authenticate } from '../auth/require-auth';
import { retryAfterSeconds, type MaintenanceSwitch } from './maintenance.service';
import { ERROR_MESSAGES } from '../../lib/error-texts';
import { requestLanguage } from '../../lib/request-language';

export type MaintenanceGateDeps = { db: Db; clock: Clock; maintenance: MaintenanceSwitch; operatorEmails: string[] };

/**
 * While maintenance is on, what stays open to everyone: health checks (load balancers keep the instance),
 * the switch's own status, and what signing in needs (so operators can come in and check the site).
 */
const OPEN_API = ['/api/health', '/api/v1/maintenance', '/api/auth/', '/api/captcha/', '/api/dev/'];
const OPEN_PAGES = ['/auth/', '/us/auth/', '/ott/', '/us/ott/', '/dev/'];

const opens = (prefixes: string[], path: string) =>
  prefixes.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p || path.startsWith(`${p}/`)));

/** Whether the request comes from a signed-in operator (OPERATOR_EMAILS); banners (decision 072) ask it too. */
export async function isOperator(
  deps: Pick<MaintenanceGateDeps, 'db' | 'clock' | 'operatorEmails'>,
  request: FastifyRequest,
): Promise<boolean> {
  if (deps.operatorEmails.length === 0) return false;
  const auth = await authenticate(deps, request);
  if (!auth) return false;
  const account = await selectAccount(deps.db, auth.accountId);
  return account !== undefined && deps.operatorEmails.includes(account.email.toLowerCase());
}

/**
 * Seconds to announce in Retry-After when this request must be turned away, or null when it may pass:
 * the switch is off, the path stays open, or an operator asks.
 */
export async function closedFor(
  deps: MaintenanceGateDeps,
  request: FastifyRequest,
  open: string[],
): Promise<number | null> {
  const state = await deps.maintenance.state();
  if (!state.on) return null;
  const path = request.url.split('?')[0]!;
  if (opens(open, path)) return null;
  if (await isOperator(deps, request)) return null;
  return retryAfterSeconds(state, deps.clock.now());
}

/** The API answers 503 MAINTENANCE with Retry-After while the switch is on (issue 15). */
export function installMaintenanceGate(app: FastifyInstance, deps: MaintenanceGateDeps): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const retryAfter = await closedFor(deps, request, OPEN_API);
    if (retryAfter === null) return;
    return reply
      .status(503)
      .header('retry-after', String(retryAfter))
      .header('cache-control', 'no-store')
      .send({
        error: 'MAINTENANCE',
        // In the reader's language, like every error body (decision 076).
        message:
          requestLanguage(request) === 'pl'
            ? ERROR_MESSAGES.pl.MAINTENANCE
            : 'Cuewave is undergoing maintenance. Please check back later.',
      });
  });
}

/** For the web app: null when the page renders, else the seconds for Retry-After of the maintenance page. */
export type PageGate = (request: FastifyRequest) => Promise<{ retryAfter: number; message: string | null } | null>;

export function maintenancePageGate(deps: MaintenanceGateDeps): PageGate {
  return async (request) => {
    const retryAfter = await closedFor(deps, request, OPEN_PAGES);
    if (retryAfter === null) return null;
    const state = await deps.maintenance.state();
    return { retryAfter, message: state.on ? state.message : null };
  };
}
