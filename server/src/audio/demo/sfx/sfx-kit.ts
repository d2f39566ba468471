import type { Rng } from '../rng';
import { fastSin, fillNoise, mixInto, svf, svfStatic, type FilterMode } from '../synth/dsp';

// Small generators shared by the sound-effect recipes. Times are in seconds, output is mono Float32.

export const secs = (sr: number, s: number) => new Float32Array(Math.max(1, Math.round(s * sr)));

export function noise(rng: Rng, sr: number, dur: number): Float32Array {
  const b = secs(sr, dur);
  fillNoise(b, rng.int(1, 2 ** 31 - 1));
  return b;
}

// Brown-ish noise: integrated white noise, the rumble under wind, rooms and traffic.
export function brown(rng: Rng, sr: number, dur: number): Float32Array {
  const b = noise(rng, sr, dur);
  let y = 0;
  for (let i = 0; i < b.length; i++) {
    y = 0.995 * y + 0.06 * b[i]!;
    b[i] = y;
  }
  return b;
}

export function filterSweep(
  b: Float32Array,
  sr: number,
  mode: FilterMode,
  q: number,
  from: number,
  to: number,
  curve = 1,
): void {
  const n = b.length;
  svf(b, sr, mode, q, (i) => from * Math.pow(to / from, Math.pow(i / n, curve)));
}

export const filter = svfStatic;

// Tone with an exponential pitch glide; wave 0 = sine, 1 = square, 2 = saw.
export function glide(
  sr: number,
  dur: number,
  fromHz: number,
  toHz: number,
  wave: 0 | 1 | 2 = 0,
  vibHz = 0,
  vibDepth = 0,
): Float32Array {
  const b = secs(sr, dur);
  const n = b.length;
  // The exponential glide is a constant ratio per sample; no pow() in the loop.
  const ratio = Math.pow(toHz / fromHz, 1 / n);
  const vibStep = (2 * Math.PI * vibHz) / sr;
  let f = fromHz / sr;
  let phase = 0;
  for (let i = 0; i < n; i++) {
    phase += vibDepth ? f * (1 + vibDepth * fastSin(vibStep * i)) : f;
    f *= ratio;
    phase -= Math.floor(phase);
    b[i] = wave === 0 ? fastSin(2 * Math.PI * phase) : wave === 1 ? (phase < 0.5 ? 0.7 : -0.7) : 2 * phase - 1;
  }
  return b;
}

// Multiplies by a piecewise-linear envelope given as [time fraction, level] points.
export function shape(b: Float32Array, points: [number, number][]): Float32Array {
  const n = b.length;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const t = i / n;
    while (k < points.length - 2 && t > points[k + 1]![0]) k++;
    const [t0, l0] = points[k]!;
    const [t1, l1] = points[k + 1] ?? points[k]!;
    const level = t1 > t0 ? l0 + ((l1 - l0) * (t - t0)) / (t1 - t0) : l1;
    b[i] = b[i]! * level;
  }
  return b;
}

export function decay(b: Float32Array, sr: number, tau: number, attack = 0.002): Float32Array {
  const a = attack * sr;
  const k = Math.exp(-1 / (tau * sr));
  let env = 1;
  for (let i = 0; i < b.length; i++) {
    b[i] = b[i]! * env * (i < a ? i / a : 1);
    env *= k;
  }
  return b;
}

export function add(dst: Float32Array, src: Float32Array, atSec: number, sr: number, gain = 1): void {
  mixInto(dst, src, Math.round(atSec * sr), gain);
}

// Slow random amplitude or cutoff movement: a smoothed random walk sampled every 10 ms.
export function wander(rng: Rng, sr: number, n: number, min: number, max: number, speed = 1): Float32Array {
  const out = new Float32Array(n);
  const hop = Math.round(sr / 100);
  let v = rng.range(min, max);
  let target = rng.range(min, max);
  for (let i = 0; i < n; i += hop) {
    if (rng.chance(0.02 * speed)) target = rng.range(min, max);
    v += (target - v) * 0.03 * speed;
    out.fill(v, i, Math.min(n, i + hop));
  }
  return out;
}

export function normalisePeak(b: Float32Array, peak: number): Float32Array {
  let m = 0;
  for (let i = 0; i < b.length; i++) m = Math.max(m, Math.abs(b[i]!));
  if (m > 0) for (let i = 0; i < b.length; i++) b[i] = (b[i]! * peak) / m;
  // Short fades at both ends so no effect starts or stops with a click.
  const f = Math.min(64, b.length >> 2);
  for (let i = 0; i < f; i++) {
    b[i] = (b[i]! * i) / f;
    b[b.length - 1 - i] = (b[b.length - 1 - i]! * i) / f;
  }
  return b;
}
