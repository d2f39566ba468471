import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  searchHistorySchema,
  searchParametersSchema,
  searchResponseSchema,
  type SearchRequest,
  type SearchResponse,
} from '@cuewave/contract/search';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { catalogFactory } from '../../../test/factories';
import { signedInUser, type SignedInUser } from '../../../test/auth-helpers';

/**
 * Standard search, the bounds, history and bad input through HTTP (issue 13). The catalogue:
 *
 * | id          | type  | genre / subgenre            | bpm | dur | vocal | moods     | instruments      |
 * | piano-dawn  | music | pop / acoustic-pop          |  82 |  95 | no    | peaceful  | piano            |
 * | neon-rush   | music | electronic / drum-and-bass  | 174 | 110 | no    | energetic | synth bass, drums|
 * | calaveras   | music | musica-latina / dia-de-...  | 140 |  60 | yes   | playful   | trumpet          |
 * | slow-tide   | music | electronic / house          | 118 | 240 | yes   | peaceful  | pads             |
 * | whoosh      | sfx   | whooshes                    |  -  |   2 | no    |           |                  |
 */
let ctx: TestContext;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp();
  const f = catalogFactory(ctx.db, ctx.storage);
  await f.genre('Pop');
  await f.subgenre('pop', 'Acoustic Pop');
  await f.genre('Electronic');
  await f.subgenre('electronic', 'Drum & Bass', { id: 'drum-and-bass' });
  await f.subgenre('electronic', 'House');
  await f.genre('Música Latina', { id: 'musica-latina' });
  await f.subgenre('musica-latina', 'Día de Muertos', { id: 'dia-de-muertos' });
  await f.sfxCategory('Whooshes');
  for (const m of ['Peaceful', 'Energetic', 'Playful']) await f.mood(m);
  await f.product({
    id: 'piano-dawn',
    title: 'Piano Dawn',
    artist: 'Ivy Moss',
    subgenres: ['acoustic-pop'],
    moods: ['peaceful'],
    instruments: ['piano'],
    description: 'A gentle solo piano piece for quiet mornings.',
    bpm: 82,
    duration: 95,
    releaseYear: 2019,
    rank: 10,
  });
  await f.product({
    id: 'neon-rush',
    title: 'Neon Rush',
    artist: 'Sub Unit',
    subgenres: ['drum-and-bass'],
    moods: ['energetic'],
    instruments: ['synth bass', 'drums'],
    keywords: ['gaming', 'sport'],
    bpm: 174,
    duration: 110,
    releaseYear: 2024,
    rank: 30,
  });
  await f.product({
    id: 'calaveras',
    title: 'Calaveras',
    artist: 'Los Hermanos',
    subgenres: ['dia-de-muertos'],
    moods: ['playful'],
    instruments: ['trumpet'],
    vocal: true,
    bpm: 140,
    duration: 60,
    releaseYear: 2021,
    rank: 5,
  });
  await f.product({
    id: 'slow-tide',
    title: 'Slow Tide',
    artist: 'Ivy Moss',
    subgenres: ['house'],
    moods: ['peaceful'],
    instruments: ['pads'],
    vocal: true,
    bpm: 118,
    duration: 240,
    releaseYear: 2023,
    rank: 20,
  });
  await f.product({ id: 'whoosh', type: 'sfx', title: 'Whoosh Swipe', categories: ['whooshes'], duration: 2 });
  alice = await signedInUser(ctx);
  bob = await signedInUser(ctx);
});

afterAll(() => ctx.close());

async function post(body: SearchRequest | Record<string, unknown>, query = '', headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1/product/search${query}`, payload: body, headers });
}

async function searchOk(
  body: SearchRequest,
  query = '',
  headers: Record<string, string> = {},
): Promise<SearchResponse> {
  const res = await post(body, query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return searchResponseSchema.parse(res.json());
}

const idsOf = (r: SearchResponse) => r.items.map((p) => p.id);

describe('POST /v1/product/search (standard)', () => {
  it('finds by title, artist, genre, instrument and description, with facet counts and timings', async () => {
    const res = await post({ prompt: 'piano' });
    expect(res.headers['server-timing']).toMatch(/embed;dur=[\d.]+, search;dur=[\d.]+/);
    const r = searchResponseSchema.parse(res.json());
    expect(idsOf(r)).toEqual(['piano-dawn']);
    expect(r.count).toBe(1);
    expect(r.engine).toBe('standard');
    expect(r.items[0]!.files.length).toBeGreaterThan(0); // full products, ready for the player
    expect(idsOf(await searchOk({ prompt: 'ivy moss ' }))).toEqual(['slow-tide', 'piano-dawn']);
    expect(idsOf(await searchOk({ prompt: 'drum bass ' }))).toEqual(['neon-rush']);
    expect(idsOf(await searchOk({ prompt: 'quiet mornings ' }))).toEqual(['piano-dawn']);
    expect(idsOf(await searchOk({ prompt: 'gaming ' }))).toEqual(['neon-rush']);
    const all = await searchOk({ prompt: '' });
    expect(all.count).toBe(4);
    expect(all.facets.moods).toContainEqual({ id: 'peaceful', name: 'Peaceful', count: 2 });
    expect(all.facets.vocal).toEqual({ vocal: 2, instrumental: 2 });
    expect(all.facets.genres).toContainEqual({ id: 'electronic', name: 'Electronic', count: 2 });
  });

  it('forgives typos and diacritics, matches while typing, and searches sound effects apart', async () => {
    const typo = await searchOk({ prompt: 'pianno ' });
    expect(idsOf(typo)).toEqual(['piano-dawn']);
    expect(typo.corrected).toBe('piano');
    expect(idsOf(await searchOk({ prompt: 'dia de muertos' }))).toEqual(['calaveras']);
    expect(idsOf(await searchOk({ prompt: 'calav' }))).toEqual(['calaveras']);
    expect(idsOf(await searchOk({ prompt: 'whoosh', type: 'sfx' }))).toEqual(['whoosh']);
    expect(idsOf(await searchOk({ prompt: 'whoosh' }))).toEqual([]);
  });

  it('reads Polish words as their English meaning', async () => {
    expect(idsOf(await searchOk({ prompt: 'pianino ' }))).toEqual(['piano-dawn']);
    expect(idsOf(await searchOk({ prompt: 'trąbka ' }))).toEqual(['calaveras']);
  });

  it('applies every filter; an empty prompt is a filtered listing in alphabetical order', async () => {
    const list = (body: SearchRequest) => searchOk({ prompt: '', ...body }).then(idsOf);
    expect(await list({})).toEqual(['calaveras', 'neon-rush', 'piano-dawn', 'slow-tide']);
    expect(await list({ genres: ['electronic'] })).toEqual(['neon-rush', 'slow-tide']);
    expect(await list({ genres: ['electronic'], subGenres: ['house'] })).toEqual(['slow-tide']);
    expect(await list({ moods: ['peaceful'], vocalOnly: true })).toEqual(['slow-tide']);
    expect(await list({ instrumentalOnly: true })).toEqual(['neon-rush', 'piano-dawn']);
    expect(await list({ bpm: { from: 100, to: 150 } })).toEqual(['calaveras', 'slow-tide']);
    expect(await list({ duration: { to: 100 } })).toEqual(['calaveras', 'piano-dawn']);
    expect(await list({ releaseYear: { from: 2022 } })).toEqual(['neon-rush', 'slow-tide']);
    expect(await list({ artists: ['ivy-moss'] })).toEqual(['piano-dawn', 'slow-tide']);
    expect(await list({ categories: ['whooshes'], type: 'sfx' })).toEqual(['whoosh']);
    expect(await list({ sort: 'bpm_desc' })).toEqual(['neon-rush', 'calaveras', 'slow-tide', 'piano-dawn']);
    expect(await list({ sort: 'duration_asc' })).toEqual(['calaveras', 'piano-dawn', 'neon-rush', 'slow-tide']);
    // Unknown ids match nothing, without an error.
    expect(await list({ genres: ['no-such-genre'], moods: ['nope'] })).toEqual([]);
  });

  it('treats ranges at or beyond the catalogue bounds as unset, and pages with skip and limit', async () => {
    const params = searchParametersSchema.parse(
      (await ctx.app.inject({ url: '/api/v1/product/search/parameters?type=music' })).json(),
    );
    expect(params).toEqual({ bpm: { from: 82, to: 174 }, duration: { from: 60, to: 240 } });
    const sfx = searchParametersSchema.parse(
      (await ctx.app.inject({ url: '/api/v1/product/search/parameters?type=sfx' })).json(),
    );
    expect(sfx.bpm).toEqual({ from: 0, to: 300 }); // no tempo among sound effects: the spec's default
    const wide = await searchOk({ prompt: '', bpm: { from: 0, to: 999 }, duration: { from: 60, to: 240 } });
    expect(wide.count).toBe(4);
    const first = await searchOk({ prompt: '' }, '?skip=0&limit=2');
    const second = await searchOk({ prompt: '' }, '?skip=2&limit=2');
    expect([...idsOf(first), ...idsOf(second)]).toEqual(['calaveras', 'neon-rush', 'piano-dawn', 'slow-tide']);
    expect(first.count).toBe(4);
  });

  it('follows the catalogue at once: added, changed and removed products', async () => {
    const f = catalogFactory(ctx.db, ctx.storage);
    await f.product({ id: 'fresh-one', title: 'Marimba Morning', subgenres: ['acoustic-pop'], files: false });
    expect(idsOf(await searchOk({ prompt: 'marimba ' }))).toEqual(['fresh-one']);
    await ctx.db.updateTable('products').set({ title: 'Glass Harmonica' }).where('id', '=', 'fresh-one').execute();
    await ctx.db
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    expect(idsOf(await searchOk({ prompt: 'marimba ' }))).toEqual([]);
    expect(idsOf(await searchOk({ prompt: 'harmonica ' }))).toEqual(['fresh-one']);
    await ctx.db.deleteFrom('products').where('id', '=', 'fresh-one').execute();
    await ctx.db
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    expect(idsOf(await searchOk({ prompt: 'harmonica ' }))).toEqual([]);
  });
});

describe('search history', () => {
  it('records a signed-in user’s searches newest first, merges typing, dedupes, and clears', async () => {
    await searchOk({ prompt: 'pia' }, '', alice.auth);
    await searchOk({ prompt: 'piano' }, '', alice.auth); // still typing: replaces "pia"
    await searchOk({ prompt: 'drum bass', genres: ['electronic'] }, '', alice.auth);
    await searchOk({ prompt: 'piano' }, '', alice.auth); // again: moves to the top
    await searchOk({ prompt: 'piano' }, '?skip=30', alice.auth); // a further page is not a new search
    await searchOk({ prompt: '' }, '', alice.auth); // no prompt: not recorded
    const res = await ctx.app.inject({ url: '/api/v1/product/search/history', headers: alice.auth });
    const history = searchHistorySchema.parse(res.json());
    expect(history.items.map((h) => h.prompt)).toEqual(['piano', 'drum bass']);
    expect(history.items[1]!.filters).toEqual({ genres: ['electronic'] });
    expect(history.items[0]!.engine).toBe('standard');

    // Bob sees none of it, and cannot delete Alice's entries by id.
    const bobs = await ctx.app.inject({ url: '/api/v1/product/search/history', headers: bob.auth });
    expect(searchHistorySchema.parse(bobs.json()).items).toEqual([]);
    const steal = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/product/search/history?id=${history.items[0]!.id}`,
      headers: bob.auth,
    });
    expect(steal.statusCode).toBe(204);
    const after = await ctx.app.inject({ url: '/api/v1/product/search/history', headers: alice.auth });
    expect(searchHistorySchema.parse(after.json()).items).toHaveLength(2);

    const one = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/product/search/history?id=${history.items[1]!.id}`,
      headers: alice.auth,
    });
    expect(one.statusCode).toBe(204);
    const cleared = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/product/search/history',
      headers: alice.auth,
    });
    expect(cleared.statusCode).toBe(204);
    const empty = await ctx.app.inject({ url: '/api/v1/product/search/history', headers: alice.auth });
    expect(searchHistorySchema.parse(empty.json()).items).toEqual([]);
  });

  it('keeps at most 20 entries', async () => {
    for (let i = 0; i < 23; i++) await searchOk({ prompt: `query number ${i} ` }, '', bob.auth);
    const res = await ctx.app.inject({ url: '/api/v1/product/search/history', headers: bob.auth });
    const items = searchHistorySchema.parse(res.json()).items;
    expect(items).toHaveLength(20);
    expect(items[0]!.prompt).toBe('query number 22');
  });

  it('answers 401 without a valid token, and a visitor’s search is not recorded anywhere', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/product/search/history' })).statusCode).toBe(401);
    const bad = await ctx.app.inject({
      url: '/api/v1/product/search/history',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ error: 'verify jwt token' });
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/product/search/history' })).statusCode).toBe(401);
    // A search with a broken token still works (search is public) and records nothing.
    expect((await post({ prompt: 'piano' }, '', { authorization: 'Bearer not-a-token' })).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  const rejects = async (body: unknown, query = '', field?: string, code = 'VALIDATION_FAILED') => {
    const res = await post(body as Record<string, unknown>, query);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json() as { error: string; message: string };
    expect(error.error).toBe(code);
    if (field) expect(error.message).toContain(field);
  };

  it('handles prompts of 0, 1 and 10,000 characters, markup, SQL and NUL', async () => {
    expect((await searchOk({ prompt: '' })).count).toBe(4);
    expect((await post({ prompt: 'p' })).statusCode).toBe(200);
    await rejects({ prompt: 'x'.repeat(10_000) }, '', 'prompt');
    // Every route refuses a NUL anywhere in a body (the app's JSON parser), before the schema sees it.
    await rejects({ prompt: 'piano\u0000' }, '', 'NUL', 'BAD_REQUEST');
    expect((await searchOk({ prompt: '<img src=x onerror=alert(1)>' })).count).toBe(0);
    // Plain words to the index (none of "drop", "table", "products" is in the catalogue, so no match).
    expect((await searchOk({ prompt: "piano'; DROP TABLE products; --" })).count).toBe(0);
    expect(idsOf(await searchOk({ prompt: "piano'; --" }))).toEqual(['piano-dawn']);
    expect((await searchOk({ prompt: '' })).count).toBe(4); // the table is still there
  });

  it('rejects reversed ranges, limit above 100, negative skip, both vocal flags, long lists, wrong types', async () => {
    await rejects({ bpm: { from: 150, to: 100 } }, '', 'from');
    await rejects({ duration: { from: -1 } });
    await rejects({}, '?limit=101', 'limit');
    await rejects({}, '?skip=-1', 'skip');
    await rejects({ vocalOnly: true, instrumentalOnly: true }, '', 'vocalOnly');
    await rejects({ genres: Array.from({ length: 51 }, (_, i) => `g${i}`) }, '', 'genres');
    await rejects({ type: 'video' });
    await rejects({ engine: 'telepathy' });
    await rejects({ prompt: 42 });
    await rejects({ sort: 'random' });
    await rejects({ engine: 'ai', prompt: 'piano' }, '?skip=90&limit=30', 'AI search');
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/product/search',
      payload: '{"prompt":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/v1/product/search/parameters?type=video' })).statusCode).toBe(400);
  });
});
