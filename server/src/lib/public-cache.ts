import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { COMPRESS_THRESHOLD, compressBody, negotiateEncoding, type Encoding } from './compression';
import { etagMatches } from './http-range';

/**
 * The API reads whose answer is the same for every visitor: the catalogue, its categories and its
 * search bounds. None of them looks at a cookie or a token (signed in or not, a listing has no
 * personal field: favourites come from /api/v1/playlist/favorites), so browsers and shared caches
 * (a CDN) may keep them. Route patterns as registered; public-cache.test.ts fails when one no longer
 * exists. Not here: anything that reads the viewer (playlists by id, price quotes, search POSTs, the
 * account), /api/v1/subscription/* (no-store by security-headers.ts), the maintenance flag (it must
 * reach everyone within seconds).
 */
export const PUBLIC_READ_ROUTES: ReadonlySet<string> = new Set([
  '/api/v1/genre',
  '/api/v1/genre/:id',
  '/api/v1/category',
  '/api/v1/tag',
  '/api/v1/mood',
  '/api/v1/product/:type',
  '/api/v1/product/music/:id',
  '/api/v1/product/sfx/:id',
  '/api/v1/product/music/recommended',
  '/api/v1/product/sfx/recommended',
  '/api/v1/product/playlist/:id',
  '/api/v1/product/search/parameters',
  '/api/v1/playlist/top-tracks',
  '/api/v1/playlist/public/reels-and-shorts',
  '/api/v1/playlist/public/homepage',
  '/api/v1/playlist/public/:product',
]);

/**
 * A minute fresh, then served stale for five more while one request refreshes it: a catalogue change
 * (ingest, removal) shows within a minute, and a hot listing costs the origin one request a minute per cache.
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Compressed public reads kept per process, at most this many bytes (a listing is 10–15 KB compressed). */
const COMPRESSED_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Compressed bodies of public reads by encoding and ETag. Every visitor of a popular listing gets the
 * same bytes, and compressing them again per request cost twice what serving the cached listing did
 * (decision 073). The oldest entries go first when the budget is spent.
 */
function compressedBodies(budget: number) {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return (encoding: Encoding, etag: string, body: string | Buffer): Buffer => {
    const key = `${encoding} ${etag}`;
    const hit = entries.get(key);
    if (hit) return hit;
    const packed = compressBody(encoding, body);
    if (packed.length > budget) return packed;
    for (const [oldKey, old] of entries) {
      if (bytes + packed.length <= budget) break;
      entries.delete(oldKey);
      bytes -= old.length;
    }
    entries.set(key, packed);
    bytes += packed.length;
    return packed;
  };
}

/**
 * Short shared caching and validators for PUBLIC_READ_ROUTES: `Cache-Control`, a weak ETag of the
 * body (weak, because the compressed and identity bodies carry the same tag), 304 for a matching
 * If-None-Match (no compression, no transfer), and the compressed body from a cache. It runs before
 * the compressor (a route-level hook, so after every app-level one), which then finds Content-Encoding
 * set and leaves the answer alone.
 */
export function installPublicCache(app: FastifyInstance): void {
  const compressed = compressedBodies(COMPRESSED_CACHE_BYTES);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || !PUBLIC_READ_ROUTES.has(request.routeOptions.url ?? '')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // sha1 is ample for a cache validator (nobody gains by forging a collision with their own 304) and
    // runs at about a gigabyte a second: a 100 KB listing costs a tenth of a millisecond.
    const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', PUBLIC_READ_CACHE_CONTROL);
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return null;
    }
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding || Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload;
    const body = compressed(encoding, etag, payload);
    reply.header('content-encoding', encoding);
    reply.header('content-length', body.length);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    return body;
  });
}
