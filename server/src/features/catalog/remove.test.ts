import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadHistory, ProductDownload } from '@cuewave/contract/downloads';
import { sessionFor } from '../../../test/auth-helpers';
import { writeClickWav } from '../../../test/audio-fixtures';
import { accountFactory, userPlaylistFactory } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { pdfText } from '../licence/pdf-text';
import { ingestFolder } from './ingest.service';
import { removeProducts } from './remove.service';

/** Removing products from the catalogue (decision 062): what goes and what stays. */

const clock = fixedClock(new Date());
let ctx: TestContext;
let folder: string;

async function buildFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-remove-'));
  await writeClickWav(join(dir, 'sun-vocal.wav'), { bpm: 120, tone: 900, seconds: 4 });
  await writeClickWav(join(dir, 'sun-instrumental.wav'), { bpm: 120, tone: 800, seconds: 4 });
  await writeClickWav(join(dir, 'sun-bass.wav'), { bpm: 120, tone: 150, seconds: 4 });
  await writeClickWav(join(dir, 'sun-instruments.wav'), { bpm: 120, tone: 1200, seconds: 4 });
  await writeClickWav(join(dir, 'drive.wav'), { bpm: 90, tone: 700, seconds: 4 });
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      tracks: [
        {
          key: 'sun',
          type: 'music',
          title: 'Sunny Day',
          artist: 'Nova Lane',
          genre: 'Pop',
          moods: ['Happy'],
          tags: ['summer'],
          files: {
            vocal: 'sun-vocal.wav',
            instrumental: 'sun-instrumental.wav',
            stem_bass: 'sun-bass.wav',
            stem_instruments: 'sun-instruments.wav',
          },
        },
        { key: 'drive', type: 'music', title: 'Night Drive', artist: 'Kilo', files: { instrumental: 'drive.wav' } },
      ],
      playlists: [
        { name: 'Sunny Vlogs', placement: 'homepage', tracks: ['sun', 'drive'] },
        { name: 'Travel Reels', placement: 'reels', tracks: ['sun'] },
      ],
    }),
  );
  return dir;
}

const count = async (db: Db, table: 'products' | 'playlist_items' | 'product_files') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const catalogVersion = async (db: Db) =>
  Number((await db.selectFrom('catalog_state').select('version').executeTakeFirstOrThrow()).version);

/** The product's files rows with their storage keys, download renditions included. */
async function storedFilesOf(db: Db, productId: string) {
  const pf = await db
    .selectFrom('product_files')
    .select(['file_id', 'preview_file_id', 'lossless_file_id'])
    .where('product_id', '=', productId)
    .execute();
  const ids = pf.flatMap((r) => [r.file_id, r.preview_file_id, r.lossless_file_id]).filter((x) => x !== null);
  const renditions = await db.selectFrom('renditions').select('file_id').where('source_file_id', 'in', ids).execute();
  const all = [...ids, ...renditions.map((r) => r.file_id)];
  return db.selectFrom('files').select(['id', 'storage_key']).where('id', 'in', all).execute();
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  folder = await buildFolder();
  const report = await ingestFolder(ctx, folder);
  expect(report.added.map((a) => a.id)).toEqual(['sunny-day', 'night-drive']);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('removeProducts', () => {
  it('an unknown id removes nothing when all-or-nothing is asked, and is reported', async () => {
    const version = await catalogVersion(ctx.db);
    const result = await removeProducts(ctx.db, ['sunny-day', 'no-such-track'], {
      storage: ctx.storage,
      allOrNothing: true,
    });
    expect(result).toEqual({ removed: [], unknown: ['no-such-track'], deletedObjects: 0 });
    expect(await count(ctx.db, 'products')).toBe(2);
    expect(await catalogVersion(ctx.db)).toBe(version);
    expect(await removeProducts(ctx.db, ['nope'])).toEqual({ removed: [], unknown: ['nope'], deletedObjects: 0 });
  });

  it('removes the product with its files, links and playlist places; downloads and certificates keep working', async () => {
    // A subscriber downloaded the song (so it has a download row and a WAV rendition) and keeps it in
    // Favorites and a playlist; the other track stays in the catalogue.
    const accounts = accountFactory(ctx.db);
    const account = await accounts.account({ confirmedEmail: true });
    await accounts.subscription(account.id, {
      plan: 'professional',
      startedAt: new Date(clock.now().getTime() - 86_400_000),
      nextPayAt: new Date(clock.now().getTime() + 29 * 86_400_000),
    });
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    let ready: ProductDownload | null = null;
    for (let round = 0; round < 4 && !ready; round++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/product/sunny-day/download?files=instrumental&format=wav',
        headers: auth,
      });
      if (res.statusCode === 200) ready = res.json<ProductDownload>();
      else {
        expect(res.statusCode, res.body).toBe(202);
        await ctx.runJobs();
      }
    }
    expect(ready?.downloadId).toEqual(expect.any(String));
    const favourites = await userPlaylistFactory(ctx.db).playlist(account.id, {
      favorites: true,
      products: ['sunny-day', 'night-drive'],
    });

    const stored = await storedFilesOf(ctx.db, 'sunny-day');
    expect(stored.length).toBeGreaterThanOrEqual(8);
    for (const f of stored) expect(await ctx.storage.size(f.storage_key), f.storage_key).not.toBeNull();
    const keep = await ctx.db.selectFrom('products').select('search_seq').where('id', '=', 'night-drive').execute();
    const version = await catalogVersion(ctx.db);

    const result = await removeProducts(ctx.db, ['sunny-day', 'sunny-day'], { storage: ctx.storage });
    expect(result.removed).toEqual(['sunny-day']);
    expect(result.unknown).toEqual([]);
    expect(result.deletedObjects).toBe(new Set(stored.map((f) => f.storage_key)).size);

    // gone from the catalogue, its rows and its bytes
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/product/music/sunny-day' })).statusCode).toBe(404);
    expect(
      await ctx.db
        .selectFrom('files')
        .select('id')
        .where(
          'id',
          'in',
          stored.map((f) => f.id),
        )
        .execute(),
    ).toEqual([]);
    for (const f of stored) expect(await ctx.storage.size(f.storage_key)).toBeNull();
    expect(
      await ctx.db.selectFrom('product_files').select('file_id').where('product_id', '=', 'sunny-day').execute(),
    ).toHaveLength(0);
    const items = await ctx.db
      .selectFrom('playlist_items')
      .select(['playlist_id', 'product_id'])
      .orderBy('playlist_id')
      .execute();
    expect(items.every((i) => i.product_id === 'night-drive')).toBe(true);
    expect(items.map((i) => i.playlist_id)).toContain(favourites);
    // the catalogue version moves (API caches and the search index reconcile on it; decision 058), and
    // the other product is untouched
    expect(await ctx.db.selectFrom('products').select('search_seq').where('id', '=', 'night-drive').execute()).toEqual(
      keep,
    );
    expect(await catalogVersion(ctx.db)).toBe(version + 1);
    const listing = (await ctx.app.inject({ method: 'GET', url: '/api/v1/product/music' })).json<{
      items: { id: string }[];
    }>();
    expect(listing.items.map((p) => p.id)).toEqual(['night-drive']);

    // the subscriber's history still lists the download (title and artist as they were, no product)
    const history = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/download', headers: auth })
    ).json<DownloadHistory>();
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      productId: 'sunny-day',
      product: null,
      title: 'Sunny Day',
      artist: 'Nova Lane',
    });
    const pdf = await ctx.app.inject({ method: 'GET', url: history.items[0]!.licence.certificateUrl, headers: auth });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).join('\n')).toContain('Sunny Day');
    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/verify/${history.items[0]!.licence.code}`,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({ track: { productId: 'sunny-day', title: 'Sunny Day' } });
    // downloading it again is a clear 404, not a crash
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/product/sunny-day/download?files=instrumental&format=wav',
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });

    // removing it again: unknown
    expect(await removeProducts(ctx.db, ['sunny-day'])).toEqual({
      removed: [],
      unknown: ['sunny-day'],
      deletedObjects: 0,
    });
  });
});

function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

describe('catalog:remove command', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'cuewave-remove-cli-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const run = (script: string, args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', `src/features/catalog/${script}`, ...args], {
      cwd: join(__dirname, '../../..'),
      env: { ...withoutDatabaseUrl(), DATA_DIR: join(root, 'data'), INIT_CWD: root, LOG_LEVEL: 'silent' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('operator removes a product by id; an unknown id exits 1 and removes nothing; no id prints the usage', async () => {
    const dir = join(root, 'music');
    await mkdir(dir);
    await writeClickWav(join(dir, 'one.wav'), { bpm: 110, tone: 440 });
    await writeClickWav(join(dir, 'two.wav'), { bpm: 100, tone: 660 });
    await writeFile(
      join(dir, 'manifest.json'),
      JSON.stringify({
        tracks: [
          { key: 'one', type: 'music', title: 'One', artist: 'A', files: { instrumental: 'one.wav' } },
          { key: 'two', type: 'music', title: 'Two', artist: 'A', files: { instrumental: 'two.wav' } },
        ],
      }),
    );
    const ingest = await run('ingest.cli.ts', ['music']);
    expect(ingest.code, ingest.stderr).toBe(0);

    const unknown = await run('remove.cli.ts', ['one', 'typo']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Unknown product id\(s\): typo\. Nothing was removed/);

    const usage = await run('remove.cli.ts', []);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/usage: npm run catalog:remove -- <productId>/);

    const ok = await run('remove.cli.ts', ['one']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Removed 1 product\(s\): one \(\d+ stored file\(s\) deleted\)/);

    // the ingest of the same folder brings it back as a new product; "two" is unchanged
    const back = await run('ingest.cli.ts', ['music']);
    expect(back.stdout).toMatch(/1 added, 0 updated, 1 unchanged, 0 skipped/);
    // five processes that each open the embedded database, two of them encoding audio: about a minute
    // on a quiet machine, more beside other suites
  }, 300_000);
});
