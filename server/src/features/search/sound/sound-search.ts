import { TIMBRE_SLICE } from '../../../audio/descriptor';
import type { SoundDescriptor, SoundFeatures, SoundQuality } from '../../../audio/descriptor.types';
import type { ProductType } from '@cuewave/contract/catalog';
import type { SearchCatalog } from '../search-index-store';

/**
 * Nearest products by sound (decision 066): Euclidean distance between descriptor vectors, a full scan
 * of the catalogue's typed-array rows (250,000 products × 20 dimensions is a few milliseconds), the best
 * `limit` kept as scores for `catalog.index.query({ scores })`.
 */

export type SoundScores = {
  /** slot → 1 / (1 + distance): higher is closer */
  scores: Map<number, number>;
  /** The qualities in which a slot's product is close to the target, most telling first. */
  closeIn(slot: number): SoundQuality[];
};

/** Candidates kept by default: more than any page, few enough for the index to sort and facet quickly. */
const DEFAULT_LIMIT = 500;

export function soundScores(
  catalog: SearchCatalog,
  type: ProductType,
  target: SoundDescriptor,
  opts: { excludeId?: string; limit?: number } = {},
): SoundScores {
  const { index, sounds } = catalog;
  const query = Float32Array.from(target.vector);
  const excluded = opts.excludeId === undefined ? -1 : (index.slotOf(opts.excludeId) ?? -1);
  const best =
    query.length === sounds.dims
      ? sounds.nearest(
          query,
          opts.limit ?? DEFAULT_LIMIT,
          (slot) => slot !== excluded && index.doc(slot)?.type === type,
        )
      : [];
  const scores = new Map<number, number>();
  for (const [slot, d] of best) scores.set(slot, 1 / (1 + Math.sqrt(d)));
  return {
    scores,
    closeIn: (slot) => {
      const features = sounds.featuresAt(slot);
      const vector = sounds.get(slot)?.vector;
      return features && vector ? closeQualities(target, { vector, features }) : [];
    },
  };
}

/** The descriptor of a product as this catalogue snapshot holds it, null when it has none (yet). */
export function descriptorOf(catalog: SearchCatalog, productId: string): SoundDescriptor | null {
  const slot = catalog.index.slotOf(productId);
  return slot === undefined ? null : catalog.sounds.get(slot);
}

/* ------------------------------------------------------------------ close in */

/**
 * Closeness per quality, in terms a listener would agree with: tempo within 6 % (octaves folded: a
 * half-time groove feels the same pulse), energy within a tenth, brightness and onset rate within a
 * fifth of an octave-ish ratio, the same or the relative key, loudness within 2 dB, dynamics within 3 dB.
 */
export function closeQualities(a: SoundDescriptor, b: SoundDescriptor): SoundQuality[] {
  const fa = a.features;
  const fb = b.features;
  const out: SoundQuality[] = [];
  if (fa.bpm && fb.bpm && octaveGap(fa.bpm, fb.bpm) <= Math.log2(1.06)) out.push('tempo');
  if (Math.abs(fa.energy - fb.energy) <= 0.1) out.push('energy');
  if (timbreDistance(a.vector, b.vector) <= 0.45) out.push('timbre');
  if (Math.abs(Math.log2(Math.max(50, fa.brightnessHz) / Math.max(50, fb.brightnessHz))) <= 0.25)
    out.push('brightness');
  if (Math.abs(Math.log2((1 + fa.rhythmDensity) / (1 + fb.rhythmDensity))) <= 0.25) out.push('rhythm');
  if (sameKeyFamily(fa, fb)) out.push('key');
  if (Math.abs(fa.dynamicsDb - fb.dynamicsDb) <= 3) out.push('dynamics');
  if (Math.abs(fa.loudnessDb - fb.loudnessDb) <= 2) out.push('loudness');
  return out;
}

function timbreDistance(a: number[], b: number[]): number {
  let s = 0;
  for (let d = TIMBRE_SLICE[0]; d < TIMBRE_SLICE[1]; d++) s += ((a[d] ?? 0) - (b[d] ?? 0)) ** 2;
  return Math.sqrt(s);
}

const NOTES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];

/** The same key, or its relative major/minor (same notes). */
function sameKeyFamily(a: SoundFeatures, b: SoundFeatures): boolean {
  if (!a.key || !b.key) return false;
  const major = (key: string) => {
    const [note, mode] = key.split(' ');
    const tonic = NOTES.indexOf(note ?? '');
    return mode === 'minor' ? (tonic + 3) % 12 : tonic;
  };
  return major(a.key) === major(b.key);
}

/** Distance in octaves between two tempi, octaves folded away (70 and 140 BPM: 0). */
function octaveGap(a: number, b: number): number {
  const d = Math.abs(Math.log2(a / b)) % 1;
  return Math.min(d, 1 - d);
}
