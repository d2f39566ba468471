import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTOR_DIMENSIONS } from '../../../audio/descriptor';
import type { SoundDescriptor, SoundFeatures } from '../../../audio/descriptor.types';
import type { Db } from '../../../db/client';
import { catalogFactory } from '../../../../test/factories';
import { createTestDb } from '../../../../test/test-db';
import { createSearchIndexStore, type SearchIndexStore } from '../search-index-store';
import { closeQualities, descriptorOf, soundScores } from './sound-search';
import { upsertSounds } from './sound.repo';

const base: SoundFeatures = {
  bpm: 120,
  energy: 0.6,
  brightnessHz: 1500,
  rhythmDensity: 4,
  key: 'A minor',
  loudnessDb: -14,
  dynamicsDb: 6,
};

/** A descriptor `offset` away from the origin along the first dimension (timbre dims stay equal). */
function sound(offset: number, features: Partial<SoundFeatures> = {}): SoundDescriptor {
  const vector = new Array<number>(DESCRIPTOR_DIMENSIONS).fill(0);
  vector[0] = offset;
  return { vector, features: { ...base, ...features } };
}

let db: Db;
let drop: () => Promise<void>;
let store: SearchIndexStore;
const bump = () =>
  db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  const f = catalogFactory(db);
  for (const id of ['origin', 'near', 'middle', 'far', 'silent-one']) await f.product({ id, files: false });
  await f.product({ id: 'boom', type: 'sfx', files: false });
  await upsertSounds(db, [
    { productId: 'origin', descriptor: sound(0) },
    { productId: 'near', descriptor: sound(0.1, { bpm: 121, key: 'C major', energy: 0.65 }) },
    { productId: 'middle', descriptor: sound(1, { bpm: 100, energy: 0.2 }) },
    { productId: 'far', descriptor: sound(5, { bpm: 170, brightnessHz: 4000, loudnessDb: -30 }) },
    { productId: 'boom', descriptor: sound(0.05) },
  ]);
  await bump();
  store = createSearchIndexStore(db);
});
afterAll(async () => {
  await drop();
});

const ranked = (scores: Map<number, number>, catalog: Awaited<ReturnType<SearchIndexStore['current']>>) =>
  [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([slot]) => catalog.index.doc(slot)!.id);

describe('sound search', () => {
  it('ranks products of the type by distance, without the product itself or ones without a descriptor', async () => {
    const catalog = await store.current();
    const target = descriptorOf(catalog, 'origin')!;
    expect(target.features.key).toBe('A minor');
    const { scores } = soundScores(catalog, 'music', target, { excludeId: 'origin' });
    expect(ranked(scores, catalog)).toEqual(['near', 'middle', 'far']);
    expect(descriptorOf(catalog, 'silent-one')).toBeNull();
    expect(descriptorOf(catalog, 'nope')).toBeNull();
    const sfx = soundScores(catalog, 'sfx', target);
    expect(ranked(sfx.scores, catalog)).toEqual(['boom']);
  });

  it('says in which qualities a result is close', async () => {
    const catalog = await store.current();
    const result = soundScores(catalog, 'music', descriptorOf(catalog, 'origin')!, { excludeId: 'origin' });
    const near = result.closeIn(catalog.index.slotOf('near')!);
    // 121 vs 120 BPM, energy 0.65 vs 0.6, C major is A minor's relative major
    expect(near).toEqual(expect.arrayContaining(['tempo', 'energy', 'timbre', 'brightness', 'key']));
    const far = result.closeIn(catalog.index.slotOf('far')!);
    expect(far).not.toContain('tempo');
    expect(far).not.toContain('brightness');
    expect(far).not.toContain('loudness');
  });

  it('keeps the best `limit` only', async () => {
    const catalog = await store.current();
    const { scores } = soundScores(catalog, 'music', sound(0), { limit: 2 });
    expect(ranked(scores, catalog)).toEqual(['origin', 'near']);
  });

  it('follows new, changed and removed descriptors and products', async () => {
    await upsertSounds(db, [
      { productId: 'silent-one', descriptor: sound(0.5) },
      { productId: 'far', descriptor: sound(0.2) },
    ]);
    await bump();
    let catalog = await store.current();
    expect(ranked(soundScores(catalog, 'music', sound(0), { excludeId: 'origin' }).scores, catalog)).toEqual([
      'near',
      'far',
      'silent-one',
      'middle',
    ]);
    // a changed product moves to a new slot in the index: its descriptor follows
    await db.updateTable('products').set({ title: 'Near, renamed' }).where('id', '=', 'near').execute();
    await db.deleteFrom('products').where('id', '=', 'middle').execute();
    await bump();
    catalog = await store.current();
    expect(ranked(soundScores(catalog, 'music', sound(0), { excludeId: 'origin' }).scores, catalog)).toEqual([
      'near',
      'far',
      'silent-one',
    ]);
    expect(descriptorOf(catalog, 'near')?.features.key).toBe('C major');
  });

  it('compares qualities symmetrically and folds tempo octaves', () => {
    expect(closeQualities(sound(0, { bpm: 70 }), sound(0, { bpm: 140 }))).toContain('tempo');
    expect(closeQualities(sound(0, { bpm: 90 }), sound(0, { bpm: 120 }))).not.toContain('tempo');
    expect(closeQualities(sound(0, { bpm: null }), sound(0, { bpm: null }))).not.toContain('tempo');
    expect(closeQualities(sound(0, { key: null }), sound(0))).not.toContain('key');
  });
});
