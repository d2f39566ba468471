import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductList } from '@cuewave/contract/catalog';
import { svgCover, writeClickWav, writeSilentWav } from '../../../test/audio-fixtures';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type * as analyseModule from '../../audio/analyse';
import { encodeFlac } from '../../audio/encode';
import { runFfmpeg } from '../../audio/ffmpeg';
import type { Db } from '../../db/client';
import { ingestFolder, type IngestReport } from './ingest.service';
import { ManifestError } from './manifest';

// Pass-through spy: the real analysis runs, and the tests can see whether it ran at all.
const analysed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../audio/analyse', async (importOriginal) => {
  const original = await importOriginal<typeof analyseModule>();
  return {
    ...original,
    analyseAudio: async (path: string) => {
      analysed.count++;
      return original.analyseAudio(path);
    },
  };
});

const run = promisify(execFile);
const TABLES = [
  'files',
  'artists',
  'categories',
  'moods',
  'tags',
  'products',
  'product_files',
  'product_categories',
  'product_moods',
  'product_tags',
  'playlists',
  'playlist_items',
] as const;

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

async function snapshotProducts(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('product_files as f', 'f.product_id', 'p.id')
    .select(['p.id', 'p.source_key', 'p.bpm', 'p.rank', 'p.cover_file_id', 'f.type', 'f.file_id'])
    .orderBy('p.id')
    .orderBy('f.type')
    .execute();
}

/** A folder with two songs (one with vocal and stems), one sound effect, covers and playlists. */
async function goodFolder(root: string) {
  const dir = join(root, `good-${Math.random().toString(36).slice(2)}`);
  await mkdir(join(dir, 'covers'), { recursive: true });
  await writeClickWav(join(dir, 'sun-vocal.wav'), { bpm: 120, tone: 900 });
  await writeClickWav(join(dir, 'sun-instrumental.wav'), { bpm: 120, tone: 800 });
  // One FLAC source: it is already lossless, so the ingest stores it as it is.
  await writeClickWav(join(dir, 'sun-bass.wav'), { bpm: 120, tone: 150 });
  await encodeFlac(join(dir, 'sun-bass.wav'), join(dir, 'sun-bass.flac'));
  await rm(join(dir, 'sun-bass.wav'));
  await writeClickWav(join(dir, 'sun-instruments.wav'), { bpm: 120, tone: 1200 });
  await writeClickWav(join(dir, 'drive-instrumental.wav'), { bpm: 90, tone: 700 });
  await writeClickWav(join(dir, 'whoosh.wav'), { bpm: 200, seconds: 2, tone: 2000 });
  for (const name of ['rock', 'punk', 'pop', 'pop-punk', 'happy', 'song', 'playlist', 'reels']) {
    await writeFile(join(dir, 'covers', `${name}.svg`), svgCover(name));
  }
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      genres: [
        { name: 'Rock & Roll', cover: 'covers/rock.svg', subgenres: [{ name: 'Punk', cover: 'covers/punk.svg' }] },
        { name: 'Pop', cover: 'covers/pop.svg', subgenres: [{ name: 'Punk', cover: 'covers/pop-punk.svg' }] },
      ],
      sfxCategories: [{ name: 'Whooshes' }],
      moods: [{ name: 'Happy', cover: 'covers/happy.svg' }],
      tracks: [
        {
          key: 'sun',
          type: 'music',
          title: 'Sunny Day',
          artist: 'Nova Lane',
          genre: 'Rock & Roll',
          subgenre: 'Punk',
          moods: ['Happy', 'Día de Muertos'],
          tags: ['guitar'],
          files: {
            vocal: 'sun-vocal.wav',
            instrumental: 'sun-instrumental.wav',
            stem_bass: 'sun-bass.flac',
            stem_instruments: 'sun-instruments.wav',
          },
          cover: 'covers/song.svg',
          bpm: 120,
        },
        {
          key: 'drive',
          type: 'music',
          title: 'Sunny Day',
          artist: 'Kilo',
          genre: 'Pop',
          subgenre: 'Punk',
          files: { instrumental: 'drive-instrumental.wav' },
          bpm: 90,
        },
        {
          key: 'whoosh',
          type: 'sfx',
          title: 'Big Whoosh',
          artist: 'Cuewave Foley',
          category: 'Whooshes',
          files: { instrumental: 'whoosh.wav' },
        },
      ],
      playlists: [
        {
          name: 'Sunny Vlogs',
          description: 'Bright',
          placement: 'homepage',
          cover: 'covers/playlist.svg',
          tracks: ['sun', 'drive'],
        },
        { name: 'Top Songs', placement: 'top', tracks: ['drive', 'sun'] },
        { name: 'Travel Reels', placement: 'reels', cover: 'covers/reels.svg', tracks: ['sun'] },
        { name: 'Foley', placement: 'sfx', tracks: ['whoosh', 'missing-key'] },
      ],
    }),
  );
  return dir;
}

describe('catalogue ingest', () => {
  let ctx: TestContext;
  let root: string;
  let good: string;
  let first: IngestReport;

  beforeAll(async () => {
    ctx = await createTestApp();
    root = await mkdtemp(join(tmpdir(), 'cuewave-ingest-test-'));
    good = await goodFolder(root);
    first = await ingestFolder(ctx, good, { concurrency: 2 });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(root, { recursive: true, force: true });
  });

  it('curator ingests a folder: every track becomes a product with measured tempo and duration', async () => {
    expect(first.skipped).toEqual([]);
    expect(first.added.map((a) => `${a.key}=${a.id}`)).toEqual([
      'sun=sunny-day',
      'drive=sunny-day-2',
      'whoosh=big-whoosh',
    ]);
    const products = await ctx.db
      .selectFrom('products')
      .select(['id', 'type', 'artist_id', 'bpm', 'declared_bpm', 'duration', 'has_vocal', 'rank'])
      .orderBy('id')
      .execute();
    expect(products).toEqual([
      {
        id: 'big-whoosh',
        type: 'sfx',
        artist_id: 'cuewave-foley',
        bpm: null,
        declared_bpm: null,
        duration: 2,
        has_vocal: false,
        rank: expect.any(Number),
      },
      {
        id: 'sunny-day',
        type: 'music',
        artist_id: 'nova-lane',
        bpm: expect.any(Number),
        declared_bpm: 120,
        duration: 8,
        has_vocal: true,
        rank: expect.any(Number),
      },
      {
        id: 'sunny-day-2',
        type: 'music',
        artist_id: 'kilo',
        bpm: expect.any(Number),
        declared_bpm: 90,
        duration: 8,
        has_vocal: false,
        rank: expect.any(Number),
      },
    ]);
    expect(Math.abs(products[1]!.bpm! - 120)).toBeLessThanOrEqual(2);
    expect(Math.abs(products[2]!.bpm! - 90)).toBeLessThanOrEqual(2);
    // the top playlist order comes first in popularity, then the manifest order
    const rank = Object.fromEntries(products.map((p) => [p.id, p.rank]));
    expect(rank['sunny-day-2']!).toBeGreaterThan(rank['sunny-day']!);
    expect(rank['sunny-day']!).toBeGreaterThan(rank['big-whoosh']!);
  });

  it('stores previews, a lossless master, stems and the cover, each with mime, size and sha256', async () => {
    const files = await ctx.db
      .selectFrom('product_files as pf')
      .innerJoin('files as f', 'f.id', 'pf.file_id')
      .select([
        'pf.type',
        'pf.duration',
        'pf.waveform',
        'f.id',
        'f.mime',
        'f.size',
        'f.sha256',
        'f.public',
        'f.storage_key',
      ])
      .where('pf.product_id', '=', 'sunny-day')
      .orderBy('pf.type')
      .execute();
    expect(files.map((f) => [f.type, f.mime, f.public])).toEqual([
      ['cover', 'image/svg+xml', true],
      ['instrumental', 'audio/mpeg', true],
      ['master', 'audio/flac', false],
      ['stem_bass', 'audio/flac', false],
      ['stem_instruments', 'audio/flac', false],
      ['vocal', 'audio/mpeg', true],
    ]);
    const bassSource = createHash('sha256')
      .update(await readFile(join(good, 'sun-bass.flac')))
      .digest('hex');
    expect(files.find((f) => f.type === 'stem_bass')!.sha256).toBe(bassSource);
    for (const f of files) {
      const chunks: Buffer[] = [];
      for await (const c of ctx.storage.read(f.storage_key)) chunks.push(c as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(bytes.length, f.type).toBe(Number(f.size));
      expect(createHash('sha256').update(bytes).digest('hex'), f.type).toBe(f.sha256);
      if (f.mime === 'audio/flac') expect(bytes.subarray(0, 4).toString('latin1')).toBe('fLaC');
      if (f.mime === 'audio/mpeg')
        expect(bytes[0] === 0xff || bytes.subarray(0, 3).toString('latin1') === 'ID3').toBe(true);
      if (f.type === 'cover') {
        expect(f.waveform).toEqual([]);
      } else {
        expect(f.waveform).toHaveLength(160);
        expect(Math.max(...f.waveform)).toBe(100);
        expect(f.duration).toBeCloseTo(8, 1);
      }
    }
  });

  it('upserts the taxonomy with slug ids, keeping subgenre ids unique across genres', async () => {
    const categories = await ctx.db
      .selectFrom('categories')
      .select(['id', 'kind', 'parent_id', 'cover_file_id'])
      .orderBy('id')
      .execute();
    expect(categories.map((c) => `${c.kind}:${c.id}:${c.parent_id ?? ''}:${c.cover_file_id ? 'cover' : ''}`)).toEqual([
      'genre:pop::cover',
      'subgenre:punk:rock-and-roll:cover',
      'subgenre:punk-pop:pop:cover',
      'genre:rock-and-roll::cover',
      'reels:travel-reels::cover',
      'sfx:whooshes::',
    ]);
    const moods = await ctx.db.selectFrom('moods').select(['id', 'name']).orderBy('id').execute();
    expect(moods).toEqual([
      { id: 'dia-de-muertos', name: 'Día de Muertos' },
      { id: 'happy', name: 'Happy' },
    ]);
    const links = await ctx.db.selectFrom('product_categories').select(['product_id', 'category_id']).execute();
    expect(links.map((l) => `${l.product_id}>${l.category_id}`).sort()).toEqual([
      'big-whoosh>whooshes',
      'sunny-day-2>pop',
      'sunny-day-2>punk-pop',
      'sunny-day>punk',
      'sunny-day>rock-and-roll',
      'sunny-day>travel-reels',
    ]);
  });

  it('creates curated playlists and reels, leaving out entries that are not in the catalogue', async () => {
    expect(first.playlists.added.sort()).toEqual(['foley', 'sunny-vlogs', 'top-songs', 'travel-reels']);
    expect(first.warnings).toEqual([
      { name: 'missing-key', reason: 'not in the catalogue, left out of playlist "Foley"' },
    ]);
    const homepage = (await ctx.app.inject({ method: 'GET', url: '/api/v1/playlist/public/homepage' })).json();
    expect(homepage).toMatchObject([
      { id: 'sunny-vlogs', description: 'Bright', trackCount: 2, fileID: expect.any(String) },
    ]);
    const top = (await ctx.app.inject({ method: 'GET', url: '/api/v1/playlist/top-tracks' })).json() as {
      products: { id: string }[];
    };
    expect(top.products.map((p) => p.id)).toEqual(['sunny-day-2', 'sunny-day']);
    const reels = (await ctx.app.inject({ method: 'GET', url: '/api/v1/playlist/public/reels-and-shorts' })).json();
    expect(reels).toMatchObject([{ id: 'travel-reels', trackCount: 1 }]);
  });

  it('visitor browses the ingested products and plays a preview from /cdn', async () => {
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/product/music?genre=rock-and-roll' })
    ).json() as ProductList;
    expect(list.count).toBe(1);
    const song = list.items[0]!;
    expect(song).toMatchObject({ id: 'sunny-day', vocal: true, subgenres: [{ id: 'punk', name: 'Punk' }] });
    const preview = song.files.find((f) => f.type === 'vocal')!;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/cdn/${preview.id}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const master = song.files.find((f) => f.type === 'master')!;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/cdn/${master.id}` })).statusCode).toBe(403);
  });

  it('ingesting the same folder twice changes nothing and skips decoding', async () => {
    const before = await counts(ctx.db);
    const rows = await snapshotProducts(ctx.db);
    const decodes = analysed.count;
    const second = await ingestFolder(ctx, good);
    expect(second.added).toEqual([]);
    expect(second.unchanged.map((u) => u.id)).toEqual(['sunny-day', 'sunny-day-2', 'big-whoosh']);
    expect(second.skipped).toEqual([]);
    expect(second.playlists).toEqual({
      added: [],
      updated: [],
      unchanged: ['sunny-vlogs', 'top-songs', 'travel-reels', 'foley'],
    });
    expect(analysed.count).toBe(decodes);
    expect(await counts(ctx.db)).toEqual(before);
    expect(await snapshotProducts(ctx.db)).toEqual(rows);
  });

  it('the same content in another folder is recognised as the same products', async () => {
    const copy = join(root, 'copied-elsewhere');
    await cp(good, copy, { recursive: true });
    const before = await counts(ctx.db);
    const again = await ingestFolder(ctx, copy);
    expect(again.added).toEqual([]);
    expect(again.unchanged).toHaveLength(3);
    expect(await counts(ctx.db)).toEqual(before);
  });

  it('bad files are reported by name and skipped; good tracks are added and existing products stay untouched', async () => {
    const dir = join(root, 'bad');
    await mkdir(dir);
    await writeClickWav(join(dir, 'fine.wav'), { bpm: 100, tone: 600 });
    // a FLAC signature followed by garbage
    await writeFile(join(dir, 'corrupt.flac'), Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(4000, 0x5a)]));
    await writeFile(join(dir, 'notes.mp3'), 'these are my notes, not audio\n'.repeat(50));
    await writeSilentWav(join(dir, 'silence.wav'));
    await writeClickWav(join(dir, 'stray.wav'), { bpm: 100, tone: 300 });
    // a zip named .aac: the content decides (a WAV with this name would be ingested, see the CLI test)
    await writeFile(join(dir, 'song.aac'), Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(2000, 1)]));
    await writeFile(join(dir, 'huge-cover.svg'), svgCover('x') + ' '.repeat(6 * 1024 * 1024));
    const track = (key: string, file: string, extra: object = {}) => ({
      key,
      type: 'music',
      title: `Track ${key}`,
      artist: 'Tester',
      files: { instrumental: file },
      ...extra,
    });
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({
        tracks: [
          track('fine', 'fine.wav', { cover: 'huge-cover.svg' }),
          track('corrupt', 'corrupt.flac'),
          track('notes', 'notes.mp3'),
          track('silence', 'silence.wav'),
          track('gone', 'gone.wav'),
          track('aac', 'song.aac'),
          track('escape', '../bad/fine.wav'),
          { key: 'untitled', type: 'music', artist: 'Tester', files: { instrumental: 'fine.wav' } },
          track('fine', 'fine.wav'),
        ],
      }),
    );
    const before = await snapshotProducts(ctx.db);
    const report = await ingestFolder(ctx, dir);

    expect(report.added.map((a) => a.key)).toEqual(['fine']);
    const reasons = Object.fromEntries(report.skipped.map((s) => [s.name, s.reason]));
    expect(reasons['corrupt.flac']).toMatch(/^corrupt or undecodable audio/);
    expect(reasons['notes.mp3']).toMatch(/^not an audio file \(it is text\)/);
    expect(reasons['silence.wav']).toMatch(/^silent audio/);
    expect(reasons['gone.wav']).toMatch(/^listed in the manifest but missing/);
    expect(reasons['song.aac']).toMatch(/^not an audio file \(it is a ZIP archive\)/);
    expect(reasons['../bad/fine.wav']).toMatch(/^path leaves the folder/);
    expect(reasons['stray.wav']).toBe('not listed in the manifest');
    expect(reasons['untitled']).toMatch(/^invalid manifest entry: title/);
    expect(reasons['fine']).toBe('duplicate key in the manifest');
    expect(reasons['corrupt.flac']).toContain('track corrupt "Track corrupt" skipped');
    expect(report.skipped).toHaveLength(9);
    expect(report.warnings).toEqual([
      { name: 'huge-cover.svg', reason: expect.stringMatching(/^cover larger than 5 MB/) },
    ]);

    const fine = await ctx.db
      .selectFrom('products')
      .select(['id', 'cover_file_id', 'bpm'])
      .where('id', '=', 'track-fine')
      .executeTakeFirstOrThrow();
    expect(fine.cover_file_id).toBeNull();
    expect(Math.abs(fine.bpm! - 100)).toBeLessThanOrEqual(2);
    const after = (await snapshotProducts(ctx.db)).filter((r) => r.id !== 'track-fine');
    expect(after).toEqual(before);
  });

  it('reads a CSV manifest with quoted fields and ;-separated moods and tags', async () => {
    const dir = join(root, 'csv');
    await mkdir(dir);
    await writeClickWav(join(dir, 'a.wav'), { bpm: 128, tone: 500 });
    await writeClickWav(join(dir, 'b.wav'), { bpm: 140, tone: 520, seconds: 3 });
    await writeFile(
      join(dir, 'manifest.csv'),
      [
        'key,type,title,artist,genre,subgenre,category,moods,tags,vocal,instrumental,stem_bass,stem_instruments,cover,bpm',
        'c1,music,"Rock, Paper ""Scissors""",Duo,Electronic,House,,Calm;Focused,synth;night,,a.wav,,,,128',
        'c2,sfx,Laser Zap,Foley Team,,,Sci-Fi,,,,b.wav,,,,',
        'c3,music,Too Short',
      ].join('\r\n'),
    );
    const report = await ingestFolder(ctx, dir);
    expect(report.manifest).toBe('manifest.csv');
    expect(report.added.map((a) => a.id)).toEqual(['rock-paper-scissors', 'laser-zap']);
    expect(report.skipped).toEqual([{ name: 'c3', reason: 'invalid manifest row: has 3 fields, the header has 15' }]);
    const song = (await ctx.app.inject({ method: 'GET', url: '/api/v1/product/music/rock-paper-scissors' })).json();
    expect(song).toMatchObject({
      title: 'Rock, Paper "Scissors"',
      artist: { id: 'duo', name: 'Duo' },
      genres: [{ id: 'electronic', name: 'Electronic' }],
      subgenres: [{ id: 'house', name: 'House' }],
      moods: expect.arrayContaining([
        { id: 'calm', name: 'Calm' },
        { id: 'focused', name: 'Focused' },
      ]),
      tags: [
        { id: 'night', name: 'night' },
        { id: 'synth', name: 'synth' },
      ],
    });
    const zap = (await ctx.app.inject({ method: 'GET', url: '/api/v1/product/sfx/laser-zap' })).json();
    expect(zap).toMatchObject({ categories: [{ id: 'sci-fi', name: 'Sci-Fi' }], bpm: null });
  });

  it('a malformed or missing manifest stops the ingest with a clear error and writes nothing', async () => {
    const before = await counts(ctx.db);
    const cases: [string, string | null, RegExp][] = [
      ['manifest.json', '{ "tracks": [', /manifest\.json is not valid JSON/],
      ['manifest.json', '{ "genres": [] }', /manifest\.json: tracks/],
      [
        'manifest.json',
        '{ "tracks": [], "playlists": [{ "name": "X", "placement": "radio" }] }',
        /playlists\.0\.placement/,
      ],
      ['manifest.csv', 'key,title\nx,y\n', /manifest\.csv: missing column\(s\) type, artist, instrumental/],
      [
        'manifest.csv',
        'key,type,title,artist,instrumental\n"x,music,T,A,a.wav\n',
        /manifest\.csv is not valid CSV: line 2/,
      ],
      ['manifest.txt', 'nothing', /no manifest\.json or manifest\.csv/],
    ];
    for (const [name, text, message] of cases) {
      const dir = await mkdtemp(join(root, 'broken-'));
      if (text !== null) await writeFile(join(dir, name), text);
      await expect(ingestFolder(ctx, dir)).rejects.toThrow(ManifestError);
      await expect(ingestFolder(ctx, dir)).rejects.toThrow(message);
    }
    expect(await counts(ctx.db)).toEqual(before);
  });
});

function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

describe('catalog:ingest command', () => {
  // a fresh folder and data folder per test, so a retried test starts clean
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'cuewave-ingest-cli-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const cli = (folder: string) =>
    run(process.execPath, ['--import', 'tsx', 'src/features/catalog/ingest.cli.ts', folder], {
      cwd: join(__dirname, '../../..'),
      env: { ...withoutDatabaseUrl(), DATA_DIR: join(root, 'data'), INIT_CWD: root, LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('operator runs the ingest: a summary with skipped files and exit code 0; an unreadable manifest exits non-zero', async () => {
    const dir = join(root, 'music');
    await mkdir(dir);
    await writeClickWav(join(dir, 'one.wav'), { bpm: 110, tone: 440 });
    await writeSilentWav(join(dir, 'two.wav'));
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({
        tracks: [
          { key: 'one', type: 'music', title: 'One', artist: 'A', files: { instrumental: 'one.wav' } },
          { key: 'two', type: 'music', title: 'Two', artist: 'A', files: { instrumental: 'two.wav' } },
        ],
      }),
    );
    // a path relative to where the operator typed the command (INIT_CWD), not to server/
    const ok = await cli('music');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/1 added, 0 updated, 0 unchanged, 1 skipped/);
    expect(ok.stdout).toMatch(/two\.wav: silent audio/);

    const broken = join(root, 'broken');
    await mkdir(broken);
    await writeFile(join(broken, 'manifest.json'), 'not json');
    const bad = await cli(broken);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Ingest failed: manifest\.json is not valid JSON/);
    // separate processes on the embedded database: seconds each on a quiet machine, far more beside other suites
  }, 240_000);

  it('takes audio by its content (.oga, .M4A, .aif, .opus), skips a text file named .mp3, and exits non-zero when nothing was imported', async () => {
    const dir = join(root, 'formats');
    await mkdir(dir);
    await writeClickWav(join(dir, 'src.wav'), { bpm: 100, tone: 660 });
    const made: [string, string[]][] = [
      ['Vorbis.oga', ['-c:a', 'libvorbis', '-f', 'ogg']],
      ['AAC.M4A', ['-c:a', 'aac', '-b:a', '64k', '-f', 'ipod']],
      ['Mac.aif', ['-c:a', 'pcm_s16be', '-f', 'aiff']],
      ['Voice.opus', ['-c:a', 'libopus', '-b:a', '32k', '-f', 'opus']],
    ];
    for (const [name, args] of made) {
      const r = await runFfmpeg(['-v', 'error', '-y', '-i', join(dir, 'src.wav'), ...args, join(dir, name)]);
      expect(r.code, r.stderr).toBe(0);
    }
    await rm(join(dir, 'src.wav'));
    await writeFile(join(dir, 'Fake.mp3'), 'ID,title\nthis is a spreadsheet, not a song\n');
    const entry = (key: string, file: string) => ({
      key,
      type: 'music',
      title: key,
      artist: 'Formats',
      files: { instrumental: file },
    });
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({ tracks: [...made.map(([name]) => entry(name, name)), entry('fake', 'Fake.mp3')] }),
    );
    const ok = await cli(dir);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/4 added, 0 updated, 0 unchanged, 1 skipped/);
    expect(ok.stdout).toMatch(/Fake\.mp3: not an audio file \(it is text\)/);

    // only the impostor: nothing to import, and the exit code says so
    const onlyFake = join(root, 'only-fake');
    await mkdir(onlyFake);
    await writeFile(join(onlyFake, 'Fake.mp3'), '<html>not audio</html>');
    await writeFile(join(onlyFake, 'manifest.json'), JSON.stringify({ tracks: [entry('fake', 'Fake.mp3')] }));
    const none = await cli(onlyFake);
    expect(none.code).toBe(3);
    expect(none.stdout).toMatch(/0 added, 0 updated, 0 unchanged, 1 skipped/);
    expect(none.stderr).toMatch(/imported nothing/);

    // an empty folder has no manifest: an error, not a quiet success
    const empty = join(root, 'empty');
    await mkdir(empty);
    const nothing = await cli(empty);
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toMatch(/no manifest\.json or manifest\.csv/);
  }, 240_000);
});
