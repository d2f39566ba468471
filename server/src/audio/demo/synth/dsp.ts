// Allocation-free building blocks that work in place on Float32Array ranges.

// Fills with uniform white noise in [-1, 1) from a cheap xorshift so renders stay deterministic.
export function fillNoise(buf: Float32Array, seed: number, start = 0, end = buf.length): void {
  let s = seed >>> 0 || 1;
  for (let i = start; i < end; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    buf[i] = (s >>> 0) / 2147483648 - 1;
  }
}

export type FilterMode = 'low' | 'band' | 'high';

// Topology-preserving state-variable filter (Zavalishin): stable under fast cutoff changes.
// cutoffAt(i) is sampled every 32 samples, which is smooth enough for envelopes and far cheaper than per sample.
export function svf(
  buf: Float32Array,
  sampleRate: number,
  mode: FilterMode,
  q: number,
  cutoffAt: (i: number) => number,
  start = 0,
  end = buf.length,
): void {
  const k = 1 / q;
  let ic1 = 0;
  let ic2 = 0;
  const nyq = sampleRate * 0.49;
  for (let blk = start; blk < end; blk += 32) {
    const fc = Math.min(nyq, Math.max(10, cutoffAt(blk - start)));
    const g = Math.tan((Math.PI * fc) / sampleRate);
    const a1 = 1 / (1 + g * (g + k));
    const a2 = g * a1;
    const a3 = g * a2;
    const stop = Math.min(end, blk + 32);
    // Output weights instead of a per-sample branch on the mode.
    const wl = mode === 'low' ? 1 : mode === 'high' ? -1 : 0;
    const wb = mode === 'band' ? 1 : mode === 'high' ? -k : 0;
    const wh = mode === 'high' ? 1 : 0;
    for (let i = blk; i < stop; i++) {
      const v0 = buf[i]!;
      const v3 = v0 - ic2;
      const v1 = a1 * ic1 + a2 * v3;
      const v2 = ic2 + a2 * ic1 + a3 * v3;
      ic1 = 2 * v1 - ic1;
      ic2 = 2 * v2 - ic2;
      buf[i] = wh * v0 + wb * v1 + wl * v2;
    }
  }
}

export function svfStatic(
  buf: Float32Array,
  sampleRate: number,
  mode: FilterMode,
  cutoff: number,
  q = 0.707,
  start = 0,
  end = buf.length,
): void {
  svf(buf, sampleRate, mode, q, () => cutoff, start, end);
}

// Attack / exponential-decay envelope multiplied in place.
export function applyAdEnvelope(
  buf: Float32Array,
  sampleRate: number,
  attackSec: number,
  decaySec: number,
  start = 0,
  end = buf.length,
): void {
  const att = Math.max(1, Math.round(attackSec * sampleRate));
  const dec = Math.exp(-1 / Math.max(1e-4, decaySec * sampleRate));
  let env = 1;
  for (let i = start; i < end; i++) {
    const n = i - start;
    if (n < att) buf[i] = buf[i]! * (n / att);
    else {
      buf[i] = buf[i]! * env;
      env *= dec;
    }
  }
}

export function mixInto(dst: Float32Array, src: Float32Array, offset: number, gain: number): void {
  const from = Math.max(0, -offset);
  const to = Math.min(src.length, dst.length - offset);
  for (let i = from; i < to; i++) dst[offset + i] = dst[offset + i]! + src[i]! * gain;
}

const KNEE = 0.7;
const CEILING = 0.89; // -1 dBFS, leaving room for MP3 overshoot

// Smooth saturation: transparent below the knee, approaches the ceiling asymptotically above it.
export function softLimitSample(v: number): number {
  const a = v < 0 ? -v : v;
  if (a <= KNEE) return v;
  const x = (a - KNEE) / (CEILING - KNEE);
  // Rational tanh approximation: cheap and monotonic on [0, inf).
  const t = (x * (27 + x * x)) / (27 + 9 * x * x);
  const y = KNEE + (CEILING - KNEE) * (t > 1 ? 1 : t);
  return v < 0 ? -y : y;
}

// Sine by table lookup with linear interpolation: several times cheaper than Math.sin, error below 1e-6.
const SINE_SIZE = 4096;
const SINE = Float64Array.from({ length: SINE_SIZE + 1 }, (_, i) => Math.sin((2 * Math.PI * i) / SINE_SIZE));
export function fastSin(x: number): number {
  let p = (x / (2 * Math.PI)) * SINE_SIZE;
  p -= Math.floor(p / SINE_SIZE) * SINE_SIZE;
  const i = p | 0;
  const f = p - i;
  const a = SINE[i]!;
  return a + (SINE[i + 1]! - a) * f;
}

export function drive(buf: Float32Array, amount: number, start = 0, end = buf.length): void {
  for (let i = start; i < end; i++) {
    const x = buf[i]! * amount;
    buf[i] = x / (1 + (x < 0 ? -x : x));
  }
}

export const midiToHz = (m: number): number => 440 * Math.pow(2, (m - 69) / 12);
