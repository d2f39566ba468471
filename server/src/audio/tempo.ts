import { onsetEnvelope } from './onset';

const MIN_BPM = 60;
const MAX_BPM = 200;
const MIN_SECONDS = 6;
// Pulse at the faster of two octave candidates must reach this share of the slower one's to win.
// On-beat accents (kick, snare) make the beat period clearly stronger than the off-beat subdivision; a
// syncopated two-step (kick on 1 and the and-of-3 only) sits near this line and can go either way.
const OCTAVE_UP_RATIO = 0.55;
// A log-Gaussian tempo prior (decision 064, 2026-11-28): tempi near 120 BPM are the most common in music, and a
// listener asked to tap along settles nearer 120 than an octave away from it. It only weighs the octave choice:
// the odd-against-even evidence for the faster level must beat OCTAVE_UP_RATIO times the prior's odds of the
// slower one against the faster. Centre at the customary 120 BPM (not fitted); width 0.6 octave (the bench's
// tuning part gives the same result anywhere from 0.5 to 0.7; 1 octave and wider change nothing).
const PRIOR_CENTRE_BPM = 120;
const PRIOR_SIGMA_OCTAVES = 0.6;
// The onset envelope is a (weighted) rise in log band energy, so it does not depend on the level. Music with
// any attack has its top percent of frames above 1; a held pad, even one with beating partials, stays near 0.1.
const MIN_ONSET_P99 = 0.3;
// Autocorrelation at the beat period relative to lag 0: ~0.05 for noise, above 0.5 for music with a beat.
const MIN_CLARITY = 0.15;

// Global tempo in BPM (0.1 resolution) from the autocorrelation of an onset-strength envelope,
// or null when the input is too short or shows no steady pulse.
export function estimateTempo(mono: Float32Array, sampleRate: number): number | null {
  if (mono.length < sampleRate * MIN_SECONDS) return null;
  const { env, fps } = onsetEnvelope(mono, sampleRate);
  const n = env.length;
  if (!hasOnsets(env)) return null;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += env[i]!;
  mean /= n;
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) z[i] = env[i]! - mean;

  const slowestPeriod = (60 * fps) / MIN_BPM;
  const maxLag = Math.min(Math.floor(n / 2), Math.ceil(slowestPeriod * 8.5));
  if (maxLag < slowestPeriod * 2) return null;
  const acf = new Float64Array(maxLag + 2);
  for (let lag = 0; lag <= maxLag + 1 && lag < n; lag++) {
    let s = 0;
    for (let i = 0, j = lag; j < n; i++, j++) s += z[i]! * z[j]!;
    acf[lag] = s / n;
  }
  const zero = acf[0]!;
  if (!(zero > 0)) return null;

  // Strongest comb over the beat range: a true beat period also has peaks at 2, 3 and 4 periods.
  const peakNear = (lag: number): number => {
    if (lag + 1 >= maxLag) return Number.NaN;
    const c = Math.round(lag);
    return Math.max(acf[c - 1]!, acf[c]!, acf[c + 1]!);
  };
  let bestBpm = 0;
  let bestScore = -Infinity;
  for (let bpm = MIN_BPM; bpm <= MAX_BPM; bpm += 0.5) {
    const period = (60 * fps) / bpm;
    let s = 0;
    let terms = 0;
    for (let k = 1; k <= 4; k++) {
      const v = peakNear(k * period);
      if (!Number.isNaN(v)) {
        s += v;
        terms++;
      }
    }
    const score = terms ? s / terms : -Infinity;
    if (score > bestScore) {
      bestScore = score;
      bestBpm = bpm;
    }
  }
  if (!(bestScore / zero >= MIN_CLARITY)) return null;

  const bpm = resolveOctave(bestBpm, fps, (lag) => peakNear(lag) / zero);
  const period = refinePeriod((60 * fps) / bpm, acf, maxLag);
  if (peakNear(period) / zero < MIN_CLARITY) return null;
  return Math.round(((60 * fps) / period) * 10) / 10;
}

// Of the octave-related candidates inside the range, climb from the slowest while the odd multiples of the
// faster period (where only the faster beat predicts onsets) are nearly as strong as the even ones, and the
// faster period itself is a clear peak: a pattern that repeats every bar can have strong odd multiples (3 and
// 5 half-beats) and no pulse at all at the half beat (recorded claps at 84 BPM read as 168, then as no tempo,
// before decision 064). `peakNear` is relative to lag 0.
function resolveOctave(bpm: number, fps: number, peakNear: (lag: number) => number): number {
  const inRange = (b: number) => b >= MIN_BPM * 0.98 && b <= MAX_BPM * 1.02;
  let current = bpm;
  while (inRange(current / 2)) current /= 2;
  while (inRange(current * 2)) {
    const fast = (60 * fps) / (current * 2);
    const odd = mean([peakNear(fast), peakNear(3 * fast)]);
    const even = mean([peakNear(2 * fast), peakNear(4 * fast)]);
    if (!(peakNear(fast) >= MIN_CLARITY)) break;
    if (!(even > 0) || odd >= OCTAVE_UP_RATIO * priorOdds(current, current * 2) * even) current *= 2;
    else break;
  }
  return current;
}

// How much likelier the prior finds `slow` than `fast` (below 1 when `fast` is nearer the centre).
function priorOdds(slow: number, fast: number): number {
  const octaves = (bpm: number) => Math.log2(bpm / PRIOR_CENTRE_BPM);
  return Math.exp((octaves(fast) ** 2 - octaves(slow) ** 2) / (2 * PRIOR_SIGMA_OCTAVES ** 2));
}

// Locate the autocorrelation peak at growing multiples of the period: the error of a peak at m periods is
// shared by m beats, so each step sharpens the estimate.
function refinePeriod(period: number, acf: Float64Array, maxLag: number): number {
  let p = period;
  for (const m of [1, 2, 4, 8]) {
    const centre = m * p;
    const radius = Math.max(1, Math.ceil(m * p * 0.02));
    const lo = Math.max(1, Math.floor(centre - radius));
    const hi = Math.min(maxLag - 1, Math.ceil(centre + radius));
    if (hi <= lo) break;
    let best = lo;
    for (let l = lo + 1; l <= hi; l++) if (acf[l]! > acf[best]!) best = l;
    if (best === lo || best === hi) continue; // edge of the window: no true local maximum to interpolate
    const a = acf[best - 1]!;
    const b = acf[best]!;
    const c = acf[best + 1]!;
    const denom = a - 2 * b + c;
    const offset = denom < 0 ? (0.5 * (a - c)) / denom : 0;
    p = (best + offset) / m;
  }
  return p;
}

function mean(xs: number[]): number {
  const finite = xs.filter(Number.isFinite);
  return finite.length ? finite.reduce((a, b) => a + b, 0) / finite.length : Number.NaN;
}

function hasOnsets(env: Float64Array): boolean {
  const sorted = Float64Array.from(env).sort();
  return (sorted[Math.floor(sorted.length * 0.99)] ?? 0) >= MIN_ONSET_P99;
}
