import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFactory } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createFileRowCache } from './file-row-cache';

// How /api/cdn hands bytes over (decision 073): never through the compressor, from a cache of file
// rows, or to a reverse proxy with X-Accel-Redirect.
const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(200)}</svg>`);
const audio = Buffer.alloc(4000, 9);
const ids = { svg: 'cover-svg', audio: 'preview-mp3', master: 'master-flac' };

describe('/api/cdn transport', () => {
  let plain: TestContext;
  let proxied: TestContext;

  beforeAll(async () => {
    [plain, proxied] = await Promise.all([
      createTestApp(),
      createTestApp({ config: { accelRedirectPrefix: '/_files/' } }),
    ]);
    for (const ctx of [plain, proxied]) {
      const f = catalogFactory(ctx.db, ctx.storage);
      await f.file({ id: ids.svg, mime: 'image/svg+xml', content: svg });
      await f.file({ id: ids.audio, mime: 'audio/mpeg', content: audio });
      await f.file({ id: ids.master, mime: 'audio/flac', public: false });
    }
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  const get = (ctx: TestContext, id: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url: `/api/cdn/${id}`, headers });

  it('sends covers and previews as they are stored, whatever the browser accepts, ranges included', async () => {
    const cover = await get(plain, ids.svg, { 'accept-encoding': 'br, gzip' });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-encoding']).toBeUndefined();
    expect(cover.rawPayload.equals(svg)).toBe(true);
    const ranged = await get(plain, ids.audio, { 'accept-encoding': 'gzip', range: 'bytes=10-19' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.headers['content-range']).toBe('bytes 10-19/4000');
    expect(ranged.rawPayload.length).toBe(10);
  });

  it('with ACCEL_REDIRECT_PREFIX the app checks the request and hands the file to the proxy, without a body', async () => {
    const res = await get(proxied, ids.audio, { range: 'bytes=0-99' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-accel-redirect']).toBe('/_files/test/preview-mp3');
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${createHash('sha256').update(audio).digest('hex')}"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    // The proxy answers the range from the file itself.
    expect(res.headers['content-range']).toBeUndefined();
    const head = await get(proxied, ids.svg, {}, 'HEAD');
    expect(head.headers['x-accel-redirect']).toBe('/_files/test/cover-svg');
  });

  it('with ACCEL_REDIRECT_PREFIX the checks still answer: 304, 403 for a master, 404 for an unknown id', async () => {
    const { etag } = (await get(proxied, ids.audio)).headers;
    const notModified = await get(proxied, ids.audio, { 'if-none-match': etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers['x-accel-redirect']).toBeUndefined();
    const master = await get(proxied, ids.master);
    expect(master.statusCode).toBe(403);
    expect(master.headers['x-accel-redirect']).toBeUndefined();
    expect(master.json()).toMatchObject({ error: 'FORBIDDEN' });
    const unknown = await get(proxied, 'no-such-file');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['x-accel-redirect']).toBeUndefined();
    expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('the row cache answers repeated requests without the database, forgets after its time, never keeps misses', async () => {
    let now = 0;
    let queries = 0;
    const counted = new Proxy(plain.db, {
      get(target, key) {
        if (key === 'selectFrom') queries++;
        // Kysely keeps private fields: its methods must run on the real instance.
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const cache = createFileRowCache(counted, { ttlMs: 1000, max: 2, now: () => now });
    const [a, b] = await Promise.all([cache.get(ids.audio), cache.get(ids.audio)]);
    expect(a?.size).toBe(4000);
    expect(b).toBe(a);
    expect(queries).toBe(1); // concurrent misses share one query
    await cache.get(ids.audio);
    expect(queries).toBe(1);
    now = 1001;
    await cache.get(ids.audio);
    expect(queries).toBe(2);
    expect(await cache.get('no-such-file')).toBeUndefined();
    expect(await cache.get('no-such-file')).toBeUndefined();
    expect(queries).toBe(4);
    // Bounded: a third file pushes out the oldest.
    await cache.get(ids.svg);
    await cache.get(ids.master);
    await cache.get(ids.audio);
    expect(queries).toBe(7);
  });
});
