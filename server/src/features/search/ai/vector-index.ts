/**
 * The in-memory vector index of AI search (decision 059), one per process, filled by the search service
 * from product_embeddings. Cosine similarity on unit vectors (vectors are normalised on the way in).
 *
 * Two layouts, chosen per vector: the embedded engine's concept vectors are mostly zeros, so they are
 * kept as per-dimension postings and a query touches only the products that share one of its concepts;
 * an external model's dense vectors sit in contiguous Float32Array rows scanned by a tight loop.
 */

export type VectorHit = { docIndex: number; score: number };

type Postings = { slots: Int32Array<ArrayBuffer>; values: Float32Array; length: number };

const ROWS_PER_CHUNK = 4096;

export class VectorIndex {
  /** a vector with at most this share of non-zero values is stored sparse */
  private readonly sparseShare: number;
  private dims = 0;
  private slotOfDoc = new Map<number, number>();
  private slotDoc: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private slotAlive = new Uint8Array(1024);
  /** dense row of a slot, or -1 when the slot is sparse */
  private slotRow: Int32Array<ArrayBuffer> = new Int32Array(1024);
  /** each sparse slot's vector, in one pool (for get() and compaction): start and length per slot */
  private slotStart: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private slotNonZero: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private poolDims: Int32Array<ArrayBuffer> = new Int32Array(4096);
  private poolValues = new Float32Array(4096);
  private poolLength = 0;
  private slots = 0;
  private dead = 0;
  private postings: Postings[] = [];
  private chunks: Float32Array[] = [];
  private rowSlot: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private rows = 0;
  private scores = new Float32Array(0);
  private touched = new Int32Array(0);

  constructor(opts: { sparseShare?: number } = {}) {
    this.sparseShare = opts.sparseShare ?? 0.25;
  }

  get size(): number {
    return this.slotOfDoc.size;
  }

  get dimensions(): number {
    return this.dims;
  }

  has(docIndex: number): boolean {
    return this.slotOfDoc.has(docIndex);
  }

  /** The stored (unit-length) vector of a product, e.g. for the explanation of a result. */
  get(docIndex: number): Float32Array | null {
    const slot = this.slotOfDoc.get(docIndex);
    return slot === undefined ? null : this.vectorOf(slot);
  }

  set(docIndex: number, vector: Float32Array): void {
    if (!this.dims) {
      this.dims = vector.length;
      this.postings = Array.from({ length: this.dims }, () => ({
        slots: new Int32Array(16),
        values: new Float32Array(16),
        length: 0,
      }));
    }
    if (vector.length !== this.dims) {
      throw new Error(`vector index: a vector of ${vector.length} values in an index of ${this.dims}`);
    }
    this.delete(docIndex);
    let sum = 0;
    let nonZero = 0;
    for (const x of vector) {
      if (x !== 0) nonZero++;
      sum += x * x;
    }
    if (!(sum > 0) || !Number.isFinite(sum)) return; // a zero vector is similar to nothing
    const inv = 1 / Math.sqrt(sum);
    const slot = this.newSlot(docIndex);
    if (nonZero <= this.dims * this.sparseShare) {
      if (this.poolLength + nonZero > this.poolDims.length) {
        const n = Math.max(this.poolLength + nonZero, this.poolDims.length * 2);
        this.poolDims = grow(this.poolDims, n);
        const values = new Float32Array(n);
        values.set(this.poolValues);
        this.poolValues = values;
      }
      this.slotStart[slot] = this.poolLength;
      this.slotNonZero[slot] = nonZero;
      for (let d = 0; d < this.dims; d++) {
        const x = vector[d]!;
        if (x === 0) continue;
        this.poolDims[this.poolLength] = d;
        this.poolValues[this.poolLength++] = x * inv;
        this.post(d, slot, x * inv);
      }
      this.slotRow[slot] = -1;
    } else {
      const row = this.rows++;
      const chunk = Math.floor(row / ROWS_PER_CHUNK);
      if (chunk === this.chunks.length) this.chunks.push(new Float32Array(ROWS_PER_CHUNK * this.dims));
      const base = (row % ROWS_PER_CHUNK) * this.dims;
      const target = this.chunks[chunk]!;
      for (let d = 0; d < this.dims; d++) target[base + d] = vector[d]! * inv;
      if (row >= this.rowSlot.length) this.rowSlot = grow(this.rowSlot, row + 1);
      this.rowSlot[row] = slot;
      this.slotRow[slot] = row;
      this.slotNonZero[slot] = -1;
    }
  }

  delete(docIndex: number): void {
    const slot = this.slotOfDoc.get(docIndex);
    if (slot === undefined) return;
    this.slotOfDoc.delete(docIndex);
    this.slotAlive[slot] = 0;
    this.dead++;
    if (this.dead > 1024 && this.dead > this.slots / 2) this.compact();
  }

  /**
   * The k most similar products (score > 0 for sparse vectors: those sharing no dimension with the
   * query are not candidates), best first; `accept` filters (hard filters of the search) and is asked
   * only about products that would enter the top k.
   */
  topK(query: Float32Array, k: number, accept?: (docIndex: number) => boolean): VectorHit[] {
    if (!this.slots || k <= 0 || query.length !== this.dims) return [];
    let sum = 0;
    for (const x of query) sum += x * x;
    if (!(sum > 0) || !Number.isFinite(sum)) return [];
    const inv = 1 / Math.sqrt(sum);
    const heap = new TopHeap(k);
    const alive = this.slotAlive;
    const slotDoc = this.slotDoc;

    // sparse: accumulate through the postings of the query's non-zero dimensions
    if (this.scores.length < this.slotDoc.length) {
      this.scores = new Float32Array(this.slotDoc.length);
      this.touched = new Int32Array(this.slotDoc.length);
    }
    const scores = this.scores;
    const touched = this.touched;
    let count = 0;
    for (let d = 0; d < this.dims; d++) {
      const q = query[d]!;
      if (q === 0) continue;
      const p = this.postings[d]!;
      const w = q * inv;
      const slots = p.slots;
      const values = p.values;
      for (let n = 0, len = p.length; n < len; n++) {
        const slot = slots[n]!;
        const before = scores[slot]!;
        // a score is never exactly 0 after a non-zero contribution unless it cancels out; a slot is
        // listed once, when first touched
        if (before === 0) touched[count++] = slot;
        scores[slot] = before + w * values[n]! || Number.MIN_VALUE;
      }
    }
    for (let n = 0; n < count; n++) {
      const slot = touched[n]!;
      const score = scores[slot]!;
      scores[slot] = 0;
      if (score > Number.MIN_VALUE && alive[slot] && heap.wants(score)) {
        const doc = slotDoc[slot]!;
        if (!accept || accept(doc)) heap.push(doc, score);
      }
    }

    // dense: one pass over the rows
    const dims = this.dims;
    if (this.rows) {
      const q = new Float32Array(dims);
      for (let d = 0; d < dims; d++) q[d] = query[d]! * inv;
      for (let c = 0; c < this.chunks.length; c++) {
        const chunk = this.chunks[c]!;
        const rowsHere = Math.min(ROWS_PER_CHUNK, this.rows - c * ROWS_PER_CHUNK);
        for (let r = 0, base = 0; r < rowsHere; r++, base += dims) {
          // four running sums: about twice as fast as one in V8
          let s0 = 0;
          let s1 = 0;
          let s2 = 0;
          let s3 = 0;
          let d = 0;
          for (; d + 3 < dims; d += 4) {
            s0 += chunk[base + d]! * q[d]!;
            s1 += chunk[base + d + 1]! * q[d + 1]!;
            s2 += chunk[base + d + 2]! * q[d + 2]!;
            s3 += chunk[base + d + 3]! * q[d + 3]!;
          }
          for (; d < dims; d++) s0 += chunk[base + d]! * q[d]!;
          const dot = s0 + s1 + s2 + s3;
          if (!heap.wants(dot)) continue;
          const slot = this.rowSlot[c * ROWS_PER_CHUNK + r]!;
          if (!alive[slot]) continue;
          const doc = slotDoc[slot]!;
          if (!accept || accept(doc)) heap.push(doc, dot);
        }
      }
    }
    return heap.sorted();
  }

  private newSlot(docIndex: number): number {
    const slot = this.slots++;
    if (slot >= this.slotDoc.length) {
      const n = Math.max(slot + 1, this.slotDoc.length * 2);
      this.slotDoc = grow(this.slotDoc, n);
      this.slotRow = grow(this.slotRow, n);
      this.slotStart = grow(this.slotStart, n);
      this.slotNonZero = grow(this.slotNonZero, n);
      const alive = new Uint8Array(n);
      alive.set(this.slotAlive);
      this.slotAlive = alive;
    }
    this.slotDoc[slot] = docIndex;
    this.slotAlive[slot] = 1;
    this.slotOfDoc.set(docIndex, slot);
    return slot;
  }

  private post(dim: number, slot: number, value: number) {
    const p = this.postings[dim]!;
    if (p.length === p.slots.length) {
      p.slots = grow(p.slots, p.length * 2);
      const values = new Float32Array(p.length * 2);
      values.set(p.values);
      p.values = values;
    }
    p.slots[p.length] = slot;
    p.values[p.length] = value;
    p.length++;
  }

  /** Rebuilds the storage from the live vectors once half the slots are dead. */
  private compact() {
    const live: [number, Float32Array][] = [];
    for (const [doc, slot] of this.slotOfDoc) live.push([doc, this.vectorOf(slot)]);
    const { sparseShare } = this;
    Object.assign(this, new VectorIndex({ sparseShare }));
    for (const [doc, v] of live) this.set(doc, v);
  }

  private vectorOf(slot: number): Float32Array {
    const v = new Float32Array(this.dims);
    const nonZero = this.slotNonZero[slot]!;
    if (nonZero >= 0) {
      const start = this.slotStart[slot]!;
      for (let n = start; n < start + nonZero; n++) v[this.poolDims[n]!] = this.poolValues[n]!;
    } else {
      const row = this.slotRow[slot]!;
      const chunk = this.chunks[Math.floor(row / ROWS_PER_CHUNK)]!;
      const base = (row % ROWS_PER_CHUNK) * this.dims;
      v.set(chunk.subarray(base, base + this.dims));
    }
    return v;
  }
}

function grow(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/** A min-heap of the best k (docIndex, score) pairs, in typed arrays (no garbage per push). */
class TopHeap {
  private readonly docs: Int32Array;
  private readonly scores: Float64Array;
  private n = 0;

  constructor(private readonly k: number) {
    this.docs = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  wants(score: number): boolean {
    return this.n < this.k || score > this.scores[0]!;
  }

  push(doc: number, score: number) {
    const docs = this.docs;
    const scores = this.scores;
    if (this.n < this.k) {
      // sift up from the end
      let i = this.n++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (scores[parent]! <= score) break;
        docs[i] = docs[parent]!;
        scores[i] = scores[parent]!;
        i = parent;
      }
      docs[i] = doc;
      scores[i] = score;
      return;
    }
    // replace the smallest and sift down
    const n = this.n;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const m = r < n && scores[r]! < scores[l]! ? r : l;
      if (scores[m]! >= score) break;
      docs[i] = docs[m]!;
      scores[i] = scores[m]!;
      i = m;
    }
    docs[i] = doc;
    scores[i] = score;
  }

  sorted(): VectorHit[] {
    const out: VectorHit[] = [];
    for (let i = 0; i < this.n; i++) out.push({ docIndex: this.docs[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.docIndex - b.docIndex);
  }
}
