import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  PLAYLIST_ITEMS_MAX,
  PLAYLISTS_PER_USER_MAX,
  type UserPlaylist,
  type UserPlaylistSummary,
} from '@cuewave/contract/playlists';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, catalogFactory, userPlaylistFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';

let ctx: TestContext;
type Auth = { authorization: string };
/** Enough products to fill a playlist, inserted in one statement. */
const bulkIds = Array.from({ length: PLAYLIST_ITEMS_MAX + 1 }, (_, i) => `bulk-${String(i).padStart(3, '0')}`);

beforeAll(async () => {
  ctx = await createTestApp();
  const f = catalogFactory(ctx.db);
  for (const id of ['alpha', 'bravo']) await f.product({ id, files: false });
  await ctx.db
    .insertInto('products')
    .values(
      bulkIds.map((id) => ({
        id,
        type: 'music' as const,
        title: id,
        artist_id: 'test-artist',
        bpm: 100,
        declared_bpm: null,
        duration: 30,
        has_vocal: false,
        cover_file_id: null,
        source_key: id,
      })),
    )
    .execute();
});
afterAll(() => ctx.close());

async function user(): Promise<{ id: string; auth: Auth }> {
  const account = await accountFactory(ctx.db).account({ confirmedEmail: true });
  return { id: account.id, auth: (await sessionFor(ctx.db, account.id)).auth };
}

const post = (url: string, auth: Auth, payload?: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: auth, payload: payload as object });
const get = (url: string, auth?: Auth) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...auth } });
const del = (url: string, auth: Auth) => ctx.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: auth });

function expectError(res: LightMyRequestResponse, status: number, error: string): string {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; message: string }>();
  expect(body).toEqual({ error, message: expect.any(String) });
  return body.message;
}

async function created(auth: Auth, name = 'Mine'): Promise<UserPlaylist> {
  const res = await post('/playlist', auth, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UserPlaylist>();
}

describe('names, descriptions and notes', () => {
  it('a 10,000-character name is 400 with the error body, and nothing is stored', async () => {
    const { id, auth } = await user();
    const message = expectError(await post('/playlist', auth, { name: 'x'.repeat(10_000) }), 400, 'VALIDATION_FAILED');
    expect(message).toContain('name');
    expect(message).toContain('100');
    const { id: playlist } = await created(auth);
    expectError(await post(`/playlist/${playlist}`, auth, { name: 'y'.repeat(10_000) }), 400, 'VALIDATION_FAILED');
    const rows = await ctx.db.selectFrom('playlists').select('name').where('owner_id', '=', id).execute();
    expect(rows).toEqual([{ name: 'Mine' }]);
  });

  it('empty, blank and multi-line names, long descriptions and wrong types are 400', async () => {
    const { auth } = await user();
    const { id } = await created(auth);
    for (const body of [
      {},
      { name: '' },
      { name: '    ' },
      { name: 'two\nlines' },
      { name: 42 },
      { name: 'ok', description: 'd'.repeat(1001) },
      { name: 'ok', public: 'yes' },
    ]) {
      expectError(await post('/playlist', auth, body), 400, 'VALIDATION_FAILED');
    }
    for (const body of [{ name: ' ' }, { items: 'alpha' }, { items: [1, 2] }, { public: 'no' }]) {
      expectError(await post(`/playlist/${id}`, auth, body), 400, 'VALIDATION_FAILED');
    }
    expectError(await post(`/playlist/${id}/note`, auth, { note: 'n'.repeat(2001) }), 400, 'VALIDATION_FAILED');
    expectError(await post(`/playlist/${id}/note`, auth, {}), 400, 'VALIDATION_FAILED');
    expectError(await post('/product/alpha/note', auth, { note: 'n'.repeat(2001) }), 400, 'VALIDATION_FAILED');
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/playlist',
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectError(malformed, 400, 'BAD_REQUEST');
  });

  it('the longest allowed name, description and note are accepted', async () => {
    const { auth } = await user();
    const res = await post('/playlist', auth, { name: 'n'.repeat(100), description: 'd'.repeat(1000) });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<UserPlaylist>();
    expect((await post(`/playlist/${id}/note`, auth, { note: 'x'.repeat(2000) })).statusCode).toBe(200);
  });

  it('markup is stored and answered as the very text typed', async () => {
    const { auth } = await user();
    const script = '<script>alert("x")</script> & <b>bold</b>';
    const res = await post('/playlist', auth, { name: script, description: `<img src=x onerror=alert(1)>` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { id } = res.json<UserPlaylist>();
    await post(`/playlist/${id}/note`, auth, { note: script });
    await post('/product/alpha/note', auth, { note: script });
    await post(`/playlist/${id}/alpha`, auth);
    const again = (await get(`/playlist/${id}`, auth)).json<UserPlaylist>();
    expect(again).toMatchObject({
      name: script,
      description: '<img src=x onerror=alert(1)>',
      note: script,
      notes: { alpha: script },
    });
    const row = await ctx.db
      .selectFrom('playlists')
      .select(['name', 'note'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: script, note: script });
  });
});

describe('items', () => {
  it('ten thousand items are 400, not a crash, and the playlist is unchanged', async () => {
    const { auth } = await user();
    const { id } = await created(auth);
    await post(`/playlist/${id}/alpha`, auth);
    const items = Array.from({ length: 10_000 }, (_, i) => `track-${i}`);
    const message = expectError(await post(`/playlist/${id}`, auth, { items }), 400, 'VALIDATION_FAILED');
    expect(message).toContain(String(PLAYLIST_ITEMS_MAX));
    expectError(await post(`/playlist/${id}`, auth, { items: bulkIds }), 400, 'VALIDATION_FAILED');
    expect((await get(`/playlist/${id}`, auth)).json<UserPlaylist>().itemIds).toEqual(['alpha']);
  });

  it('unknown product ids are 400 naming them, and nothing changes', async () => {
    const { auth } = await user();
    const { id } = await created(auth);
    await post(`/playlist/${id}/alpha`, auth);
    const message = expectError(
      await post(`/playlist/${id}`, auth, { name: 'Renamed', items: ['bravo', 'ghost-one', 'ghost-two'] }),
      400,
      'UNKNOWN_PRODUCTS',
    );
    expect(message).toBe('These products do not exist: ghost-one, ghost-two');
    const unchanged = (await get(`/playlist/${id}`, auth)).json<UserPlaylist>();
    expect(unchanged).toMatchObject({ name: 'Mine', itemIds: ['alpha'] });
    // Many unknown ids: the first ten are named.
    const ghosts = Array.from({ length: 25 }, (_, i) => `ghost-${i}`);
    const many = expectError(await post(`/playlist/${id}`, auth, { items: ghosts }), 400, 'UNKNOWN_PRODUCTS');
    expect(many).toMatch(/ghost-9 and 15 more$/);
  });

  it('a full playlist takes no more tracks (409), and 500 in one update are fine', async () => {
    const { auth } = await user();
    const { id } = await created(auth);
    const full = bulkIds.slice(0, PLAYLIST_ITEMS_MAX);
    const res = await post(`/playlist/${id}`, auth, { items: full });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json<UserPlaylist>().items).toHaveLength(PLAYLIST_ITEMS_MAX);
    expectError(await post(`/playlist/${id}/alpha`, auth), 409, 'PLAYLIST_FULL');
    // Adding one that is already there is still fine (idempotent).
    expect((await post(`/playlist/${id}/${full[0]}`, auth)).statusCode).toBe(200);
  });

  it('an unknown product in the path is 404', async () => {
    const { auth } = await user();
    const { id } = await created(auth);
    expectError(await post(`/playlist/${id}/no-such-track`, auth), 404, 'NOT_FOUND');
    expectError(await post('/product/no-such-track/note', auth, { note: 'x' }), 404, 'NOT_FOUND');
  });

  it('a bad position is 400', async () => {
    const { auth } = await user();
    const { id } = await created(auth);
    expectError(await post(`/playlist/${id}/alpha?position=-1`, auth), 400, 'VALIDATION_FAILED');
    expectError(await post(`/playlist/${id}/alpha?position=abc`, auth), 400, 'VALIDATION_FAILED');
  });
});

describe('unknown playlists and limits', () => {
  it('an unknown playlist is 404 on every call', async () => {
    const { auth } = await user();
    const unknown = 'pl_AAAAAAAAAAAAAAAA';
    expectError(await get(`/playlist/${unknown}`, auth), 404, 'NOT_FOUND');
    expectError(await post(`/playlist/${unknown}`, auth, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await del(`/playlist/${unknown}`, auth), 404, 'NOT_FOUND');
    expectError(await post(`/playlist/${unknown}/note`, auth, { note: 'x' }), 404, 'NOT_FOUND');
    expectError(await post(`/playlist/${unknown}/alpha`, auth), 404, 'NOT_FOUND');
    expectError(await del(`/playlist/${unknown}/alpha`, auth), 404, 'NOT_FOUND');
  });

  it(`the ${PLAYLISTS_PER_USER_MAX + 1}st playlist is 409 with a clear message; Favorites still works`, async () => {
    const { id: owner, auth } = await user();
    const factory = userPlaylistFactory(ctx.db);
    for (let i = 0; i < PLAYLISTS_PER_USER_MAX - 1; i++) await factory.playlist(owner);
    await created(auth, 'The last one');
    const message = expectError(await post('/playlist', auth, { name: 'One too many' }), 409, 'PLAYLIST_LIMIT');
    expect(message).toBe(`You can keep up to ${PLAYLISTS_PER_USER_MAX} playlists. Delete one to create another.`);
    const fav = await post('/playlist/favorites/alpha', auth);
    expect(fav.statusCode, fav.body).toBe(200);
    expect(fav.json<UserPlaylistSummary>().favorites).toBe(true);
    const listed = (await get('/playlist', auth)).json<UserPlaylistSummary[]>();
    expect(listed).toHaveLength(PLAYLISTS_PER_USER_MAX + 1);
  });

  it('two tabs creating at the limit make one playlist, not two', async () => {
    const { id: owner, auth } = await user();
    const factory = userPlaylistFactory(ctx.db);
    for (let i = 0; i < PLAYLISTS_PER_USER_MAX - 1; i++) await factory.playlist(owner);
    const results = await Promise.all([post('/playlist', auth, { name: 'A' }), post('/playlist', auth, { name: 'B' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('notes: more than 100 ids, or none, are 400', async () => {
    const { auth } = await user();
    const ids = Array.from({ length: 101 }, (_, i) => `p${i}`).join(',');
    expectError(await get(`/product/notes?ids=${ids}`, auth), 400, 'VALIDATION_FAILED');
    expectError(await get('/product/notes', auth), 400, 'VALIDATION_FAILED');
  });
});
