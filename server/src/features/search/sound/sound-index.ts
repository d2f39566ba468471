import { DESCRIPTOR_DIMENSIONS } from '../../../audio/descriptor';
import type { SoundDescriptor, SoundFeatures } from '../../../audio/descriptor.types';

/**
 * The descriptors of the products in one search index, by index slot (decision 066): contiguous
 * Float32Array rows, so 250,000 products take ~30 MB and a full scan is a tight loop. Features are kept
 * as numbers too (the key as its index in KEYS), so a result's "close in" needs no objects per product.
 */

const FEATURES = 7;
const NOTES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
/** "C major" … "B major", "C minor" … "B minor". */
const KEYS = [...NOTES.map((n) => `${n} major`), ...NOTES.map((n) => `${n} minor`)];

export class SoundIndex {
  readonly dims = DESCRIPTOR_DIMENSIONS;
  private vectors = new Float32Array(0);
  private features = new Float32Array(0);
  /** the product_sounds.seq loaded into a slot, NaN for none */
  private seqs = new Float64Array(0);
  private held = 0;

  get size(): number {
    return this.held;
  }

  /** The slots with a descriptor are below this. */
  get capacity(): number {
    return this.seqs.length;
  }

  seqAt(slot: number): number {
    return slot < this.seqs.length ? this.seqs[slot]! : Number.NaN;
  }

  has(slot: number): boolean {
    return !Number.isNaN(this.seqAt(slot));
  }

  set(slot: number, descriptor: SoundDescriptor, seq: number): void {
    if (descriptor.vector.length !== this.dims) return; // another layout: left for the backfill to redo
    this.ensure(slot + 1);
    if (!this.has(slot)) this.held++;
    this.seqs[slot] = seq;
    this.vectors.set(descriptor.vector, slot * this.dims);
    const f = descriptor.features;
    const keyIndex = f.key ? KEYS.indexOf(f.key) : -1;
    this.features.set(
      [f.bpm ?? Number.NaN, f.energy, f.brightnessHz, f.rhythmDensity, keyIndex, f.loudnessDb, f.dynamicsDb],
      slot * FEATURES,
    );
  }

  clear(slot: number): void {
    if (!this.has(slot)) return;
    this.seqs[slot] = Number.NaN;
    this.held--;
  }

  /**
   * The `k` slots nearest to `target` (squared distance) that `accept` lets through, nearest first. One
   * tight pass over the rows; `accept` (an object lookup) is asked only about slots that would enter.
   */
  nearest(target: Float32Array, k: number, accept: (slot: number) => boolean): [number, number][] {
    const best = new NearestHeap(k);
    const { vectors, seqs, dims } = this;
    const n = seqs.length;
    for (let slot = 0, base = 0; slot < n; slot++, base += dims) {
      if (seqs[slot] !== seqs[slot]) continue; // NaN: no descriptor
      let s = 0;
      for (let d = 0; d < dims; d++) {
        const x = vectors[base + d]! - target[d]!;
        s += x * x;
      }
      if (best.accepts(s) && accept(slot)) best.push(slot, s);
    }
    return best.sorted();
  }

  featuresAt(slot: number): SoundFeatures | null {
    if (!this.has(slot)) return null;
    const f = this.features.subarray(slot * FEATURES, slot * FEATURES + FEATURES);
    const key = f[4]! >= 0 ? (KEYS[f[4]!] ?? null) : null;
    return {
      bpm: Number.isNaN(f[0]!) ? null : round(f[0]!, 1),
      energy: round(f[1]!, 3),
      brightnessHz: Math.round(f[2]!),
      rhythmDensity: round(f[3]!, 2),
      key,
      loudnessDb: round(f[5]!, 1),
      dynamicsDb: round(f[6]!, 1),
    };
  }

  get(slot: number): SoundDescriptor | null {
    const features = this.featuresAt(slot);
    if (!features) return null;
    const vector = Array.from(this.vectors.subarray(slot * this.dims, (slot + 1) * this.dims), (x) => round(x, 4));
    return { vector, features };
  }

  private ensure(slots: number): void {
    if (slots <= this.seqs.length) return;
    const n = Math.max(slots, Math.ceil(this.seqs.length * 1.5), 1024);
    const vectors = new Float32Array(n * this.dims);
    vectors.set(this.vectors);
    this.vectors = vectors;
    const features = new Float32Array(n * FEATURES);
    features.set(this.features);
    this.features = features;
    const seqs = new Float64Array(n).fill(Number.NaN);
    seqs.set(this.seqs);
    this.seqs = seqs;
  }
}

/** The k smallest distances seen: a bounded max-heap in typed arrays (a scan pushes up to 250,000). */
class NearestHeap {
  private readonly slots: Int32Array;
  private readonly dists: Float64Array;
  private size = 0;
  constructor(private readonly k: number) {
    this.slots = new Int32Array(Math.max(1, k));
    this.dists = new Float64Array(Math.max(1, k));
  }

  accepts(d: number): boolean {
    return this.k > 0 && (this.size < this.k || d < this.dists[0]!);
  }

  push(slot: number, d: number): void {
    const { slots, dists } = this;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (dists[parent]! >= d) break;
        slots[i] = slots[parent]!;
        dists[i] = dists[parent]!;
        i = parent;
      }
      slots[i] = slot;
      dists[i] = d;
      return;
    }
    // replace the farthest (the root) and sift down
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const c = r < this.size && dists[r]! > dists[l]! ? r : l;
      if (dists[c]! <= d) break;
      slots[i] = slots[c]!;
      dists[i] = dists[c]!;
      i = c;
    }
    slots[i] = slot;
    dists[i] = d;
  }

  /** Nearest first; ties by slot, so equal distances keep a stable order. */
  sorted(): [number, number][] {
    const out: [number, number][] = [];
    for (let i = 0; i < this.size; i++) out.push([this.slots[i]!, this.dists[i]!]);
    return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  }
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
