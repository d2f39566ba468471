import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductList } from '@cuewave/contract/catalog';
import { LISTING_WAVEFORM_BARS, shownFile } from '@cuewave/contract/waveform';
import { catalogFactory } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { BACKFILL_CATALOG_JOB } from '../downloads/downloads.jobs-kinds';
import { DEMO_CATALOG_JOB, demoCatalogNeeded, queueDemoCatalog } from './demo.jobs';
import { clearCatalogue, ensureDemoCatalog, type DemoResult } from './demo.service';

const DEMO_SONGS = 200;

describe('demo catalogue (full default size)', () => {
  let ctx: TestContext;
  let result: DemoResult;
  const lines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    // The full 200 songs as on a first start; no sound effects, to save time (they have no tempo).
    result = await ensureDemoCatalog(
      { ...ctx, log: (line) => lines.push(line) },
      { mode: 'auto', songs: DEMO_SONGS, sfx: 0 },
    );
  }, 1_800_000);
  afterAll(() => ctx.close());

  it('first start builds every demo song through the ingest, with nothing skipped', async () => {
    expect(result.built).toBe(true);
    if (!result.built) return;
    expect(result.report.skipped).toEqual([]);
    expect(result.report.added).toHaveLength(DEMO_SONGS);
    expect(lines.some((l) => /synthesising 200 songs/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/200 products added/);
  });

  it('every demo song has a measured BPM within ±2 of the tempo it was synthesised at', async () => {
    const songs = await ctx.db
      .selectFrom('products')
      .select(['id', 'bpm', 'declared_bpm'])
      .where('type', '=', 'music')
      .execute();
    expect(songs).toHaveLength(DEMO_SONGS);
    const off = songs.filter((s) => s.declared_bpm === null || s.bpm === null || Math.abs(s.bpm - s.declared_bpm) > 2);
    expect(off, `songs whose measured tempo is off: ${JSON.stringify(off.slice(0, 10))}`).toEqual([]);
  });

  it('demo songs come with previews, master, waveform and the catalogue around them', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/product/music' });
    const body = res.json() as ProductList;
    expect(body.count).toBe(DEMO_SONGS);
    for (const product of body.items) {
      const types = product.files.map((f) => f.type);
      expect(types).toContain('instrumental');
      expect(types).toContain('master');
      // A listing: the shown version (vocal, else instrumental) carries its waveform at the listing's resolution.
      expect(shownFile(product.files)!.waveform).toHaveLength(LISTING_WAVEFORM_BARS);
      expect(product.genres.length).toBeGreaterThan(0);
    }
    const genres = (await ctx.app.inject({ method: 'GET', url: '/api/v1/genre' })).json() as unknown[];
    expect(genres.length).toBeGreaterThan(0);
  });

  it('a later start leaves the existing catalogue alone', async () => {
    const before = await ctx.db.selectFrom('products').select('id').execute();
    const again = await ensureDemoCatalog(ctx, { mode: 'auto', songs: DEMO_SONGS, sfx: 0 });
    expect(again).toEqual({ built: false, reason: 'not-empty' });
    expect(await ctx.db.selectFrom('products').select('id').execute()).toEqual(before);
  });
});

describe('demo catalogue switches', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('DEMO_CATALOG=off never builds, even on an empty catalogue', async () => {
    expect(await ensureDemoCatalog(ctx, { mode: 'off', songs: 5, sfx: 5 })).toEqual({ built: false, reason: 'off' });
    const row = await ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(0);
  });

  it('clearing the catalogue removes products, taxonomy, curated playlists and their stored files', async () => {
    const f = catalogFactory(ctx.db, ctx.storage);
    await f.genre('Rock');
    await f.mood('Happy');
    const id = await f.product({ genres: ['rock'], moods: ['happy'] });
    await f.playlist({ name: 'Top', placement: 'top', products: [id] });
    const keys = await ctx.db.selectFrom('files').select('storage_key').execute();
    expect(keys.length).toBeGreaterThan(0);

    const cleared = await clearCatalogue(ctx);
    expect(cleared.products).toBe(1);
    expect(cleared.files).toBe(keys.length);
    for (const table of ['products', 'categories', 'moods', 'artists', 'playlists', 'files'] as const) {
      const row = await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBe(0);
    }
    for (const { storage_key } of keys) expect(await ctx.storage.size(storage_key)).toBeNull();
  });
  it('DEMO_CATALOG=auto queues one demo job; it builds without stem previews, which the downloads backfill then adds', async () => {
    await clearCatalogue(ctx);
    const demo = { songs: 2, sfx: 1 };
    expect(await queueDemoCatalog(ctx.db, demo)).toBe(true);
    // A second instance starting at the same time joins the same job.
    expect(await queueDemoCatalog(ctx.db, demo)).toBe(true);
    const jobsOf = (kind: string) =>
      ctx.db.selectFrom('jobs').select(['status', 'result']).where('kind', '=', kind).execute();
    expect(await jobsOf(DEMO_CATALOG_JOB)).toEqual([{ status: 'queued', result: null }]);

    await ctx.runJobs();
    expect(await jobsOf(DEMO_CATALOG_JOB)).toEqual([{ status: 'done', result: { built: true, added: 3, skipped: 0 } }]);
    // The stems came in without previews: the backfill the demo job queued had both songs to do.
    expect(await jobsOf(BACKFILL_CATALOG_JOB)).toEqual([{ status: 'done', result: { products: 2 } }]);
    const stems = await ctx.db
      .selectFrom('product_files')
      .select(['type', 'preview_file_id'])
      .where('type', 'in', ['stem_bass', 'stem_instruments'])
      .execute();
    expect(stems).toHaveLength(4);
    for (const stem of stems) expect(stem.preview_file_id, stem.type).toEqual(expect.any(String));
    expect(await queueDemoCatalog(ctx.db, demo)).toBe(false);
    await clearCatalogue(ctx);
  });

  it('a demo build stopped through its signal (a stop hands the job back) ends early; the next run completes it', async () => {
    const small = { mode: 'auto' as const, songs: 1, sfx: 2, seed: 11, concurrency: 1 };
    const stop = new AbortController();
    const log = (line: string) => /ingested 1\//.test(line) && stop.abort(new Error('stopping'));
    await expect(ensureDemoCatalog({ ...ctx, log }, { ...small, signal: stop.signal })).rejects.toThrow('stopping');
    const count = async () => (await ctx.db.selectFrom('products').select('id').execute()).length;
    const partial = await count();
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(3);
    expect(await demoCatalogNeeded(ctx.db)).toBe(true);

    const resumed = await ensureDemoCatalog(ctx, small);
    expect(resumed.built && resumed.report.added.length + resumed.report.unchanged.length).toBe(3);
    expect(await count()).toBe(3);
    await clearCatalogue(ctx);
  });

  it('a start after an interrupted demo build completes it without duplicating what is there', async () => {
    const small = { mode: 'auto' as const, songs: 3, sfx: 2, seed: 7 };
    const first = await ensureDemoCatalog(ctx, small);
    expect(first.built && first.report.added).toHaveLength(5);
    // As if the first start had been stopped before the last product and the playlists were written.
    const last = first.built ? first.report.added.at(-1)!.id : '';
    await ctx.db.deleteFrom('products').where('id', '=', last).execute();
    await ctx.db.deleteFrom('playlists').execute();
    await ctx.db.updateTable('catalog_state').set({ demo_status: 'building' }).execute();

    const resumed = await ensureDemoCatalog(ctx, small);
    expect(resumed.built).toBe(true);
    if (!resumed.built) return;
    expect(resumed.report.added.map((a) => a.id)).toEqual([last]);
    expect(resumed.report.unchanged).toHaveLength(4);
    expect(resumed.report.playlists.added.length).toBeGreaterThan(0);
    expect(await ensureDemoCatalog(ctx, small)).toEqual({ built: false, reason: 'not-empty' });
    await clearCatalogue(ctx);
  });
});
