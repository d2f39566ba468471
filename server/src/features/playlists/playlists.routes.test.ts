import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { playlistSchema } from '@cuewave/contract/catalog';
import {
  userPlaylistSchema,
  userPlaylistSummarySchema,
  type UserPlaylist,
  type UserPlaylistSummary,
} from '@cuewave/contract/playlists';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, catalogFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(new Date('2030-05-01T10:00:00Z'));
let ctx: TestContext;
type Auth = { authorization: string };

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const f = catalogFactory(ctx.db);
  await f.product({ id: 'alpha', title: 'Alpha', duration: 100 });
  for (const id of ['bravo', 'charlie', 'delta', 'echo']) await f.product({ id, duration: 60, files: false });
  await f.playlist({ name: 'Late Night', placement: 'music', products: ['bravo', 'alpha'] });
});
afterAll(() => ctx.close());

async function user(): Promise<{ id: string; auth: Auth }> {
  const account = await accountFactory(ctx.db).account({ confirmedEmail: true });
  return { id: account.id, auth: (await sessionFor(ctx.db, account.id, clock)).auth };
}

type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; auth?: Auth; payload?: unknown };
const call = ({ method, url, auth, payload }: Call) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: { ...auth }, payload: payload as object });

function ok<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

function expectError(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ error, message: expect.any(String) });
}

async function create(auth: Auth, payload: Record<string, unknown>): Promise<UserPlaylist> {
  clock.advance(1000);
  return userPlaylistSchema.parse(ok(await call({ method: 'POST', url: '/playlist', auth, payload }), 201));
}

const list = async (auth: Auth) => ok<UserPlaylistSummary[]>(await call({ method: 'GET', url: '/playlist', auth }));

describe('creating and listing playlists', () => {
  it('a user creates a private playlist and gets it back empty', async () => {
    const { auth } = await user();
    const playlist = await create(auth, { name: '  Road trip ', description: 'Summer drives' });
    expect(playlist).toEqual({
      id: expect.stringMatching(/^pl_[A-Za-z0-9_-]{16}$/),
      name: 'Road trip',
      description: 'Summer drives',
      public: false,
      fileID: null,
      trackCount: 0,
      duration: 0,
      createTS: clock.now().getTime(),
      updateTS: clock.now().getTime(),
      note: null,
      favorites: false,
      owned: true,
      itemIds: [],
      items: [],
      notes: {},
    });
    const row = await ctx.db
      .selectFrom('playlists')
      .select(['name', 'public', 'placement'])
      .where('id', '=', playlist.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Road trip', public: false, placement: null });
  });

  it('lists only the caller’s playlists, most recently changed first', async () => {
    const me = await user();
    const other = await user();
    const first = await create(me.auth, { name: 'First' });
    const second = await create(me.auth, { name: 'Second' });
    await create(other.auth, { name: 'Not mine' });
    expect((await list(me.auth)).map((p) => p.name)).toEqual(['Second', 'First']);
    // A track added to the older playlist moves it to the top.
    clock.advance(1000);
    ok(await call({ method: 'POST', url: `/playlist/${first.id}/alpha`, auth: me.auth }));
    const listed = await list(me.auth);
    expect(listed.map((p) => p.id)).toEqual([first.id, second.id]);
    expect(listed[0]).toMatchObject({
      itemIds: ['alpha'],
      trackCount: 1,
      duration: 100,
      updateTS: clock.now().getTime(),
    });
    expect(listed[0]!.fileID).toEqual(expect.any(String));
    for (const p of listed) userPlaylistSummarySchema.parse(p);
  });

  it('a visitor without a token gets 401 on every signed-in call', async () => {
    const calls: Call[] = [
      { method: 'GET', url: '/playlist' },
      { method: 'POST', url: '/playlist', payload: { name: 'x' } },
      { method: 'GET', url: '/playlist/favorites' },
      { method: 'POST', url: '/playlist/favorites/alpha' },
      { method: 'DELETE', url: '/playlist/favorites/alpha' },
      { method: 'POST', url: '/playlist/pl_x', payload: { name: 'x' } },
      { method: 'DELETE', url: '/playlist/pl_x' },
      { method: 'POST', url: '/playlist/pl_x/note', payload: { note: 'x' } },
      { method: 'POST', url: '/playlist/pl_x/alpha' },
      { method: 'DELETE', url: '/playlist/pl_x/alpha' },
      { method: 'POST', url: '/product/alpha/note', payload: { note: 'x' } },
      { method: 'GET', url: '/product/notes?ids=alpha' },
    ];
    for (const c of calls) expectError(await call(c), 401, 'verify jwt token');
  });
});

describe('changing a playlist', () => {
  it('the owner renames, describes, publishes and orders the items in one call', async () => {
    const { auth } = await user();
    const { id } = await create(auth, { name: 'Draft' });
    clock.advance(1000);
    const updated = userPlaylistSchema.parse(
      ok(
        await call({
          method: 'POST',
          url: `/playlist/${id}`,
          auth,
          payload: {
            name: 'Final',
            description: 'Ready',
            public: true,
            items: ['charlie', 'alpha', 'charlie', 'bravo'],
          },
        }),
      ),
    );
    expect(updated).toMatchObject({
      name: 'Final',
      description: 'Ready',
      public: true,
      itemIds: ['charlie', 'alpha', 'bravo'],
      trackCount: 3,
      duration: 220,
      updateTS: clock.now().getTime(),
    });
    expect(updated.items.map((p) => p.id)).toEqual(['charlie', 'alpha', 'bravo']);
    expect(updated.items[1]).toMatchObject({ id: 'alpha', title: 'Alpha', artist: { name: 'Test Artist' } });
    const rows = await ctx.db
      .selectFrom('playlist_items')
      .select(['product_id', 'position'])
      .where('playlist_id', '=', id)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { product_id: 'charlie', position: 0 },
      { product_id: 'alpha', position: 1 },
      { product_id: 'bravo', position: 2 },
    ]);
    // Fields left out stay as they were; an empty list empties it.
    const emptied = ok<UserPlaylist>(
      await call({ method: 'POST', url: `/playlist/${id}`, auth, payload: { items: [] } }),
    );
    expect(emptied).toMatchObject({ name: 'Final', public: true, itemIds: [], items: [] });
  });

  it('adds and removes tracks, idempotently, and Undo puts a track back in its place', async () => {
    const { auth } = await user();
    const { id } = await create(auth, { name: 'Mix' });
    for (const product of ['alpha', 'bravo', 'charlie', 'alpha']) {
      ok(await call({ method: 'POST', url: `/playlist/${id}/${product}`, auth }));
    }
    const removed = ok<UserPlaylistSummary>(await call({ method: 'DELETE', url: `/playlist/${id}/bravo`, auth }));
    expect(removed.itemIds).toEqual(['alpha', 'charlie']);
    const again = ok<UserPlaylistSummary>(await call({ method: 'DELETE', url: `/playlist/${id}/bravo`, auth }));
    expect(again.itemIds).toEqual(['alpha', 'charlie']);
    const undone = ok<UserPlaylistSummary>(
      await call({ method: 'POST', url: `/playlist/${id}/bravo?position=1`, auth }),
    );
    expect(undone.itemIds).toEqual(['alpha', 'bravo', 'charlie']);
    const atEnd = ok<UserPlaylistSummary>(
      await call({ method: 'POST', url: `/playlist/${id}/delta?position=99`, auth }),
    );
    expect(atEnd.itemIds).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    const full = ok<UserPlaylist>(await call({ method: 'GET', url: `/playlist/${id}`, auth }));
    expect(full.items.map((p) => p.id)).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
  });

  it('two tabs adding the same track at once make one row', async () => {
    const { auth } = await user();
    const { id } = await create(auth, { name: 'Race' });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => call({ method: 'POST', url: `/playlist/${id}/echo`, auth })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await ctx.db.selectFrom('playlist_items').selectAll().where('playlist_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    // Different tracks at once each get their own place.
    await Promise.all(
      ['alpha', 'bravo', 'charlie'].map((p) => call({ method: 'POST', url: `/playlist/${id}/${p}`, auth })),
    );
    const positions = await ctx.db
      .selectFrom('playlist_items')
      .select('position')
      .where('playlist_id', '=', id)
      .execute();
    expect(new Set(positions.map((r) => r.position)).size).toBe(4);
  });

  it('the owner sets and clears a note on the playlist; others never see it', async () => {
    const owner = await user();
    const other = await user();
    const { id } = await create(owner.auth, { name: 'Noted', public: true });
    clock.advance(1000);
    const noted = ok<UserPlaylistSummary>(
      await call({
        method: 'POST',
        url: `/playlist/${id}/note`,
        auth: owner.auth,
        payload: { note: ' For the intro ' },
      }),
    );
    expect(noted).toMatchObject({ note: 'For the intro', updateTS: clock.now().getTime() });
    expect(ok<UserPlaylist>(await call({ method: 'GET', url: `/playlist/${id}`, auth: owner.auth })).note).toBe(
      'For the intro',
    );
    expect(ok<UserPlaylist>(await call({ method: 'GET', url: `/playlist/${id}`, auth: other.auth })).note).toBeNull();
    expect(ok<UserPlaylist>(await call({ method: 'GET', url: `/playlist/${id}` })).note).toBeNull();
    const cleared = ok<UserPlaylistSummary>(
      await call({ method: 'POST', url: `/playlist/${id}/note`, auth: owner.auth, payload: { note: '' } }),
    );
    expect(cleared.note).toBeNull();
  });

  it('the owner deletes a playlist; it is gone with its items', async () => {
    const { auth } = await user();
    const { id } = await create(auth, { name: 'Gone soon' });
    ok(await call({ method: 'POST', url: `/playlist/${id}/alpha`, auth }));
    const res = await call({ method: 'DELETE', url: `/playlist/${id}`, auth });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await call({ method: 'GET', url: `/playlist/${id}`, auth }), 404, 'NOT_FOUND');
    expectError(await call({ method: 'DELETE', url: `/playlist/${id}`, auth }), 404, 'NOT_FOUND');
    expect(await ctx.db.selectFrom('playlist_items').selectAll().where('playlist_id', '=', id).execute()).toEqual([]);
  });
});

describe('who sees and changes a playlist', () => {
  it('a signed-out visitor opens a public playlist, with its products', async () => {
    const { auth } = await user();
    const { id } = await create(auth, { name: 'Shared', public: true });
    ok(await call({ method: 'POST', url: `/playlist/${id}`, auth, payload: { items: ['delta', 'alpha'] } }));
    const res = await call({ method: 'GET', url: `/playlist/${id}` });
    const seen = userPlaylistSchema.parse(ok(res));
    expect(seen).toMatchObject({ name: 'Shared', owned: false, favorites: false, notes: {}, note: null });
    expect(seen.items.map((p) => p.id)).toEqual(['delta', 'alpha']);
    // Made private again: 404 to the visitor, like an id that never existed.
    ok(await call({ method: 'POST', url: `/playlist/${id}`, auth, payload: { public: false } }));
    const hidden = await call({ method: 'GET', url: `/playlist/${id}` });
    const unknown = await call({ method: 'GET', url: '/playlist/pl_doesnotexist0000' });
    expectError(hidden, 404, 'NOT_FOUND');
    expect(hidden.json<{ message: string }>().message).toBe(`Playlist ${id} not found`);
    expectError(unknown, 404, 'NOT_FOUND');
  });

  it('another user’s private playlist is 404 for every call, and nothing changes', async () => {
    const owner = await user();
    const other = await user();
    const { id } = await create(owner.auth, { name: 'Private', description: 'secret words' });
    ok(await call({ method: 'POST', url: `/playlist/${id}/alpha`, auth: owner.auth }));
    const attempts: Call[] = [
      { method: 'GET', url: `/playlist/${id}` },
      { method: 'POST', url: `/playlist/${id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE', url: `/playlist/${id}` },
      { method: 'POST', url: `/playlist/${id}/note`, payload: { note: 'x' } },
      { method: 'POST', url: `/playlist/${id}/bravo` },
      { method: 'DELETE', url: `/playlist/${id}/alpha` },
    ];
    for (const attempt of attempts) {
      const res = await call({ ...attempt, auth: other.auth });
      expectError(res, 404, 'NOT_FOUND');
      expect(res.body).not.toContain('secret');
      expect(res.body).not.toContain('Private');
    }
    const mine = ok<UserPlaylist>(await call({ method: 'GET', url: `/playlist/${id}`, auth: owner.auth }));
    expect(mine).toMatchObject({ name: 'Private', itemIds: ['alpha'], note: null, owned: true });
    expect((await list(other.auth)).map((p) => p.id)).not.toContain(id);
  });

  it('another user’s public playlist can be read but not changed', async () => {
    const owner = await user();
    const other = await user();
    const { id } = await create(owner.auth, { name: 'Open', public: true });
    expect(ok<UserPlaylist>(await call({ method: 'GET', url: `/playlist/${id}`, auth: other.auth }))).toMatchObject({
      owned: false,
    });
    expectError(await call({ method: 'POST', url: `/playlist/${id}/alpha`, auth: other.auth }), 404, 'NOT_FOUND');
    expectError(
      await call({ method: 'POST', url: `/playlist/${id}`, auth: other.auth, payload: { public: false } }),
      404,
      'NOT_FOUND',
    );
  });

  it('an expired or altered token on a private playlist is 401, so the web app refreshes; public ones still open', async () => {
    const owner = await user();
    const { id } = await create(owner.auth, { name: 'Mine' });
    const { id: shared } = await create(owner.auth, { name: 'Ours', public: true });
    const bad = { authorization: `${owner.auth.authorization}x` };
    expectError(await call({ method: 'GET', url: `/playlist/${id}`, auth: bad }), 401, 'verify jwt token');
    expectError(
      await call({ method: 'GET', url: '/playlist/pl_nothinghere00000', auth: bad }),
      401,
      'verify jwt token',
    );
    expect((await call({ method: 'GET', url: `/playlist/${shared}`, auth: bad })).statusCode).toBe(200);
  });

  it('curated playlists still open at /v1/playlist/{id}; users’ playlists never appear in curated calls', async () => {
    const { auth } = await user();
    const curated = await call({ method: 'GET', url: '/playlist/late-night' });
    const body = ok<UserPlaylist>(curated);
    expect(playlistSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ id: 'late-night', owned: false, favorites: false, itemIds: ['bravo', 'alpha'] });
    const { id } = await create(auth, { name: 'Public mine', public: true });
    expectError(await call({ method: 'GET', url: `/product/playlist/${id}` }), 404, 'NOT_FOUND');
    for (const placement of ['homepage', 'music', 'sfx']) {
      const listed = ok<{ id: string }[]>(await call({ method: 'GET', url: `/playlist/public/${placement}` }));
      expect(listed.map((p) => p.id)).not.toContain(id);
    }
    // The owner cannot change a curated playlist either.
    expectError(await call({ method: 'POST', url: '/playlist/late-night/alpha', auth }), 404, 'NOT_FOUND');
    expectError(await call({ method: 'DELETE', url: '/playlist/late-night', auth }), 404, 'NOT_FOUND');
  });
});

describe('Favorites', () => {
  it('the first heart creates Favorites; it is listed, flagged and opened without knowing its id', async () => {
    const { auth } = await user();
    const added = ok<UserPlaylistSummary>(await call({ method: 'POST', url: '/playlist/favorites/alpha', auth }));
    expect(added).toMatchObject({ name: 'Favorites', favorites: true, owned: true, public: false, itemIds: ['alpha'] });
    ok(await call({ method: 'POST', url: '/playlist/favorites/bravo', auth }));
    const favorites = userPlaylistSchema.parse(ok(await call({ method: 'GET', url: '/playlist/favorites', auth })));
    expect(favorites.id).toBe(added.id);
    expect(favorites.items.map((p) => p.id)).toEqual(['alpha', 'bravo']);
    expect((await list(auth)).filter((p) => p.favorites).map((p) => p.id)).toEqual([added.id]);
    const removed = ok<UserPlaylistSummary>(await call({ method: 'DELETE', url: '/playlist/favorites/alpha', auth }));
    expect(removed.itemIds).toEqual(['bravo']);
    // It is a playlist like the others: by its id too.
    ok(await call({ method: 'POST', url: `/playlist/${added.id}/charlie`, auth }));
    expect(ok<UserPlaylist>(await call({ method: 'GET', url: '/playlist/favorites', auth })).itemIds).toEqual([
      'bravo',
      'charlie',
    ]);
  });

  it('opening Favorites before any heart answers an empty Favorites', async () => {
    const { auth } = await user();
    const favorites = ok<UserPlaylist>(await call({ method: 'GET', url: '/playlist/favorites', auth }));
    expect(favorites).toMatchObject({ name: 'Favorites', favorites: true, items: [], itemIds: [] });
  });

  it('two tabs favouriting at once make one Favorites and one row', async () => {
    const { id: accountId, auth } = await user();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call({ method: 'POST', url: '/playlist/favorites/delta', auth })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await ctx.db
      .selectFrom('playlists')
      .select('id')
      .where('owner_id', '=', accountId)
      .where('favorites', '=', true)
      .execute();
    expect(rows).toHaveLength(1);
    const items = await ctx.db
      .selectFrom('playlist_items')
      .selectAll()
      .where('playlist_id', '=', rows[0]!.id)
      .execute();
    expect(items).toHaveLength(1);
  });

  it('Favorites keeps its name, and no other playlist may take it', async () => {
    const { auth } = await user();
    const fav = ok<UserPlaylistSummary>(await call({ method: 'POST', url: '/playlist/favorites/alpha', auth }));
    expectError(
      await call({ method: 'POST', url: `/playlist/${fav.id}`, auth, payload: { name: 'Loved' } }),
      409,
      'CONFLICT',
    );
    // Sending its own name back (a form that sends every field) is fine, and so are the other fields.
    const kept = ok<UserPlaylist>(
      await call({ method: 'POST', url: `/playlist/${fav.id}`, auth, payload: { name: 'Favorites', public: true } }),
    );
    expect(kept).toMatchObject({ name: 'Favorites', public: true });
    expectError(
      await call({ method: 'POST', url: '/playlist', auth, payload: { name: ' favorites ' } }),
      409,
      'CONFLICT',
    );
    const other = await create(auth, { name: 'Other' });
    expectError(
      await call({ method: 'POST', url: `/playlist/${other.id}`, auth, payload: { name: 'FAVORITES' } }),
      409,
      'CONFLICT',
    );
  });

  it('a deleted Favorites comes back empty with the next heart', async () => {
    const { auth } = await user();
    const first = ok<UserPlaylistSummary>(await call({ method: 'POST', url: '/playlist/favorites/alpha', auth }));
    expect((await call({ method: 'DELETE', url: `/playlist/${first.id}`, auth })).statusCode).toBe(204);
    const second = ok<UserPlaylistSummary>(await call({ method: 'POST', url: '/playlist/favorites/bravo', auth }));
    expect(second.id).not.toBe(first.id);
    expect(second.itemIds).toEqual(['bravo']);
  });

  it('favouriting an unknown product is 404 and creates nothing (the transaction is undone)', async () => {
    const { auth } = await user();
    expectError(await call({ method: 'POST', url: '/playlist/favorites/no-such-track', auth }), 404, 'NOT_FOUND');
    expect(await list(auth)).toEqual([]);
  });
});

describe('the API document and account removal', () => {
  it('documents every playlist and note path in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const expected: Record<string, string[]> = {
      '/api/v1/playlist': ['get', 'post'],
      '/api/v1/playlist/favorites': ['get'],
      '/api/v1/playlist/favorites/{productId}': ['post', 'delete'],
      '/api/v1/playlist/{id}': ['get', 'post', 'delete'],
      '/api/v1/playlist/{id}/note': ['post'],
      '/api/v1/playlist/{id}/{productId}': ['post', 'delete'],
      '/api/v1/product/notes': ['get'],
      '/api/v1/product/{id}/note': ['post'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining(methods));
    }
  });

  it('deleting an account deletes its playlists, items and notes', async () => {
    const { id: accountId, auth } = await user();
    const { id } = await create(auth, { name: 'Short-lived' });
    ok(await call({ method: 'POST', url: `/playlist/${id}/alpha`, auth }));
    ok(await call({ method: 'POST', url: '/playlist/favorites/bravo', auth }));
    ok(await call({ method: 'POST', url: '/product/alpha/note', auth, payload: { note: 'mine' } }));
    await ctx.db.deleteFrom('accounts').where('id', '=', accountId).execute();
    expect(await ctx.db.selectFrom('playlists').select('id').where('owner_id', '=', accountId).execute()).toEqual([]);
    expect(
      await ctx.db.selectFrom('playlist_items').select('product_id').where('playlist_id', '=', id).execute(),
    ).toEqual([]);
    expect(
      await ctx.db.selectFrom('product_notes').select('note').where('account_id', '=', accountId).execute(),
    ).toEqual([]);
  });
});
