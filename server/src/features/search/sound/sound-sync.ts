import type { Db } from '../../../db/client';
import type { SearchIndex } from '../search-index';
import { SoundIndex } from './sound-index';
import * as repo from './sound.repo';

// Keeping the catalogue snapshot's descriptors (decision 066) in step with the database. Apart from
// sound-search.ts, which reads the snapshot, so that the store can call this without a circle.

/** Products whose descriptors are read per query while catching up. */
const LOAD_BATCH = 2000;

/**
 * The descriptors of `index`'s products, brought in step with product_sounds: compares (product, seq)
 * pairs and loads only what differs. `previous` is reused when it belongs to the same index object (a
 * compacted or rebuilt index renumbers slots, so it starts over).
 */
export async function syncSounds(
  db: Db,
  index: SearchIndex,
  previous: { index: SearchIndex; sounds: SoundIndex } | null,
): Promise<SoundIndex> {
  const sounds = previous && previous.index === index ? previous.sounds : new SoundIndex();
  const seqs = await repo.selectSoundSeqs(db);
  const wanted: string[] = [];
  const held = new Set<number>();
  for (const [id, seq] of seqs) {
    const slot = index.slotOf(id);
    if (slot === undefined) continue; // a product the index does not hold (yet): its next sync loads both
    held.add(slot);
    if (sounds.seqAt(slot) !== seq) wanted.push(id);
  }
  // Slots emptied by a removal or a re-upsert, or whose descriptor went away.
  for (let slot = 0; slot < sounds.capacity; slot++) if (sounds.has(slot) && !held.has(slot)) sounds.clear(slot);
  for (let i = 0; i < wanted.length; i += LOAD_BATCH) {
    for (const row of await repo.selectSounds(db, wanted.slice(i, i + LOAD_BATCH))) {
      const slot = index.slotOf(row.productId);
      if (slot !== undefined) sounds.set(slot, row.descriptor, row.seq);
    }
  }
  return sounds;
}
