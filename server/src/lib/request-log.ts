import type { FastifyInstance } from 'fastify';

/** A request slower than this is logged at info even when it succeeded. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * Logging every request at info cost a fifth of the throughput (issue 15). Fastify's own two lines per
 * request are off (its LogController with disableRequestLogging); this writes one line per request at
 * debug, raised to info for slow answers and to error for 5xx, so at the default level `info` an
 * operator sees failures and slow requests only. LOG_LEVEL=debug brings every request back.
 */
export function installRequestLog(app: FastifyInstance, slowMs = SLOW_REQUEST_MS): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status >= 500) {
      request.log.error({ method: request.method, url: request.url, status, ms }, 'request failed');
    } else if (ms >= slowMs) {
      request.log.info({ method: request.method, url: request.url, status, ms }, 'slow request');
    } else {
      // Below debug, pino's debug is a no-op function: the line is never built into text.
      request.log.debug({ method: request.method, url: request.url, status, ms }, 'request completed');
    }
  });
}
