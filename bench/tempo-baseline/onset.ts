// Frozen copy of server/src/audio/onset.ts as it was before decision 064, kept only as the baseline that
// bench/tempo.bench.ts measures in the same run. Not used by the server; do not tune.
import { RealFft } from '../../server/src/audio/fft';

export type OnsetEnvelope = { env: Float64Array; fps: number };

// Log-spaced bands. Low bands weigh more because kick and bass mark the beat in most music, while hats
// and shakers fill the subdivisions; weighting them equally invites double-tempo answers.
const BAND_EDGES_HZ = [30, 120, 250, 500, 1000, 2000, 4000, 8000, 16000];
const BAND_WEIGHTS = [1, 1, 1, 1, 1, 0.5, 0.3, 0.2];

// Band-energy flux: per band, the rise in log energy (relative to that band's mean) from one frame to the next.
export function onsetEnvelope(input: Float32Array, inputRate: number): OnsetEnvelope {
  // Beats live below ~5 kHz; halving high rates first makes the spectra four times cheaper.
  const { mono, sampleRate } = inputRate > 16000 ? halfRate(input, inputRate) : { mono: input, sampleRate: inputRate };
  const hop = Math.max(32, Math.round(sampleRate / 86));
  let size = 64;
  while (size < hop * 2) size <<= 1;
  const fps = sampleRate / hop;
  const frames = Math.max(0, Math.floor((mono.length - size) / hop) + 1);
  const nyq = sampleRate / 2;
  const bandCount = BAND_WEIGHTS.length;
  const binBand = new Int8Array(size / 2).fill(-1);
  for (let k = 1; k < size / 2; k++) {
    const hz = (k * sampleRate) / size;
    for (let b = 0; b < bandCount; b++) {
      if (hz >= BAND_EDGES_HZ[b]! && hz < BAND_EDGES_HZ[b + 1]! && BAND_EDGES_HZ[b]! < nyq) binBand[k] = b;
    }
  }
  const window = new Float64Array(size);
  for (let i = 0; i < size; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);

  const fft = new RealFft(size);
  const frame = new Float64Array(size);
  const power = new Float64Array(size / 2 + 1);
  const energy = new Float64Array(frames * bandCount);
  const bandMean = new Float64Array(bandCount);
  for (let f = 0; f < frames; f++) {
    const off = f * hop;
    for (let i = 0; i < size; i++) frame[i] = mono[off + i]! * window[i]!;
    fft.power(frame, power);
    const row = f * bandCount;
    for (let k = 1; k < size / 2; k++) {
      const b = binBand[k]!;
      if (b >= 0) energy[row + b] = energy[row + b]! + power[k]!;
    }
    for (let b = 0; b < bandCount; b++) bandMean[b] = bandMean[b]! + energy[row + b]!;
  }
  let maxMean = 0;
  for (let b = 0; b < bandCount; b++) {
    bandMean[b] = bandMean[b]! / Math.max(1, frames);
    maxMean = Math.max(maxMean, bandMean[b]!);
  }
  // A floor keeps near-empty bands (above a low-passed mix's content) from amplifying numerical noise.
  const ref = Array.from(bandMean, (m) => m + maxMean * 1e-3 + 1e-20);

  // Rise over the highest of the previous three frames (not just the last one): a steady tremolo or two
  // beating tones swing up and down every few frames and would otherwise read as a stream of onsets.
  const level = new Float64Array(frames * bandCount);
  for (let i = 0; i < level.length; i++) level[i] = Math.log1p(energy[i]! / ref[i % bandCount]!);
  const env = new Float64Array(frames);
  for (let f = 1; f < frames; f++) {
    let sum = 0;
    for (let b = 0; b < bandCount; b++) {
      let before = level[(f - 1) * bandCount + b]!;
      for (let k = 2; k <= 3 && f - k >= 0; k++) before = Math.max(before, level[(f - k) * bandCount + b]!);
      const rise = level[f * bandCount + b]! - before;
      if (rise > 0) sum += BAND_WEIGHTS[b]! * rise;
    }
    env[f] = sum;
  }
  return { env: smooth(highPassRectify(env, Math.round(fps * 0.5))), fps };
}

// Subtract a moving average and keep the positive part: removes slow loudness swells so only onsets remain.
function highPassRectify(x: Float64Array, window: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(n);
  const half = Math.max(1, window >> 1);
  let acc = 0;
  let lo = 0;
  let hi = -1;
  for (let i = 0; i < n; i++) {
    const wantHi = Math.min(n - 1, i + half);
    const wantLo = Math.max(0, i - half);
    while (hi < wantHi) acc += x[++hi]!;
    while (lo < wantLo) acc -= x[lo++]!;
    const v = x[i]! - acc / (hi - lo + 1);
    out[i] = v > 0 ? v : 0;
  }
  return out;
}

// Pairwise average then decimate: a crude low-pass, but the onset bands stop well below the new Nyquist.
function halfRate(x: Float32Array, rate: number): { mono: Float32Array; sampleRate: number } {
  const out = new Float32Array(x.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = 0.5 * (x[2 * i]! + x[2 * i + 1]!);
  return { mono: out, sampleRate: rate / 2 };
}

// A short Gaussian blur (sigma ~1 frame). Sharp onsets otherwise land in a single frame, and the
// autocorrelation peak at a lag that falls between two frames comes out much lower than one that falls on
// a frame, which can make a wrong multiple of the beat look stronger than the beat.
function smooth(x: Float64Array): Float64Array {
  const k = [0.06, 0.24, 0.4, 0.24, 0.06];
  const n = x.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = -2; j <= 2; j++) {
      const t = i + j;
      if (t >= 0 && t < n) s += x[t]! * k[j + 2]!;
    }
    out[i] = s;
  }
  return out;
}
