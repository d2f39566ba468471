import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationsSchema, type Recommendations } from '@cuewave/contract/recommend';
import { DESCRIPTOR_DIMENSIONS } from '../../../audio/descriptor';
import type { SoundDescriptor, SoundFeatures } from '../../../audio/descriptor.types';
import { clickTrack, wavBytes } from '../../../../test/audio-fixtures';
import { catalogFactory } from '../../../../test/factories';
import { createTestApp, type TestContext } from '../../../../test/test-app';
import { enqueueSoundBackfillIfNeeded, runSoundBackfill } from './sound.jobs';
import { selectSoundSource, upsertSounds } from './sound.repo';

/**
 * "More like this" through HTTP, and the backfill of descriptors (issue 14, decision 066).
 *
 * | id       | type  | genre      | descriptor                       |
 * | origin   | music | electronic | offset 0                         |
 * | twin     | music | pop        | offset 0.1, same tempo and key   |
 * | cousin   | music | electronic | offset 1, slower                 |
 * | stranger | music | pop        | offset 4, far in every way       |
 * | fresh    | music | electronic | none until the backfill (a real click-track master) |
 * | boom     | sfx   | impacts    | offset 0.05                      |
 */
let ctx: TestContext;

const base: SoundFeatures = {
  bpm: 120,
  energy: 0.6,
  brightnessHz: 1500,
  rhythmDensity: 4,
  key: 'A minor',
  loudnessDb: -14,
  dynamicsDb: 6,
};
function sound(offset: number, features: Partial<SoundFeatures> = {}): SoundDescriptor {
  const vector = new Array<number>(DESCRIPTOR_DIMENSIONS).fill(0);
  vector[0] = offset;
  return { vector, features: { ...base, ...features } };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const f = catalogFactory(ctx.db, ctx.storage);
  await f.genre('Electronic');
  await f.genre('Pop');
  await f.sfxCategory('Impacts');
  await f.product({ id: 'origin', title: 'Origin', genres: ['electronic'], bpm: 120 });
  await f.product({ id: 'twin', title: 'Twin', genres: ['pop'], bpm: 120 });
  await f.product({ id: 'cousin', title: 'Cousin', genres: ['electronic'], bpm: 100 });
  await f.product({ id: 'stranger', title: 'Stranger', genres: ['pop'], bpm: 170 });
  await f.product({ id: 'fresh', title: 'Fresh', genres: ['electronic'], bpm: 120 });
  await f.product({ id: 'boom', title: 'Boom', type: 'sfx', categories: ['impacts'] });
  await upsertSounds(ctx.db, [
    { productId: 'origin', descriptor: sound(0) },
    { productId: 'twin', descriptor: sound(0.1) },
    { productId: 'cousin', descriptor: sound(1, { bpm: 100, energy: 0.3 }) },
    { productId: 'stranger', descriptor: sound(4, { bpm: 170, brightnessHz: 5000, loudnessDb: -30, key: null }) },
    { productId: 'boom', descriptor: sound(0.05, { bpm: null }) },
  ]);
  // fresh's master is real audio, for the backfill to decode
  const source = await selectSoundSource(ctx.db, 'fresh');
  await ctx.storage.putBuffer(source!.storageKey!, wavBytes(clickTrack({ bpm: 120, seconds: 8 })));
  await ctx.db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
async function recommended(url: string): Promise<Recommendations> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return recommendationsSchema.parse(res.json());
}
async function expectError(url: string, status: number, error: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: string; message: string };
  expect(body.error).toBe(error);
  expect(body.message).toEqual(expect.any(String));
  return body;
}
const ids = (r: Recommendations) => r.items.map((p) => p.id);

describe('GET /v1/product/{type}/recommended?id=', () => {
  it('lists the nearest products of the type by sound, never the product itself, each with what is close', async () => {
    const r = await recommended('/api/v1/product/music/recommended?id=origin');
    expect(r.basis).toBe('sound');
    expect(r.notice).toBeNull();
    // twin is another genre but sounds alike: sound, not merely metadata
    expect(ids(r)).toEqual(['twin', 'cousin', 'stranger']);
    expect(r.count).toBe(3);
    expect(Object.keys(r.closeIn).sort()).toEqual(['cousin', 'stranger', 'twin']);
    expect(r.closeIn.twin).toEqual(expect.arrayContaining(['tempo', 'energy', 'timbre', 'key']));
    expect(r.closeIn.cousin).not.toContain('tempo');
    expect(r.closeIn.stranger).not.toContain('brightness');
  });

  it('pages with skip and limit', async () => {
    const r = await recommended('/api/v1/product/music/recommended?id=origin&skip=1&limit=1');
    expect(ids(r)).toEqual(['cousin']);
    expect(r.count).toBe(3);
  });

  it('stays within the type', async () => {
    const r = await recommended('/api/v1/product/sfx/recommended?id=boom');
    expect(r).toMatchObject({ basis: 'sound', items: [], count: 0 });
  });

  it('answers a product without a descriptor by metadata, with a notice, until the backfill has run', async () => {
    const before = await recommended('/api/v1/product/music/recommended?id=fresh');
    expect(before.basis).toBe('metadata');
    expect(before.notice).toMatch(/not been analysed/);
    expect(ids(before)).not.toContain('fresh');
    expect(ids(before)).toEqual(expect.arrayContaining(['origin', 'cousin']));
    expect(before.closeIn).toEqual({});

    expect(await enqueueSoundBackfillIfNeeded(ctx.db)).toBe(true);
    await ctx.runJobs();
    expect(await enqueueSoundBackfillIfNeeded(ctx.db)).toBe(false);
    const after = await recommended('/api/v1/product/music/recommended?id=fresh');
    expect(after.basis).toBe('sound');
    expect(ids(after)).not.toContain('fresh');
    expect(after.count).toBe(4);
    // a second run finds nothing to do (idempotent)
    expect(await runSoundBackfill({ db: ctx.db, storage: ctx.storage })).toEqual({ products: 0 });
  });

  it('keeps like= and the popular rotation', async () => {
    const like = await recommended('/api/v1/product/music/recommended?like=origin');
    expect(like.basis).toBe('metadata');
    expect(ids(like)).not.toContain('origin');
    const popular = await recommended('/api/v1/product/music/recommended?limit=2');
    expect(popular.basis).toBe('popular');
    expect(popular.items).toHaveLength(2);
  });

  it('is 404 for an unknown product or one of the other type', async () => {
    const body = await expectError('/api/v1/product/music/recommended?id=nope', 404, 'NOT_FOUND');
    expect(body.message).toBe('Product nope not found');
    await expectError('/api/v1/product/music/recommended?id=boom', 404, 'NOT_FOUND');
    await expectError('/api/v1/product/sfx/recommended?id=origin', 404, 'NOT_FOUND');
  });

  it('is 400 for malformed input', async () => {
    for (const query of [
      'id=',
      'id=..%2Fetc%2Fpasswd',
      'id=a%20b',
      `id=${'x'.repeat(201)}`,
      'id=origin&limit=0',
      'id=origin&limit=31',
      'id=origin&limit=ten',
      'id=origin&skip=-1',
      'id=origin&skip=95&limit=10',
      'id=origin&like=twin',
    ]) {
      await expectError(`/api/v1/product/music/recommended?${query}`, 400, 'VALIDATION_FAILED');
    }
  });
});
