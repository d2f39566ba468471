import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@cuewave/contract/errors';

export type Drain = {
  /** True once a stop began. */
  readonly draining: boolean;
  /** Requests that came over the network and have not been answered yet. */
  readonly inFlight: number;
  /**
   * Stops taking connections, answers every request that arrives from now on with 503 and
   * `Connection: close`, and waits for the requests in flight, at most `graceMs`. Then it closes the
   * connections left (idle ones, or those of requests that outlived the grace). Resolves to true when
   * every request in flight finished, false when some were cut.
   */
  start(graceMs: number): Promise<boolean>;
};

declare module 'fastify' {
  // Fastify's decorators are typed by declaration merging, which needs an interface.
  interface FastifyInstance {
    drain: Drain;
  }
}

/** What a load balancer or client is told to wait before trying again (the next instance is starting). */
const RETRY_AFTER_SECONDS = '5';

/**
 * Graceful stop (decision 050). Requests are counted where the HTTP server hands them over, before
 * Fastify sees them, so that "in flight" means every request a client sent before the stop. Requests
 * the app makes to itself (server rendering reaches the API through inject(), decision 050) never pass
 * the HTTP server: pages in flight keep reaching the API while the drain refuses newcomers.
 */
export function installDrain(app: FastifyInstance): Drain {
  const inFlight = new Set<ServerResponse>();
  const lateArrivals = new WeakSet<IncomingMessage>();
  let draining = false;
  let onIdle: (() => void) | null = null;

  // prependListener: this runs before Fastify's own handler, so a late arrival is marked before its hooks.
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (draining) {
      lateArrivals.add(request);
      return;
    }
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (inFlight.size === 0) onIdle?.();
    });
  });

  // The first hook of every request: nothing else (rate limits, sessions, the database) runs for a refusal.
  app.addHook('onRequest', (request, reply, done) => {
    if (!lateArrivals.has(request.raw)) return done();
    reply.status(503).header('connection', 'close').header('retry-after', RETRY_AFTER_SECONDS);
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      reply.send({
        error: 'SERVICE_UNAVAILABLE',
        message: 'The server is restarting. Please try again in a few seconds.',
      } satisfies ErrorBody);
    } else {
      reply.type('text/plain; charset=utf-8').send('Cuewave is restarting. Please reload in a few seconds.');
    }
  });

  const drain: Drain = {
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight.size;
    },
    async start(graceMs) {
      draining = true;
      // Answers not yet begun end their connection; answers already streaming leave an idle one, closed below.
      for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
      // No new connections; Node also closes the idle keep-alive ones here.
      if (app.server.listening) app.server.close(() => {});
      let finished = inFlight.size === 0;
      if (!finished) {
        let timer: NodeJS.Timeout | undefined;
        finished = await new Promise<boolean>((resolve) => {
          onIdle = () => resolve(true);
          timer = setTimeout(() => resolve(false), graceMs);
        });
        clearTimeout(timer);
        onIdle = null;
      }
      // What is left is idle keep-alive connections, or requests that outlived the grace.
      app.server.closeAllConnections();
      return finished;
    },
  };
  app.decorate('drain', drain);
  return drain;
}
