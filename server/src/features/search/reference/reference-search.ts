import type { ProductType } from '@cuewave/contract/catalog';
import type { SoundQuality } from '../../../audio/descriptor.types';
import { AppError } from '../../../lib/errors';
import type { Db } from '../../../db/client';
import type { SearchCatalog } from '../search-index-store';
import { descriptorOf, soundScores } from '../sound/sound-search';
import { selectReferences } from './reference.repo';

export type ReferenceRanking = {
  /** slot → closeness, averaged over the sound references; null when none of them is a sound. */
  sound: { scores: Map<number, number>; closeIn(slot: number): SoundQuality[] } | null;
  /** Words of streaming references, searched like a prompt. */
  texts: string[];
};

/**
 * What a search's `reference` list ranks by (decision 067): our own tracks' descriptors, analysed audio's
 * stored descriptors (averaging the scores when there are several, so results sound like all of them)
 * and streaming pages' words. An unknown or expired reference is a 400 that says to add the link again.
 */
export async function referenceRanking(
  db: Db,
  now: Date,
  catalog: SearchCatalog,
  type: ProductType,
  references: string[],
): Promise<ReferenceRanking> {
  const unique = [...new Set(references)];
  const stored = await selectReferences(
    db,
    unique.filter((r) => r.startsWith('ref_')),
    now,
  );
  const runs: ReturnType<typeof soundScores>[] = [];
  const texts: string[] = [];
  for (const reference of unique) {
    if (reference.startsWith('product:')) {
      const productId = reference.slice('product:'.length);
      const descriptor = descriptorOf(catalog, productId);
      if (!descriptor) throw gone();
      // The reference track itself is not a result: it would always rank first.
      runs.push(soundScores(catalog, type, descriptor, { excludeId: productId }));
      continue;
    }
    const value = stored.get(reference);
    if (!value) throw gone();
    if (value.kind === 'sound') runs.push(soundScores(catalog, type, value.descriptor));
    else texts.push(value.text);
  }
  if (runs.length === 0) return { sound: null, texts };
  if (runs.length === 1) return { sound: runs[0]!, texts };
  // Several sounds: a product's score is its mean over all of them (missing from a run's best → 0).
  const scores = new Map<number, number>();
  for (const run of runs)
    for (const [slot, score] of run.scores) scores.set(slot, (scores.get(slot) ?? 0) + score / runs.length);
  return {
    sound: {
      scores,
      // Close in a quality only when close to every reference in it.
      closeIn: (slot) => {
        const [first, ...rest] = runs.map((run) => run.closeIn(slot));
        return (first ?? []).filter((q) => rest.every((qs) => qs.includes(q)));
      },
    },
    texts,
  };
}

const gone = () =>
  new AppError('VALIDATION_FAILED', 'reference: this reference is unknown or has expired; add the link again');
