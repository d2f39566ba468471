import { VectorIndex } from './vector-index';

/**
 * Printed figures for decision 059 (no timed assertions in tests): topK over 250,000 synthetic products
 * with the embedded engine's sparsity (~12 of 143 concepts) and with 768-d dense vectors.
 * Run: node --import tsx server/src/features/search/ai/vector-index.measure.ts
 */
const N = Number(process.env.N ?? 250_000);
let seed = 1;
const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0), seed / 2 ** 32);

function measure(name: string, dims: number, make: () => Float32Array, query: () => Float32Array) {
  const before = process.memoryUsage();
  const index = new VectorIndex();
  let t = performance.now();
  for (let d = 0; d < N; d++) index.set(d, make());
  const buildMs = performance.now() - t;
  const heapMb =
    (process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - before.heapUsed - before.arrayBuffers) /
    2 ** 20;
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const q = query();
    const accept = i % 2 ? (d: number) => d % 4 !== 0 : undefined;
    t = performance.now();
    index.topK(q, 2000, accept);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (x: number) => times[Math.min(times.length - 1, Math.floor(x * times.length))]!.toFixed(1);
  console.log(
    `${name}: ${N} × ${dims}, build ${(buildMs / 1000).toFixed(1)} s, ~${heapMb.toFixed(0)} MB; topK(2000) median ${p(0.5)} ms, p95 ${p(0.95)} ms`,
  );
}

// concept popularity is skewed (moods, tempo, instrumental are on many products): Zipf-like dims
const CONCEPTS = 143;
const pick = () => Math.min(CONCEPTS - 1, Math.floor(CONCEPTS * random() ** 2));
const sparse = (n: number) => () => {
  const v = new Float32Array(CONCEPTS);
  for (let k = 0; k < n; k++) v[pick()] = 0.2 + random();
  return v;
};
measure('sparse (embedded engine)', CONCEPTS, sparse(14), sparse(5));
const dense = () => Float32Array.from({ length: 768 }, () => random() * 2 - 1);
measure('dense 768-d', 768, dense, dense);
