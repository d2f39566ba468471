import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClickWav } from '../../../test/audio-fixtures';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { formatReport, ingestFolder } from './ingest.service';
import { csvToManifest, parseTrack } from './manifest';

/** Search metadata in the manifest, and re-ingest following a changed manifest (decision 062). */

const base = { key: 'k', type: 'music', title: 'T', artist: 'A', files: { instrumental: 'a.wav' } };
const nextYear = new Date().getUTCFullYear() + 1;

describe('manifest search fields', () => {
  it('are optional: an older entry parses with empty defaults', () => {
    const parsed = parseTrack(base, 0);
    expect(parsed).toMatchObject({ ok: true, track: { description: '', instruments: [], keywords: [] } });
    expect(parsed.ok && parsed.track.releaseYear).toBeUndefined();
  });

  it('trim the description as written; lower-case, trim and deduplicate instruments and keywords', () => {
    const parsed = parseTrack(
      {
        ...base,
        description: '  A calm Piano piece.\n',
        instruments: [' Acoustic Guitar', 'PIANO', 'piano ', 'Piano'],
        keywords: ['Road Trip', 'road trip', ' Vlog '],
        releaseYear: nextYear,
      },
      0,
    );
    expect(parsed).toEqual({
      ok: true,
      track: expect.objectContaining({
        description: 'A calm Piano piece.',
        instruments: ['acoustic guitar', 'piano'],
        keywords: ['road trip', 'vlog'],
        releaseYear: nextYear,
      }),
    });
  });

  it.each([
    ['a description over 2000 characters', { description: 'x'.repeat(2001) }, /description: at most 2000 characters/],
    [
      'more than 30 instruments',
      { instruments: Array.from({ length: 31 }, (_, i) => `i${i}`) },
      /instruments: at most 30 instruments/,
    ],
    ['an instrument name over 60 characters', { instruments: ['x'.repeat(61)] }, /instruments\.0: an instrument name/],
    ['an empty instrument name', { instruments: ['  '] }, /instruments\.0/],
    ['instruments that are not a list', { instruments: 'piano' }, /instruments/],
    ['a year before 1900', { releaseYear: 1899 }, /releaseYear: must be from 1900 to next year/],
    ['a year after next year', { releaseYear: nextYear + 1 }, /releaseYear: must be from 1900 to next year/],
    ['a fractional year', { releaseYear: 2020.5 }, /releaseYear: must be a whole year/],
    ['a year as text', { releaseYear: '2020' }, /releaseYear/],
    ['a NUL in the description', { description: 'a\0b' }, /description: must not contain NUL/],
  ])('skip only the entry with %s, naming the field', (_, extra, reason) => {
    const parsed = parseTrack({ ...base, ...extra }, 0);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });

  it('CSV: description, ;-separated instruments and keywords, release_year', () => {
    const manifest = csvToManifest(
      [
        'key,type,title,artist,instrumental,description,instruments,keywords,release_year',
        'a,music,T,A,a.wav,"Warm keys; brushes, and bass.",Piano;Double Bass,coffee;Morning,2019',
        'b,music,U,A,b.wav,,,,',
        'c,music,V,A,c.wav,,,,nineteen',
      ].join('\n'),
    ) as { tracks: unknown[] };
    const [a, b, c] = manifest.tracks.map((t, i) => parseTrack(t, i));
    expect(a).toMatchObject({
      ok: true,
      track: {
        description: 'Warm keys; brushes, and bass.',
        instruments: ['piano', 'double bass'],
        keywords: ['coffee', 'morning'],
        releaseYear: 2019,
      },
    });
    expect(b).toMatchObject({ ok: true, track: { description: '', instruments: [], keywords: [] } });
    expect(c).toMatchObject({ ok: false, key: 'c', reason: expect.stringMatching(/releaseYear/) });
  });
});

type Entry = Record<string, unknown> & { key: string };

async function writeManifest(dir: string, tracks: Entry[], playlists: unknown[] = []) {
  await writeFile(join(dir, 'manifest.json'), JSON.stringify({ moods: [{ name: 'Happy' }], tracks, playlists }));
}

/** What search sees of each product (and its change sequence), by id. */
async function searchRows(db: Db) {
  const rows = await db
    .selectFrom('products')
    .select([
      'id',
      'title',
      'artist_id',
      'declared_bpm',
      'description',
      'instruments',
      'keywords',
      'release_year',
      'search_seq',
    ])
    .orderBy('id')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, { ...r, search_seq: String(r.search_seq) }]));
}

async function links(db: Db, productId: string) {
  const cats = await db
    .selectFrom('product_categories')
    .select('category_id')
    .where('product_id', '=', productId)
    .orderBy('category_id')
    .execute();
  const moods = await db
    .selectFrom('product_moods')
    .select('mood_id')
    .where('product_id', '=', productId)
    .orderBy('mood_id')
    .execute();
  const tags = await db
    .selectFrom('product_tags')
    .select('tag_id')
    .where('product_id', '=', productId)
    .orderBy('tag_id')
    .execute();
  return {
    categories: cats.map((r) => r.category_id),
    moods: moods.map((r) => r.mood_id),
    tags: tags.map((r) => r.tag_id),
  };
}

const filesOf = (db: Db, productId: string) =>
  db
    .selectFrom('product_files')
    .select(['type', 'file_id', 'preview_file_id', 'lossless_file_id'])
    .where('product_id', '=', productId)
    .orderBy('type')
    .execute();

const catalogVersion = async (db: Db) =>
  Number((await db.selectFrom('catalog_state').select('version').executeTakeFirstOrThrow()).version);

describe('re-ingest follows the manifest', () => {
  let ctx: TestContext;
  let dir: string;
  let tracks: Entry[];
  const reels = [{ name: 'Travel Reels', placement: 'reels', tracks: ['sun'] }];

  beforeAll(async () => {
    ctx = await createTestApp();
    dir = await mkdtemp(join(tmpdir(), 'cuewave-ingest-meta-'));
    await mkdir(dir, { recursive: true });
    await writeClickWav(join(dir, 'sun.wav'), { bpm: 120, tone: 800 });
    await writeClickWav(join(dir, 'drive.wav'), { bpm: 90, tone: 700 });
    await writeClickWav(join(dir, 'zap.wav'), { bpm: 200, seconds: 2, tone: 2000 });
    tracks = [
      {
        key: 'sun',
        type: 'music',
        title: 'Sunny Day',
        artist: 'Nova Lane',
        genre: 'Pop',
        subgenre: 'Indie Pop',
        moods: ['Happy'],
        tags: ['guitar', 'summer'],
        files: { instrumental: 'sun.wav' },
        bpm: 120,
        description: 'A bright indie pop song with acoustic guitar and bells at 120 BPM.',
        instruments: ['Acoustic Guitar', 'Bells', 'Drums'],
        keywords: ['summer', 'travel'],
        releaseYear: 2021,
      },
      {
        key: 'drive',
        type: 'music',
        title: 'Night Drive',
        artist: 'Kilo',
        genre: 'Electronic',
        files: { instrumental: 'drive.wav' },
        bpm: 90,
      },
      {
        key: 'zap',
        type: 'sfx',
        title: 'Laser Zap',
        artist: 'Foley Team',
        category: 'Sci-Fi',
        tags: ['laser'],
        files: { instrumental: 'zap.wav' },
        description: 'A short laser zap.',
      },
    ];
    await writeManifest(dir, tracks, reels);
    const first = await ingestFolder(ctx, dir);
    expect(first.skipped).toEqual([]);
    expect(first.added.map((a) => a.id)).toEqual(['sunny-day', 'night-drive', 'laser-zap']);
  }, 60_000);

  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores the search fields of a first ingest (older entries get the defaults)', async () => {
    const rows = await searchRows(ctx.db);
    expect(rows['sunny-day']).toMatchObject({
      description: 'A bright indie pop song with acoustic guitar and bells at 120 BPM.',
      instruments: ['acoustic guitar', 'bells', 'drums'],
      keywords: ['summer', 'travel'],
      release_year: 2021,
    });
    expect(rows['night-drive']).toMatchObject({ description: '', instruments: [], keywords: [], release_year: null });
    expect(rows['laser-zap']).toMatchObject({ description: 'A short laser zap.', release_year: null });
  });

  it('an unchanged re-ingest writes nothing: no product row or link moves', async () => {
    const before = await searchRows(ctx.db);
    const sunLinks = await links(ctx.db, 'sunny-day');
    const again = await ingestFolder(ctx, dir);
    expect(again.updated).toEqual([]);
    expect(again.unchanged.map((u) => u.id)).toEqual(['sunny-day', 'night-drive', 'laser-zap']);
    expect(await searchRows(ctx.db)).toEqual(before);
    expect(await links(ctx.db, 'sunny-day')).toEqual(sunLinks);
    expect(formatReport(again)).toMatch(/0 added, 0 updated, 3 unchanged, 0 skipped/);
  });

  it('a changed entry updates exactly that product: metadata and its own links, not its files or reels', async () => {
    const before = await searchRows(ctx.db);
    const files = await filesOf(ctx.db, 'sunny-day');
    const linksBefore = await links(ctx.db, 'sunny-day');
    expect(linksBefore.categories).toEqual(['indie-pop', 'pop', 'travel-reels']);
    const version = await catalogVersion(ctx.db);

    tracks[0] = {
      ...tracks[0]!,
      genre: 'Rock',
      subgenre: undefined,
      moods: ['Happy', 'Energetic'],
      tags: ['guitar'],
      bpm: 124,
      description: 'Now a rock song.',
      instruments: ['Electric Guitar', 'Drums'],
      keywords: ['road trip'],
      releaseYear: 2024,
    };
    await writeManifest(dir, tracks, reels);
    const report = await ingestFolder(ctx, dir);
    expect(report.added).toEqual([]);
    expect(report.updated).toEqual([{ key: 'sun', id: 'sunny-day', title: 'Sunny Day' }]);
    expect(report.unchanged.map((u) => u.id)).toEqual(['night-drive', 'laser-zap']);

    const after = await searchRows(ctx.db);
    expect(after['sunny-day']).toMatchObject({
      declared_bpm: 124,
      description: 'Now a rock song.',
      instruments: ['electric guitar', 'drums'],
      keywords: ['road trip'],
      release_year: 2024,
    });
    expect(BigInt(after['sunny-day']!.search_seq)).toBeGreaterThan(BigInt(before['sunny-day']!.search_seq));
    expect(after['night-drive']).toEqual(before['night-drive']);
    expect(after['laser-zap']).toEqual(before['laser-zap']);
    // the reels playlist's link stays; the entry's own genre, subgenre, moods and tags are replaced
    expect(await links(ctx.db, 'sunny-day')).toEqual({
      categories: ['rock', 'travel-reels'],
      moods: ['energetic', 'happy'],
      tags: ['guitar'],
    });
    expect(await filesOf(ctx.db, 'sunny-day')).toEqual(files);
    expect(await catalogVersion(ctx.db)).toBeGreaterThan(version);
    expect(formatReport(report)).toMatch(/0 added, 1 updated, 2 unchanged, 0 skipped/);

    // the product page shows the new taxonomy
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/v1/product/music/sunny-day' })).json();
    expect(page).toMatchObject({ genres: [{ id: 'rock', name: 'Rock' }], subgenres: [] });
  });

  it('the same audio under a new title or artist is the same product renamed, and then stable', async () => {
    const files = await filesOf(ctx.db, 'night-drive');
    tracks[1] = { ...tracks[1]!, title: 'Midnight Drive', artist: 'Kilo & Friends' };
    await writeManifest(dir, tracks, reels);
    const report = await ingestFolder(ctx, dir);
    expect(report.added).toEqual([]);
    expect(report.updated).toEqual([{ key: 'drive', id: 'night-drive', title: 'Midnight Drive' }]);
    const row = (await searchRows(ctx.db))['night-drive'];
    expect(row).toMatchObject({ title: 'Midnight Drive', artist_id: 'kilo-and-friends' });
    expect(await filesOf(ctx.db, 'night-drive')).toEqual(files);
    const artist = await ctx.db
      .selectFrom('artists')
      .select('name')
      .where('id', '=', 'kilo-and-friends')
      .executeTakeFirst();
    expect(artist?.name).toBe('Kilo & Friends');

    const before = await searchRows(ctx.db);
    const again = await ingestFolder(ctx, dir);
    expect(again.updated).toEqual([]);
    expect(again.added).toEqual([]);
    expect(await searchRows(ctx.db)).toEqual(before);

    // The same audio under a second title beside the first is a second product, not a takeover.
    const copy = { ...tracks[1]!, key: 'drive-copy', title: 'Drive Again' };
    await writeManifest(dir, [...tracks, copy], reels);
    const twice = await ingestFolder(ctx, dir);
    expect(twice.updated).toEqual([]);
    expect(twice.added).toEqual([{ key: 'drive-copy', id: 'drive-again', title: 'Drive Again' }]);
    expect((await searchRows(ctx.db))['night-drive']).toEqual(before['night-drive']);
    await writeManifest(dir, tracks, reels);
  });

  it('a bad value skips only that entry, with the reason; the others are still compared', async () => {
    const before = await searchRows(ctx.db);
    await writeManifest(dir, [{ ...tracks[0]!, releaseYear: 1800 }, tracks[1]!, tracks[2]!], reels);
    const report = await ingestFolder(ctx, dir);
    expect(report.skipped).toEqual([
      { name: 'sun', reason: expect.stringMatching(/releaseYear: must be from 1900 to next year/) },
    ]);
    expect(report.unchanged.map((u) => u.id)).toEqual(['night-drive', 'laser-zap']);
    expect(await searchRows(ctx.db)).toEqual(before);
  });
});
