import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTOR_DIMENSIONS, DESCRIPTOR_VERSION } from '../../../audio/descriptor';
import { writeClickWav } from '../../../../test/audio-fixtures';
import { createTestApp, type TestContext } from '../../../../test/test-app';
import { ingestFolder } from '../../catalog/ingest.service';
import { selectSounds } from './sound.repo';

/** The ingest stores each new product's descriptor with the catalogue's tempo (decision 066). */
let ctx: TestContext;
let dir = '';

beforeAll(async () => {
  ctx = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'cuewave-sound-ingest-'));
  await writeClickWav(join(dir, 'beat.wav'), { bpm: 120, seconds: 8 });
  await writeClickWav(join(dir, 'hit.wav'), { bpm: 90, seconds: 8, tone: 2500 });
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      tracks: [
        { key: 'beat', type: 'music', title: 'Beat', artist: 'Tester', files: { instrumental: 'beat.wav' } },
        { key: 'hit', type: 'sfx', title: 'Hit', artist: 'Tester', files: { instrumental: 'hit.wav' } },
      ],
    }),
  );
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ingest', () => {
  it('stores a descriptor per new product, at the tempo the catalogue shows', async () => {
    const report = await ingestFolder(ctx, dir);
    expect(report.added).toHaveLength(2);
    const products = await ctx.db.selectFrom('products').select(['id', 'type', 'bpm']).execute();
    const sounds = await selectSounds(
      ctx.db,
      products.map((p) => p.id),
    );
    expect(sounds).toHaveLength(2);
    for (const p of products) {
      const s = sounds.find((x) => x.productId === p.id)!;
      expect(s.descriptor.vector).toHaveLength(DESCRIPTOR_DIMENSIONS);
      expect(s.descriptor.features.bpm).toBe(p.bpm);
    }
    expect(products.find((p) => p.type === 'sfx')!.bpm).toBeNull();
    const version = await ctx.db.selectFrom('product_sounds').select('version').distinct().execute();
    expect(version).toEqual([{ version: DESCRIPTOR_VERSION }]);
  });
});
