import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFactory } from '../../../test/factories';
import { storageVariants } from '../../../test/s3-test-server';
import { createTestApp, type TestContext } from '../../../test/test-app';

// The same requests on each store: byte ranges must come out identical from the local disk and from S3.
describe.each(storageVariants)('media /api/cdn/{id} on $name', ({ start }) => {
  let ctx: TestContext;
  let store: Awaited<ReturnType<typeof start>>;
  const audio = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  let audioId: string;
  let svgId: string;
  let pngId: string;
  let emptyId: string;
  let masterId: string;
  let stemId: string;
  const etag = `"${createHash('sha256').update(audio).digest('hex')}"`;

  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp({ storage: store.storage });
    const f = catalogFactory(ctx.db, ctx.storage);
    audioId = await f.file({ mime: 'audio/mpeg', content: audio });
    svgId = await f.file({ mime: 'image/svg+xml', content: svg });
    pngId = await f.file({
      mime: 'image/png',
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]),
    });
    emptyId = await f.file({ mime: 'audio/mpeg', content: Buffer.alloc(0) });
    const product = await f.product({ id: 'song' });
    const files = await ctx.db
      .selectFrom('product_files')
      .select(['file_id', 'type'])
      .where('product_id', '=', product)
      .execute();
    masterId = files.find((r) => r.type === 'master')!.file_id;
    stemId = files.find((r) => r.type === 'stem_bass')!.file_id;
  });
  afterAll(async () => {
    await ctx?.close();
    await store?.close();
  });

  const get = (id: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    ctx.app.inject({ method, url: `/api/cdn/${id}`, headers });

  it('player downloads a whole preview with cache and range headers', async () => {
    const res = await get(audioId);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(audio)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      etag,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['last-modified']).toEqual(expect.any(String));
  });

  it('player seeks with a closed byte range and gets 206 with exactly those bytes', async () => {
    const res = await get(audioId, { range: 'bytes=100-199' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.rawPayload.equals(audio.subarray(100, 200))).toBe(true);
  });

  it('an open range a- runs to the end and a suffix range -n gives the last n bytes', async () => {
    const open = await get(audioId, { range: 'bytes=990-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    expect(open.rawPayload.equals(audio.subarray(990))).toBe(true);
    const suffix = await get(audioId, { range: 'bytes=-10' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 990-999/1000');
    expect(suffix.rawPayload.equals(audio.subarray(990))).toBe(true);
  });

  it('a range past the end is 416 with Content-Range bytes */size and the error body', async () => {
    const res = await get(audioId, { range: 'bytes=1000-1100' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.json()).toMatchObject({ error: 'RANGE_NOT_SATISFIABLE' });
  });

  it('several ranges or a malformed range are answered with the whole file', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=abc', 'bytes=9-3', 'pages=1-2']) {
      const res = await get(audioId, { range });
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(audio), range).toBe(true);
      expect(res.headers['content-range'], range).toBeUndefined();
    }
  });

  it('If-None-Match with the current ETag answers 304 without a body', async () => {
    const res = await get(audioId, { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
    expect(res.headers.etag).toBe(etag);
    const stale = await get(audioId, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('If-Range applies the range only while the ETag still matches', async () => {
    const same = await get(audioId, { range: 'bytes=0-9', 'if-range': etag });
    expect(same.statusCode).toBe(206);
    expect(same.rawPayload.equals(audio.subarray(0, 10))).toBe(true);
    const changed = await get(audioId, { range: 'bytes=0-9', 'if-range': '"old-version"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(1000);
  });

  it('HEAD reports size and type without a body, also for a range', async () => {
    const head = await get(audioId, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.headers['content-type']).toBe('audio/mpeg');
    expect(head.rawPayload.length).toBe(0);
    const ranged = await get(audioId, { range: 'bytes=0-99' }, 'HEAD');
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-length']).toBe('100');
    expect(ranged.rawPayload.length).toBe(0);
  });

  it('serves SVG covers with a script-blocking Content-Security-Policy and nosniff', async () => {
    const res = await get(svgId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(svg)).toBe(true);
    expect((await get(pngId)).headers['content-type']).toBe('image/png');
  });

  it('an empty file is 200 with length 0, and any range of it is 416', async () => {
    const res = await get(emptyId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('0');
    expect(res.rawPayload.length).toBe(0);
    const ranged = await get(emptyId, { range: 'bytes=0-' });
    expect(ranged.statusCode).toBe(416);
    expect(ranged.headers['content-range']).toBe('bytes */0');
  });

  it('masters and stems are not public: 403 FORBIDDEN with the error body', async () => {
    for (const id of [masterId, stemId]) {
      const res = await get(id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'FORBIDDEN', message: expect.any(String) });
      expect(res.headers['cache-control']).toBeUndefined();
    }
  });

  it('an unknown file id is 404 NOT_FOUND', async () => {
    const res = await get('no-such-file');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'File no-such-file not found' });
  });
});
