import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categorySchema,
  moodSchema,
  playlistSchema,
  playlistSummarySchema,
  productListSchema,
  productSchema,
  recommendedListSchema,
  reelsPlaylistSchema,
  tagSchema,
  topTracksSchema,
  type Category,
  type Playlist,
  type PlaylistSummary,
  type Product,
  type ProductList,
  type ReelsPlaylist,
} from '@cuewave/contract/catalog';
import { LISTING_WAVEFORM_BARS, resamplePeaks, shownFile, WAVEFORM_PEAKS } from '@cuewave/contract/waveform';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { catalogFactory } from '../../../test/factories';
import { fixedClock } from '../../lib/clock';

/**
 * A small catalogue where every filter has products it includes and products it excludes:
 *
 * | id         | type  | genre / subgenre        | bpm | dur | vocal | moods        | tags   | rank |
 * | golden     | music | rock / punk             | 160 |  95 | yes   | happy        | guitar | 100  |
 * | night      | music | electronic / house      | 124 | 200 | no    | chill, dark  | synth  |  90  |
 * | deep       | music | electronic / techno     | 130 | 300 | no    | dark         | synth  |  80  |
 * | sunny      | music | rock                    | 110 | 150 | yes   | happy, chill | guitar |  70  |
 * | billy      | music | rock / rockabilly       | 180 | 130 | yes   |              |        |  60  |
 * | pophouse   | music | pop / house (house-pop) | 122 | 180 | no    | happy        |        |  50  |
 * | whoosh     | sfx   | whooshes                |  -  |   2 | no    |              |        |  10  |
 * | slam       | sfx   | impacts                 |  -  |   1 | no    | dark         |        |   5  |
 */
async function seedCatalogue(ctx: TestContext) {
  const f = catalogFactory(ctx.db, ctx.storage);
  const rockCover = await f.file({ mime: 'image/svg+xml' });
  await f.genre('Rock', { cover: rockCover });
  await f.subgenre('rock', 'Punk');
  await f.subgenre('rock', 'Rockabilly');
  await f.genre('Electronic');
  await f.subgenre('electronic', 'House');
  await f.subgenre('electronic', 'Techno');
  await f.genre('Pop');
  await f.subgenre('pop', 'House', { id: 'house-pop' });
  await f.sfxCategory('Whooshes');
  await f.sfxCategory('Impacts');
  const reelsCover = await f.file({ mime: 'image/svg+xml' });
  await f.reels('Travel Reels', { cover: reelsCover });
  for (const m of ['Happy', 'Chill', 'Dark']) await f.mood(m);
  for (const t of ['Guitar', 'Synth']) await f.tag(t);

  await f.product({
    id: 'golden',
    title: 'Golden Hour',
    artist: 'Nova Lane',
    subgenres: ['punk'],
    bpm: 160,
    duration: 95,
    vocal: true,
    moods: ['happy'],
    tags: ['guitar'],
    rank: 100,
  });
  await f.product({
    id: 'night',
    title: 'Night Drive',
    artist: 'Kilo',
    subgenres: ['house'],
    bpm: 124,
    duration: 200,
    moods: ['chill', 'dark'],
    tags: ['synth'],
    rank: 90,
    categories: ['travel-reels'],
  });
  await f.product({
    id: 'deep',
    title: 'Deep Dive',
    artist: 'Kilo',
    subgenres: ['techno'],
    bpm: 130,
    duration: 300,
    moods: ['dark'],
    tags: ['synth'],
    rank: 80,
  });
  await f.product({
    id: 'sunny',
    title: 'Sunny Side',
    artist: 'Nova Lane',
    genres: ['rock'],
    bpm: 110,
    duration: 150,
    vocal: true,
    moods: ['happy', 'chill'],
    tags: ['guitar'],
    rank: 70,
    categories: ['travel-reels'],
  });
  await f.product({
    id: 'billy',
    title: 'Rockabilly Nights',
    subgenres: ['rockabilly'],
    bpm: 180,
    duration: 130,
    vocal: true,
    rank: 60,
  });
  await f.product({
    id: 'pophouse',
    title: 'Pop House',
    subgenres: ['house-pop'],
    bpm: 122,
    duration: 180,
    moods: ['happy'],
    rank: 50,
  });
  await f.product({ id: 'whoosh', type: 'sfx', title: 'Big Whoosh', categories: ['whooshes'], duration: 2, rank: 10 });
  await f.product({
    id: 'slam',
    type: 'sfx',
    title: 'Door Slam',
    categories: ['impacts'],
    duration: 1,
    moods: ['dark'],
    rank: 5,
  });

  await f.playlist({
    name: 'Sunny Vlogs',
    placement: 'homepage',
    description: 'Bright',
    products: ['sunny', 'golden'],
  });
  await f.playlist({ name: 'Hidden Draft', placement: 'homepage', public: false, products: ['deep'] });
  await f.playlist({ name: 'Late Night', placement: 'music', products: ['night', 'deep', 'pophouse'] });
  await f.playlist({ name: 'Foley Basics', placement: 'sfx', products: ['slam', 'whoosh'] });
  await f.playlist({ name: 'Top Music', placement: 'top', products: ['deep', 'golden', 'night'] });
}

const ids = (list: { items: Product[] }) => list.items.map((p) => p.id);

describe('catalogue API', () => {
  let ctx: TestContext;
  const clock = fixedClock(new Date('2025-03-10T12:00:00Z'));
  beforeAll(async () => {
    ctx = await createTestApp({ clock });
    await seedCatalogue(ctx);
  });
  afterAll(() => ctx.close());

  const get = async (url: string) => ctx.app.inject({ method: 'GET', url });
  const list = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProductList;
  };
  const expectError = async (url: string, status: number, error: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { error: string; message: string };
    expect(body.error).toBe(error);
    expect(body.message).toEqual(expect.any(String));
    return body;
  };

  describe('categories, moods and tags', () => {
    it('visitor lists genres with their subgenres as children', async () => {
      const res = await get('/api/v1/genre');
      expect(res.statusCode).toBe(200);
      const genres = res.json() as Category[];
      expect(genres.map((g) => g.id)).toEqual(['rock', 'electronic', 'pop']);
      expect(genres[0]).toMatchObject({ name: 'Rock', kind: 'genre', fileID: expect.any(String) });
      expect(genres[0]!.children.map((c) => c.id)).toEqual(['punk', 'rockabilly']);
      expect(genres[2]!.children).toEqual([
        { id: 'house-pop', name: 'House', kind: 'subgenre', fileID: null, children: [] },
      ]);
    });

    it('visitor opens one genre by id; a subgenre or unknown id is 404 NOT_FOUND', async () => {
      const res = await get('/api/v1/genre/electronic');
      expect(res.statusCode).toBe(200);
      expect((res.json() as Category).children.map((c) => c.id)).toEqual(['house', 'techno']);
      await expectError('/api/v1/genre/punk', 404, 'NOT_FOUND');
      const body = await expectError('/api/v1/genre/no-such-genre', 404, 'NOT_FOUND');
      expect(body.message).toContain('no-such-genre');
    });

    it('visitor lists all categories, or only those of one kind', async () => {
      const all = (await get('/api/v1/category')).json() as Category[];
      expect(all.map((c) => `${c.kind}:${c.id}`)).toEqual([
        'genre:rock',
        'genre:electronic',
        'genre:pop',
        'sfx:whooshes',
        'sfx:impacts',
        'reels:travel-reels',
      ]);
      expect(all[0]!.children).toHaveLength(2);
      const sfx = (await get('/api/v1/category?kind=sfx')).json() as Category[];
      expect(sfx.map((c) => c.id)).toEqual(['whooshes', 'impacts']);
      const reels = (await get('/api/v1/category?kind=reels')).json() as Category[];
      expect(reels).toEqual([
        { id: 'travel-reels', name: 'Travel Reels', kind: 'reels', fileID: expect.any(String), children: [] },
      ]);
      const genres = (await get('/api/v1/category?kind=genre')).json() as Category[];
      expect(genres.map((c) => c.id)).toEqual(['rock', 'electronic', 'pop']);
      await expectError('/api/v1/category?kind=video', 400, 'VALIDATION_FAILED');
    });

    it('visitor lists moods and tags', async () => {
      expect((await get('/api/v1/mood')).json()).toEqual([
        { id: 'happy', name: 'Happy', fileID: null },
        { id: 'chill', name: 'Chill', fileID: null },
        { id: 'dark', name: 'Dark', fileID: null },
      ]);
      expect((await get('/api/v1/tag')).json()).toEqual([
        { id: 'guitar', name: 'Guitar' },
        { id: 'synth', name: 'Synth' },
      ]);
    });
  });

  describe('product listing', () => {
    it('visitor lists music, most popular first, with count and full product data', async () => {
      const body = await list('/api/v1/product/music');
      expect(ids(body)).toEqual(['golden', 'night', 'deep', 'sunny', 'billy', 'pophouse']);
      expect(body.count).toBe(6);
      const golden = body.items[0]!;
      expect(golden).toMatchObject({
        type: 'music',
        title: 'Golden Hour',
        artist: { id: 'nova-lane', name: 'Nova Lane' },
        bpm: 160,
        duration: 95,
        vocal: true,
        cover: expect.any(String),
        genres: [{ id: 'rock', name: 'Rock' }],
        subgenres: [{ id: 'punk', name: 'Punk' }],
        categories: [],
        moods: [{ id: 'happy', name: 'Happy' }],
        tags: [{ id: 'guitar', name: 'Guitar' }],
      });
      expect(golden.files.map((f) => f.type)).toEqual([
        'vocal',
        'instrumental',
        'master',
        'stem_bass',
        'stem_instruments',
        'cover',
      ]);
      // The shown version's waveform at the listing's resolution; no other file carries one (below).
      expect(golden.files[0]!.waveform).toHaveLength(LISTING_WAVEFORM_BARS);
      expect(golden.files.find((f) => f.type === 'cover')!.id).toBe(golden.cover);
      // Reels membership is a playlist, not a category of the product.
      expect((await list('/api/v1/product/music?genre=electronic')).items[0]!.categories).toEqual([]);
    });

    it('visitor lists sound effects separately from music', async () => {
      const body = await list('/api/v1/product/sfx');
      expect(ids(body)).toEqual(['whoosh', 'slam']);
      expect(body.items[0]!.categories).toEqual([{ id: 'whooshes', name: 'Whooshes' }]);
      expect(body.items[0]!.bpm).toBeNull();
    });

    it('vocal=true keeps songs with a vocal version, vocal=false the instrumental-only ones', async () => {
      expect(ids(await list('/api/v1/product/music?vocal=true'))).toEqual(['golden', 'sunny', 'billy']);
      expect(ids(await list('/api/v1/product/music?vocal=false'))).toEqual(['night', 'deep', 'pophouse']);
    });

    it('duration bounds are inclusive and exclude what lies outside', async () => {
      expect(ids(await list('/api/v1/product/music?durationFrom=150'))).toEqual(['night', 'deep', 'sunny', 'pophouse']);
      expect(ids(await list('/api/v1/product/music?durationTo=130'))).toEqual(['golden', 'billy']);
      expect(ids(await list('/api/v1/product/music?durationFrom=130&durationTo=150'))).toEqual(['sunny', 'billy']);
    });

    it('bpm bounds are inclusive and exclude what lies outside', async () => {
      expect(ids(await list('/api/v1/product/music?bpmFrom=124&bpmTo=160'))).toEqual(['golden', 'night', 'deep']);
      expect(ids(await list('/api/v1/product/music?bpmTo=122'))).toEqual(['sunny', 'pophouse']);
      // sound effects have no tempo, so a tempo filter excludes them
      expect((await list('/api/v1/product/sfx?bpmFrom=0')).count).toBe(0);
    });

    it('mood filter matches any of the listed moods', async () => {
      expect(ids(await list('/api/v1/product/music?mood=chill'))).toEqual(['night', 'sunny']);
      expect(ids(await list('/api/v1/product/music?mood=chill,happy'))).toEqual([
        'golden',
        'night',
        'sunny',
        'pophouse',
      ]);
      expect(ids(await list('/api/v1/product/sfx?mood=dark'))).toEqual(['slam']);
    });

    it('tag filter matches any of the listed tags', async () => {
      expect(ids(await list('/api/v1/product/music?tag=guitar'))).toEqual(['golden', 'sunny']);
    });

    it('category filter matches sfx categories and reels playlists', async () => {
      expect(ids(await list('/api/v1/product/sfx?category=impacts'))).toEqual(['slam']);
      expect(ids(await list('/api/v1/product/sfx?category=impacts,whooshes'))).toEqual(['whoosh', 'slam']);
      expect(ids(await list('/api/v1/product/music?category=travel-reels'))).toEqual(['night', 'sunny']);
    });

    it('genre matches the genre itself and all its subgenres', async () => {
      expect(ids(await list('/api/v1/product/music?genre=rock'))).toEqual(['golden', 'sunny', 'billy']);
      expect(ids(await list('/api/v1/product/music?genre=rock,pop'))).toEqual(['golden', 'sunny', 'billy', 'pophouse']);
    });

    it('genre with subgenre matches only that subgenre of that genre', async () => {
      expect(ids(await list('/api/v1/product/music?genre=rock&subgenre=punk'))).toEqual(['golden']);
      expect(ids(await list('/api/v1/product/music?genre=pop&subgenre=house-pop'))).toEqual(['pophouse']);
      // a subgenre of another genre matches nothing
      expect(ids(await list('/api/v1/product/music?genre=rock&subgenre=house'))).toEqual([]);
      // subgenre alone: exactly that subgenre, not a same-named one of another genre
      expect(ids(await list('/api/v1/product/music?subgenre=house'))).toEqual(['night']);
    });

    it('filters combine with AND', async () => {
      expect(ids(await list('/api/v1/product/music?genre=electronic&mood=dark&bpmTo=125'))).toEqual(['night']);
      expect(ids(await list('/api/v1/product/music?mood=happy&vocal=false'))).toEqual(['pophouse']);
      const none = await list('/api/v1/product/music?genre=rock&mood=dark');
      expect(none).toEqual({ items: [], count: 0 });
    });

    it('unknown filter ids answer 200 with an empty list', async () => {
      expect(await list('/api/v1/product/music?genre=polka')).toEqual({ items: [], count: 0 });
      expect(await list('/api/v1/product/music?mood=no-such-mood')).toEqual({ items: [], count: 0 });
    });

    it('rejects malformed filters with 400 VALIDATION_FAILED naming the field', async () => {
      await expectError('/api/v1/product/video', 400, 'VALIDATION_FAILED');
      expect((await expectError('/api/v1/product/music?skip=-1', 400, 'VALIDATION_FAILED')).message).toContain('skip');
      expect((await expectError('/api/v1/product/music?bpmFrom=abc', 400, 'VALIDATION_FAILED')).message).toContain(
        'bpmFrom',
      );
      expect(
        (await expectError('/api/v1/product/music?bpmFrom=140&bpmTo=120', 400, 'VALIDATION_FAILED')).message,
      ).toContain('bpmFrom');
      await expectError('/api/v1/product/music?durationFrom=100&durationTo=10', 400, 'VALIDATION_FAILED');
      expect((await expectError('/api/v1/product/music?mood=Bad!Id', 400, 'VALIDATION_FAILED')).message).toContain(
        'mood',
      );
      await expectError('/api/v1/product/music?genre=rock,,pop', 400, 'VALIDATION_FAILED');
      await expectError('/api/v1/product/music?vocal=maybe', 400, 'VALIDATION_FAILED');
      await expectError('/api/v1/product/music?skip=1.5', 400, 'VALIDATION_FAILED');
      await expectError('/api/v1/product/music?durationTo=-5', 400, 'VALIDATION_FAILED');
    });
  });

  describe('single products', () => {
    it('visitor opens a song by id', async () => {
      const res = await get('/api/v1/product/music/night');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: 'night', title: 'Night Drive', subgenres: [{ id: 'house' }] });
    });

    it('visitor opens a sound effect by id on the sfx path only', async () => {
      expect((await get('/api/v1/product/sfx/whoosh')).json()).toMatchObject({ id: 'whoosh', type: 'sfx' });
      await expectError('/api/v1/product/music/whoosh', 404, 'NOT_FOUND');
      await expectError('/api/v1/product/sfx/night', 404, 'NOT_FOUND');
    });

    it('an unknown product id is 404 NOT_FOUND', async () => {
      const body = await expectError('/api/v1/product/music/nope', 404, 'NOT_FOUND');
      expect(body.message).toBe('Product nope not found');
    });
  });

  describe('recommendations', () => {
    it('like={id} recommends products sharing a genre or category, nearest tempo first, never the product itself', async () => {
      const res = await get('/api/v1/product/music/recommended?like=night');
      expect(res.statusCode).toBe(200);
      // night: electronic/house at 124 bpm -> deep (electronic, 130); pophouse is pop, not electronic
      expect(ids(res.json() as { items: Product[] })).toEqual(['deep']);
      const rock = (await get('/api/v1/product/music/recommended?like=sunny')).json() as { items: Product[] };
      // sunny at 110 bpm: golden (160) is nearer than billy (180)
      expect(ids(rock)).toEqual(['golden', 'billy']);
    });

    it('like= an unknown product or a product of the other type is 404 NOT_FOUND', async () => {
      await expectError('/api/v1/product/music/recommended?like=nope', 404, 'NOT_FOUND');
      await expectError('/api/v1/product/music/recommended?like=whoosh', 404, 'NOT_FOUND');
      await expectError('/api/v1/product/music/recommended?limit=0', 400, 'VALIDATION_FAILED');
    });

    it('without like, the selection rotates through popular products day by day', async () => {
      const day1 = ids((await get('/api/v1/product/music/recommended?limit=2')).json() as { items: Product[] });
      expect(day1).toHaveLength(2);
      clock.advance(86_400_000);
      const day2 = ids((await get('/api/v1/product/music/recommended?limit=2')).json() as { items: Product[] });
      expect(day2).toHaveLength(2);
      expect(day2).not.toEqual(day1);
      const all = ['golden', 'night', 'deep', 'sunny', 'billy', 'pophouse'];
      for (const id of [...day1, ...day2]) expect(all).toContain(id);
      const sfx = ids((await get('/api/v1/product/sfx/recommended')).json() as { items: Product[] });
      expect(sfx.sort()).toEqual(['slam', 'whoosh']);
    });
  });

  describe('playlists', () => {
    it('visitor sees the public homepage playlists with track count and duration', async () => {
      const res = await get('/api/v1/playlist/public/homepage');
      expect(res.statusCode).toBe(200);
      const playlists = res.json() as PlaylistSummary[];
      expect(playlists).toEqual([
        {
          id: 'sunny-vlogs',
          name: 'Sunny Vlogs',
          description: 'Bright',
          public: true,
          fileID: null,
          trackCount: 2,
          duration: 245,
          createTS: expect.any(Number),
          updateTS: expect.any(Number),
        },
      ]);
    });

    it('visitor sees the curated music and sfx playlists; another kind is 400', async () => {
      expect(((await get('/api/v1/playlist/public/music')).json() as PlaylistSummary[]).map((p) => p.id)).toEqual([
        'late-night',
      ]);
      expect(((await get('/api/v1/playlist/public/sfx')).json() as PlaylistSummary[]).map((p) => p.id)).toEqual([
        'foley-basics',
      ]);
      await expectError('/api/v1/playlist/public/video', 400, 'VALIDATION_FAILED');
    });

    it('visitor opens a public playlist with its products in playlist order', async () => {
      const res = await get('/api/v1/playlist/late-night');
      expect(res.statusCode).toBe(200);
      const playlist = res.json() as Playlist;
      expect(playlist).toMatchObject({ id: 'late-night', trackCount: 3, note: null });
      expect(playlist.items.map((p) => p.id)).toEqual(['night', 'deep', 'pophouse']);
    });

    it('a private or unknown playlist is 404 NOT_FOUND', async () => {
      await expectError('/api/v1/playlist/hidden-draft', 404, 'NOT_FOUND');
      await expectError('/api/v1/playlist/nope', 404, 'NOT_FOUND');
    });

    it('visitor pages through the products of a playlist', async () => {
      expect(await list('/api/v1/product/playlist/late-night?limit=2')).toMatchObject({ count: 3 });
      expect(ids(await list('/api/v1/product/playlist/late-night?limit=2'))).toEqual(['night', 'deep']);
      expect(ids(await list('/api/v1/product/playlist/late-night?skip=2&limit=2'))).toEqual(['pophouse']);
    });

    it('visitor pages through the products of a reels playlist', async () => {
      const body = await list('/api/v1/product/playlist/travel-reels');
      expect(body.count).toBe(2);
      expect(ids(body)).toEqual(['night', 'sunny']);
    });

    it('product/playlist answers 404 for private playlists, genres and unknown ids', async () => {
      await expectError('/api/v1/product/playlist/hidden-draft', 404, 'NOT_FOUND');
      await expectError('/api/v1/product/playlist/rock', 404, 'NOT_FOUND');
      await expectError('/api/v1/product/playlist/nope', 404, 'NOT_FOUND');
      await expectError('/api/v1/product/playlist/late-night?skip=-1', 400, 'VALIDATION_FAILED');
    });

    it('visitor sees the reels and shorts playlists with cover and track count', async () => {
      const reels = (await get('/api/v1/playlist/public/reels-and-shorts')).json() as ReelsPlaylist[];
      expect(reels).toEqual([
        { id: 'travel-reels', name: 'Travel Reels', fileID: expect.any(String), trackCount: 2, duration: 350 },
      ]);
    });

    it('top tracks come from the curated top playlist in its order', async () => {
      const res = await get('/api/v1/playlist/top-tracks');
      expect(res.statusCode).toBe(200);
      expect((res.json() as { products: Product[] }).products.map((p) => p.id)).toEqual(['deep', 'golden', 'night']);
    });
  });

  it('listings carry one waveform per item, the shown version at the drawn resolution; the song page all of them', async () => {
    const urls = [
      '/api/v1/product/music',
      '/api/v1/product/sfx',
      '/api/v1/product/music/recommended?like=night',
      '/api/v1/product/playlist/late-night',
      '/api/v1/playlist/late-night',
      '/api/v1/playlist/top-tracks',
    ];
    let checked = 0;
    for (const url of urls) {
      const body = (await get(url)).json() as { items?: Product[]; products?: Product[] };
      for (const item of body.items ?? body.products ?? []) {
        const full = (await get(`/api/v1/product/${item.type}/${item.id}`)).json() as Product;
        const carrying = item.files.filter((f) => f.waveform !== undefined);
        const shown = shownFile(full.files)!;
        // The same files (rows play them; the playlist download looks for stems), one waveform among them.
        expect(
          item.files.map((f) => [f.id, f.type, f.duration, f.bpm, f.preview]),
          url,
        ).toEqual(full.files.map((f) => [f.id, f.type, f.duration, f.bpm, f.preview]));
        expect(
          carrying.map((f) => f.type),
          `${url} ${item.id}`,
        ).toEqual([shown.type]);
        expect(shown.waveform).toHaveLength(WAVEFORM_PEAKS);
        expect(carrying[0]!.waveform).toEqual(resamplePeaks(shown.waveform!, LISTING_WAVEFORM_BARS));
        // Every audio file of the product page keeps its full waveform (the download control draws them).
        for (const file of full.files.filter((f) => f.type !== 'cover'))
          expect(file.waveform, `${item.id} ${file.type}`).toHaveLength(WAVEFORM_PEAKS);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('every response matches its contract schema', async () => {
    const cases: [string, z.ZodType][] = [
      ['/api/v1/genre', z.array(categorySchema)],
      ['/api/v1/genre/rock', categorySchema],
      ['/api/v1/category', z.array(categorySchema)],
      ['/api/v1/tag', z.array(tagSchema)],
      ['/api/v1/mood', z.array(moodSchema)],
      ['/api/v1/product/music?genre=rock', productListSchema],
      ['/api/v1/product/sfx', productListSchema],
      ['/api/v1/product/music/recommended?like=night', recommendedListSchema],
      ['/api/v1/product/music/golden', productSchema],
      ['/api/v1/product/sfx/whoosh', productSchema],
      ['/api/v1/product/playlist/late-night', productListSchema],
      ['/api/v1/playlist/top-tracks', topTracksSchema],
      ['/api/v1/playlist/public/reels-and-shorts', z.array(reelsPlaylistSchema)],
      ['/api/v1/playlist/public/homepage', z.array(playlistSummarySchema)],
      ['/api/v1/playlist/late-night', playlistSchema],
    ];
    for (const [url, schema] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      const parsed = schema.safeParse(res.json());
      expect(parsed.success, `${url}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('a catalogue change shows in listings within a second', async () => {
    const before = await list('/api/v1/product/music?genre=pop');
    expect(ids(before)).toEqual(['pophouse']);
    await catalogFactory(ctx.db).product({ id: 'late-pop', subgenres: ['house-pop'], rank: 1, files: false });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await list('/api/v1/product/music?genre=pop');
    expect(ids(after)).toEqual(['pophouse', 'late-pop']);
    await ctx.db.deleteFrom('products').where('id', '=', 'late-pop').execute();
    await ctx.db
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it('documents every catalogue path in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/v1/genre',
      '/api/v1/genre/{id}',
      '/api/v1/category',
      '/api/v1/tag',
      '/api/v1/mood',
      '/api/v1/product/{type}',
      '/api/v1/product/music/recommended',
      '/api/v1/product/sfx/recommended',
      '/api/v1/product/music/{id}',
      '/api/v1/product/sfx/{id}',
      '/api/v1/product/playlist/{id}',
      '/api/v1/playlist/top-tracks',
      '/api/v1/playlist/public/reels-and-shorts',
      '/api/v1/playlist/public/homepage',
      '/api/v1/playlist/public/{product}',
      '/api/v1/playlist/{id}',
      '/api/cdn/{id}',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});

describe('catalogue paging', () => {
  let ctx: TestContext;
  const total = 71;
  beforeAll(async () => {
    ctx = await createTestApp();
    const f = catalogFactory(ctx.db);
    // Ties in rank on purpose: the order must still be total and stable.
    for (let i = 0; i < total; i++) {
      await f.product({ id: `p-${String(i).padStart(3, '0')}`, rank: i % 3, files: false });
    }
  });
  afterAll(() => ctx.close());

  it('visitor pages through 30 at a time with a stable order and no overlaps', async () => {
    const pages: string[][] = [];
    for (const skip of [0, 30, 60]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/product/music?skip=${skip}` });
      const body = res.json() as ProductList;
      expect(body.count).toBe(total);
      pages.push(ids(body));
    }
    expect(pages.map((p) => p.length)).toEqual([30, 30, 11]);
    const seen = pages.flat();
    expect(new Set(seen).size).toBe(total);
    // rank descending, then id ascending
    const expected = Array.from({ length: total }, (_, i) => ({ id: `p-${String(i).padStart(3, '0')}`, rank: i % 3 }))
      .sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id))
      .map((p) => p.id);
    expect(seen).toEqual(expected);
    const again = (await ctx.app.inject({ method: 'GET', url: '/api/v1/product/music?skip=30' })).json() as ProductList;
    expect(ids(again)).toEqual(pages[1]);
  });

  it('a skip past the end answers an empty page with the full count', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/v1/product/music?skip=500' })).json() as ProductList;
    expect(body).toEqual({ items: [], count: total });
  });

  it('without a top playlist, top tracks are the 30 best-ranked songs', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/v1/playlist/top-tracks' })).json() as {
      products: Product[];
    };
    expect(body.products).toHaveLength(30);
    expect(body.products.every((p) => p.id.startsWith('p-'))).toBe(true);
    expect(body.products[0]!.id).toBe('p-002');
  });

  it('an empty catalogue answers empty lists, not errors', async () => {
    const empty = await createTestApp();
    try {
      for (const url of [
        '/api/v1/genre',
        '/api/v1/category',
        '/api/v1/mood',
        '/api/v1/tag',
        '/api/v1/playlist/public/homepage',
        '/api/v1/playlist/public/reels-and-shorts',
      ]) {
        const res = await empty.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.json(), url).toEqual([]);
      }
      expect((await empty.app.inject({ method: 'GET', url: '/api/v1/product/sfx' })).json()).toEqual({
        items: [],
        count: 0,
      });
      expect((await empty.app.inject({ method: 'GET', url: '/api/v1/playlist/top-tracks' })).json()).toEqual({
        products: [],
      });
      expect((await empty.app.inject({ method: 'GET', url: '/api/v1/product/music/recommended' })).json()).toEqual({
        items: [],
        count: 0,
        basis: 'popular',
        closeIn: {},
        notice: null,
      });
    } finally {
      await empty.close();
    }
  });
});
