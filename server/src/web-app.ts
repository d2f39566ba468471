import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { contentSecurityPolicy, newNonce, NO_TELEMETRY, type ThirdParties } from './web-csp';
import { inProcessFetch, type InProcessFetch } from './lib/in-process-fetch';
import type { PageGate } from './features/maintenance/maintenance.gate';
import { MAINTENANCE_PAGE_CSP, maintenancePageHtml } from './features/maintenance/maintenance.page';

/** What the build's entry module exports beside React Router's own (web/app/entry.server.tsx). */
type EntryModule = { setServerApiTransport?: (transport: InProcessFetch | null) => void };

/**
 * Which app a page being rendered belongs to. The build's modules are loaded once per process, so the
 * transport they get is one function for every app in it (tests build several); each render runs
 * inside its own app's store, and the loaders' calls follow it through every await.
 */
const renderingApp = new AsyncLocalStorage<InProcessFetch>();
const dispatch: InProcessFetch = (url, init) => {
  const local = renderingApp.getStore();
  return local ? local(url, init) : fetch(url, init);
};

/**
 * Serves the React Router server build for every path outside /api: hashed client assets from
 * build/client, everything else rendered on the server. Every rendered page gets its own script
 * nonce (web/app/entry.server.tsx puts it on React Router's inline scripts) and the
 * Content-Security-Policy that allows it and the third parties in use.
 */
export async function registerWebApp(
  app: FastifyInstance,
  buildDir: string,
  thirdParties: ThirdParties,
  /** While maintenance is on, what a page request gets instead (issue 15); null renders the page. */
  maintenance: PageGate = async () => null,
): Promise<void> {
  const serverEntry = join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) throw new Error(`Web build not found at ${serverEntry}; run "npm run build"`);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, process.env.NODE_ENV === 'development' ? 'development' : 'production');
  // Loaders reach the API in-process (decision 050): no second request per page, and pages in flight
  // keep working while a graceful stop refuses new connections.
  (build.entry.module as EntryModule).setServerApiTransport?.(dispatch);
  const transport = inProcessFetch(app);

  await app.register(async (web) => {
    // Leave request bodies unread so the web app's actions receive the original stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));

    // Vite fingerprints everything under /assets: new content gets a new name, so browsers and CDNs keep
    // them a year without asking again. The rest of build/client (favicon, robots.txt) keeps its names,
    // so an hour. Both serve the .br/.gz that the build wrote beside each file (decision 073). Cache
    // headers come from @fastify/static's own options: it overwrites a Cache-Control set in setHeaders.
    const client = join(buildDir, 'client');
    const common = { wildcard: false, preCompressed: true, setHeaders: varyOnEncoding } as const;
    await web.register(fastifyStatic, {
      ...common,
      root: join(client, 'assets'),
      prefix: '/assets/',
      globIgnore: PRECOMPRESSED_COPIES,
      maxAge: ONE_YEAR_MS,
      immutable: true,
    });
    await web.register(fastifyStatic, {
      ...common,
      root: client,
      decorateReply: false,
      globIgnore: ['assets/**', ...PRECOMPRESSED_COPIES],
      maxAge: ONE_HOUR_MS,
    });

    web.all('/*', async (request, reply) => {
      if (request.url === '/api' || request.url.startsWith('/api/')) {
        return reply
          .status(404)
          .send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
      }
      const closed = await maintenance(request);
      if (closed) {
        return reply
          .status(503)
          .header('retry-after', String(closed.retryAfter))
          .header('cache-control', 'no-store')
          .header('content-security-policy', MAINTENANCE_PAGE_CSP)
          .header('x-content-type-options', 'nosniff')
          .type('text/html; charset=utf-8')
          .send(maintenancePageHtml(closed.retryAfter, closed.message));
      }
      const nonce = newNonce();
      const response = await renderingApp.run(transport, () =>
        handle(toFetchRequest(request, reply), { cspNonce: nonce, telemetry: thirdParties.telemetry ?? NO_TELEMETRY }),
      );
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        reply.header('content-security-policy', contentSecurityPolicy(nonce, thirdParties));
        reply.header('x-content-type-options', 'nosniff');
        reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      }
      return sendFetchResponse(reply, response);
    });
  });
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const ONE_HOUR_MS = 60 * 60 * 1000;
/** The compressed copies are served in place of their file, never under their own names. */
const PRECOMPRESSED_COPIES = ['**/*.br', '**/*.gz'];

/**
 * A file that has a compressed copy answers differently by Accept-Encoding, so shared caches must key
 * on it. @fastify/static sets no Vary itself, and the compressor, seeing Content-Encoding already set,
 * leaves the answer alone.
 */
function varyOnEncoding(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  if (COMPRESSIBLE_FILE.test(path)) res.setHeader('vary', 'accept-encoding');
}
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|svg|html|json|map|txt|xml|webmanifest)(?:\.br|\.gz)?$/i;

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  // Loaders call the API on the visitor's behalf (in-process, or over the network when the web app runs
  // apart): pass on who the visitor is (as resolved under TRUST_PROXY, so a client can't choose its own
  // address) for per-IP limits and Secure cookies.
  headers.set('x-forwarded-for', request.ip);
  headers.set('x-forwarded-proto', request.protocol);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
