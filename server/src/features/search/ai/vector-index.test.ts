import { describe, expect, it } from 'vitest';
import { VectorIndex } from './vector-index';

/** A small deterministic generator, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function sparse(random: () => number, dims: number, nonZero: number): Float32Array {
  const v = new Float32Array(dims);
  for (let n = 0; n < nonZero; n++) v[Math.floor(random() * dims)] = random() + 0.05;
  return v;
}

function dense(random: () => number, dims: number): Float32Array {
  return Float32Array.from({ length: dims }, () => random() * 2 - 1);
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

function bruteForce(docs: Map<number, Float32Array>, q: Float32Array, k: number, accept = (_: number) => true) {
  return [...docs]
    .filter(([d]) => accept(d))
    .map(([docIndex, v]) => ({ docIndex, score: cosine(q, v) }))
    .filter((h) => h.score > 0)
    .sort((a, b) => b.score - a.score || a.docIndex - b.docIndex)
    .slice(0, k);
}

describe('VectorIndex', () => {
  it.each([
    ['sparse', (r: () => number) => sparse(r, 150, 8)],
    ['dense', (r: () => number) => dense(r, 64)],
  ])('returns the same top k as brute force for %s vectors, with filters', (_, make) => {
    const random = rng(7);
    const index = new VectorIndex();
    const docs = new Map<number, Float32Array>();
    for (let d = 0; d < 3000; d++) {
      const v = make(random);
      docs.set(d, v);
      index.set(d, v);
    }
    for (let t = 0; t < 20; t++) {
      const q = make(random);
      const accept = (d: number) => d % 3 !== 0;
      const got = index.topK(q, 25, accept);
      const want = bruteForce(docs, q, 25, accept);
      expect(got.map((h) => h.docIndex)).toEqual(want.map((h) => h.docIndex));
      got.forEach((h, i) => expect(h.score).toBeCloseTo(want[i]!.score, 5));
    }
  });

  it('forgets deleted products, replaces re-set ones and survives compaction', () => {
    const random = rng(11);
    const index = new VectorIndex();
    const docs = new Map<number, Float32Array>();
    for (let d = 0; d < 5000; d++) {
      const v = sparse(random, 100, 6);
      docs.set(d, v);
      index.set(d, v);
    }
    for (let d = 0; d < 4000; d += 1) {
      if (d % 2) {
        index.delete(d);
        docs.delete(d);
      } else {
        const v = sparse(random, 100, 6);
        docs.set(d, v);
        index.set(d, v);
      }
    }
    expect(index.size).toBe(docs.size);
    const q = sparse(random, 100, 10);
    expect(index.topK(q, 50).map((h) => h.docIndex)).toEqual(bruteForce(docs, q, 50).map((h) => h.docIndex));
    expect(index.has(1)).toBe(false);
    expect(index.get(1)).toBeNull();
    expect(cosine(index.get(2)!, docs.get(2)!)).toBeCloseTo(1, 5);
  });

  it('mixes layouts, ignores zero vectors, refuses a vector of another size', () => {
    const index = new VectorIndex();
    index.set(1, Float32Array.from([1, 0, 0, 0, 0, 0, 0, 0]));
    index.set(2, Float32Array.from([1, 1, 1, 1, 1, 1, 1, 1]));
    index.set(3, new Float32Array(8));
    expect(index.size).toBe(2);
    expect(index.topK(Float32Array.from([1, 0, 0, 0, 0, 0, 0, 0]), 5).map((h) => h.docIndex)).toEqual([1, 2]);
    expect(index.topK(new Float32Array(8), 5)).toEqual([]);
    expect(index.topK(Float32Array.from([1, 0]), 5)).toEqual([]);
    expect(index.topK(Float32Array.from([1, 0, 0, 0, 0, 0, 0, 0]), 0)).toEqual([]);
    expect(() => index.set(4, Float32Array.from([1, 2]))).toThrow(/8/);
    expect(new VectorIndex().topK(Float32Array.from([1]), 3)).toEqual([]);
  });

  it('asks the filter only about products that would enter the top k', () => {
    const index = new VectorIndex();
    for (let d = 0; d < 1000; d++) index.set(d, Float32Array.from([1, d / 1000, 0, 0, 0, 0, 0, 0, 0, 0]));
    let asked = 0;
    const hits = index.topK(Float32Array.from([0, 1, 0, 0, 0, 0, 0, 0, 0, 0]), 3, () => {
      asked++;
      return true;
    });
    expect(hits.map((h) => h.docIndex)).toEqual([999, 998, 997]);
    expect(asked).toBeLessThan(1000);
  });
});
