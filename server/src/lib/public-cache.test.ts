import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFactory } from '../../test/factories';
import { signedInUser, type SignedInUser } from '../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../test/test-app';
import { PUBLIC_READ_CACHE_CONTROL, PUBLIC_READ_ROUTES } from './public-cache';

// Public API reads in the whole app: short shared caching, ETags and 304, compressed on the way out.
describe('public API reads', () => {
  let ctx: TestContext;
  let user: SignedInUser;
  const listing = '/api/v1/product/music';

  beforeAll(async () => {
    ctx = await createTestApp();
    const f = catalogFactory(ctx.db, ctx.storage);
    await f.genre('Rock');
    await f.mood('Happy');
    // Enough products for a listing well over the compression threshold.
    for (let i = 0; i < 12; i++)
      await f.product({ id: `song-${i}`, title: `Song ${i}`, genres: ['rock'], moods: ['happy'] });
    user = await signedInUser(ctx);
  });
  afterAll(() => ctx?.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('a visitor gets a listing with short shared caching and an ETag, then 304 when it is unchanged', async () => {
    const first = await get(listing);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(PUBLIC_READ_CACHE_CONTROL);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await get(listing, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-encoding']).toBeUndefined();

    // A list of tags, one of them current, as browsers and CDNs send after a while.
    expect((await get(listing, { 'if-none-match': `W/"old", ${etag}` })).statusCode).toBe(304);
    const stale = await get(listing, { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('the ETag follows the content: another page of the listing is another tag', async () => {
    const first = await get(listing);
    const later = await get(`${listing}?skip=5`);
    expect(later.json()).not.toEqual(first.json());
    expect(later.headers.etag).not.toBe(first.headers.etag);
    expect((await get(`${listing}?skip=5`, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(200);
  });

  it('the compressed listing carries the same ETag, taken of the JSON, and 304s the same way', async () => {
    const plain = await get(listing);
    const br = await get(listing, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    // Later visitors get the same compressed bytes (kept per ETag), gzip where brotli is not taken.
    expect((await get(listing, { 'accept-encoding': 'br' })).rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await get(listing, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBe(String(gz.rawPayload.length));
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect((await get(listing, { 'accept-encoding': 'identity' })).body).toBe(plain.body);
    const head = await ctx.app.inject({ method: 'HEAD', url: listing, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers).toMatchObject({ 'content-encoding': 'br', etag: plain.headers.etag });
    const notModified = await get(listing, { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('a signed-in viewer gets the same listing as a visitor: nothing personal in a shared-cacheable answer', async () => {
    const visitor = await get(listing);
    const viewer = await get(listing, { ...user.auth, cookie: `cm-user-token=${user.tokens.access_token}` });
    expect(viewer.body).toBe(visitor.body);
    expect(viewer.headers.etag).toBe(visitor.headers.etag);
    expect(viewer.headers['set-cookie']).toBeUndefined();
  });

  it('genres, moods, a product page and the search bounds are cached; reads of the viewer and searches are not', async () => {
    for (const url of [
      '/api/v1/genre',
      '/api/v1/mood',
      '/api/v1/product/music/song-1',
      '/api/v1/product/search/parameters',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC_READ_CACHE_CONTROL);
      expect(res.headers.etag, url).toBeDefined();
    }
    const favourites = await get('/api/v1/playlist/favorites', user.auth);
    expect(favourites.statusCode).toBe(200);
    expect(favourites.headers.etag).toBeUndefined();
    expect(favourites.headers['cache-control'] ?? '').not.toMatch(/public/);
    const account = await get('/api/v1/account', user.auth);
    expect(account.headers['cache-control']).toBe('no-store');
    const search = await ctx.app.inject({ method: 'POST', url: '/api/v1/product/search', payload: { type: 'music' } });
    expect(search.headers.etag).toBeUndefined();
    expect(search.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it('errors are not cached: an unknown product is a 404 without validators', async () => {
    const res = await get('/api/v1/product/music/no-such-song', { 'if-none-match': '*' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('every route named as a public read exists (a renamed route must not silently lose its caching)', () => {
    for (const url of PUBLIC_READ_ROUTES) expect(ctx.app.hasRoute({ method: 'GET', url }), url).toBe(true);
  });
});
