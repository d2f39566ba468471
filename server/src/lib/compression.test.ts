import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSIBLE, installCompression } from './compression';

// Negotiation and what is never compressed, on a bare Fastify with only the compressor (the whole
// app's public reads, ETags and the real routes are in public-cache.test.ts and media-transport.test.ts).
const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: `product-${i}`, bpm: 120 })) });
const html = `<!doctype html><html><body>${'<p>Cuewave</p>'.repeat(300)}</body></html>`;

describe('compression', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await installCompression(app);
    app.get('/json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(json));
    app.get('/small', async () => ({ ok: true }));
    // Server rendering sends a stream (web-app.ts sendFetchResponse), whose length is unknown.
    app.get('/page', async (_request, reply) =>
      reply.type('text/html').send(Readable.from([html.slice(0, 500), html.slice(500)])),
    );
    app.get('/audio', async (_request, reply) => reply.type('audio/mpeg').send(Buffer.alloc(50_000, 7)));
    app.get('/zip', async (_request, reply) => reply.type('application/zip').send(Buffer.alloc(50_000, 1)));
    app.get('/bytes', async (_request, reply) => reply.type('application/octet-stream').send(Buffer.alloc(50_000, 1)));
    app.get('/events', async (_request, reply) =>
      reply.type('text/event-stream; charset=utf-8').send(Readable.from([`data: ${'x'.repeat(5000)}\n\n`])),
    );
    app.get('/range', async (_request, reply) =>
      reply.code(206).header('content-range', 'bytes 0-4999/50000').type('text/plain').send('y'.repeat(5000)),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, encoding?: string) =>
    app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('a browser that takes brotli gets brotli, varied on Accept-Encoding, with the same JSON inside', async () => {
    const res = await get('/json', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(json);
    expect(res.rawPayload.length).toBeLessThan(json.length / 4);
  });

  it('gzip when brotli is not offered or refused, identity when nothing or only identity is', async () => {
    const gz = await get('/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(json);
    expect((await get('/json', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    for (const encoding of [undefined, 'identity', 'compress']) {
      const res = await get('/json', encoding);
      expect(res.headers['content-encoding'], String(encoding)).toBeUndefined();
      expect(res.body, String(encoding)).toBe(json);
    }
  });

  it('a streamed server-rendered page is compressed as it streams', async () => {
    const res = await get('/page', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('leaves alone what is under 1 KB, audio, zips, opaque bytes, event streams and ranges', async () => {
    for (const url of ['/small', '/audio', '/zip', '/bytes', '/events', '/range']) {
      const res = await get(url, 'br, gzip');
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
    const events = await get('/events', 'br');
    expect(events.body.startsWith('data: xxx')).toBe(true);
    const range = await get('/range', 'br');
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('y'.repeat(5000));
  });

  it('knows which types are text worth compressing', () => {
    for (const type of [
      'text/html',
      'text/html; charset=utf-8',
      'text/css',
      'text/javascript',
      'application/javascript',
      'application/json; charset=utf-8',
      'application/problem+json',
      'application/manifest+json',
      'image/svg+xml',
      'text/x-script',
    ])
      expect(COMPRESSIBLE.test(type), type).toBe(true);
    for (const type of [
      'text/event-stream',
      'text/event-stream; charset=utf-8',
      'audio/mpeg',
      'audio/flac',
      'image/png',
      'image/jpeg',
      'application/zip',
      'application/octet-stream',
      'application/pdf',
      'video/mp4',
      'application/jsonx',
    ])
      expect(COMPRESSIBLE.test(type), type).toBe(false);
  });
});
