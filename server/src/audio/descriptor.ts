import { RealFft } from './fft';
import { onsetEnvelope } from './onset';
import type { SoundDescriptor, SoundFeatures } from './descriptor.types';

/**
 * A track's sound as a short fixed-length vector (issue 14, decision 066): spectral shape (timbre),
 * brightness, onset rate, tempo, key, loudness and dynamics, each scaled so that one unit of Euclidean
 * distance is roughly "clearly different" in that quality. It runs for every ingested file, so it looks
 * at a bounded number of spectral frames spread over the track (not every hop) and at most a minute and
 * a half of the onset envelope: its cost stops growing with the length of the track.
 */

/**
 * Version of the vector layout and weights: stored with each descriptor, so descriptors of another
 * version are recomputed by the backfill job. 3: tempo on a circle, weights tuned on the development half
 * (decision 066; 1 and 2 were development layouts).
 */
export const DESCRIPTOR_VERSION = 3;

/** Log-spaced band edges (Hz) of the timbre part; the analysis rate (11.025 kHz) ends at 5.5 kHz. */
const TIMBRE_EDGES_HZ = [40, 80, 160, 300, 500, 800, 1200, 1800, 2600, 3600, 5000];
const TIMBRE_BANDS = TIMBRE_EDGES_HZ.length - 1;
const FRAME = 2048;
/** Spectral frames per track at most (each 186 ms at 11.025 kHz), spread evenly. */
const MAX_FRAMES = 160;
/** The onset rate is read from at most this much of the middle of a track. */
const MAX_ONSET_SECONDS = 90;
const SILENT_FRAME_DB = -60;

/**
 * Weights of each part of the vector: the distance of two tracks is dominated by what a listener hears
 * first (timbre, tempo, energy), while key and absolute loudness only break ties. Tuned on the
 * development half of bench/search-quality/sound-pairs.json (decision 066), checked on the other half.
 */
export const DESCRIPTOR_WEIGHTS = {
  /** radius of the tempo circle (one octave round): 10 % apart is ~0.85 × this, half an octave 2 × this */
  tempo: 0.7,
  /** a track with a pulse against one without */
  pulse: 0.4,
  /** per dB/10 of each band relative to the track's mean band level */
  timbre: 0.8,
  /** per octave of spectral centroid */
  brightness: 0.4,
  /** per unit of log2(1 + onsets/s) */
  rhythm: 0.9,
  /** per unit of energy (0..1) */
  energy: 1.2,
  /** the key's place on the circle of fifths, times how clear it is */
  key: 0.1,
  /** per 10 dB of RMS level */
  loudness: 0.4,
  /** per 10 dB of spread between loud and quiet frames */
  dynamics: 0.5,
} as const;

/** Where the timbre bands sit in the vector ([from, to)). */
export const TIMBRE_SLICE = [3, 3 + TIMBRE_BANDS] as const;

/** Length of every descriptor vector. */
export const DESCRIPTOR_DIMENSIONS = 3 + TIMBRE_BANDS + 1 + 1 + 1 + 2 + 1 + 1;

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
// Krumhansl–Kessler key profiles.
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
/** Key correlation below this reads as "no clear key". */
const MIN_KEY_CORRELATION = 0.5;

type Spectral = {
  /** mean log10 band power, per timbre band */
  bands: Float64Array;
  centroidHz: number;
  chroma: Float64Array;
  /** RMS level (dB) of each analysed frame that is not silent */
  frameDb: number[];
};

export function computeDescriptor(mono: Float32Array, sampleRate: number, bpm: number | null): SoundDescriptor {
  const spectral = spectralSummary(mono, sampleRate);
  const loudnessDb = rmsDb(mono);
  const rhythmDensity = onsetRate(mono, sampleRate);
  const dynamicsDb = spread(spectral.frameDb);
  const key = estimateKey(spectral.chroma);
  const energy = energyOf(loudnessDb, rhythmDensity, bpm);
  const features: SoundFeatures = {
    bpm,
    energy: round(energy, 3),
    brightnessHz: Math.round(spectral.centroidHz),
    rhythmDensity: round(rhythmDensity, 2),
    key: key.name,
    loudnessDb: round(loudnessDb, 1),
    dynamicsDb: round(dynamicsDb, 1),
  };
  return { vector: vectorOf(features, spectral.bands, key), features };
}

/**
 * The descriptor with another tempo (the catalogue's BPM, which the ingest may take from another file of
 * the song, or none for a sound effect): only the tempo, pulse and energy parts depend on it.
 */
export function withTempo(descriptor: SoundDescriptor, bpm: number | null): SoundDescriptor {
  if (descriptor.features.bpm === bpm) return descriptor;
  const w = DESCRIPTOR_WEIGHTS;
  const f = descriptor.features;
  const features: SoundFeatures = { ...f, bpm, energy: round(energyOf(f.loudnessDb, f.rhythmDensity, bpm), 3) };
  const vector = [...descriptor.vector];
  const [x, y] = tempoPoint(bpm);
  vector[TEMPO_DIM] = round(x, 4);
  vector[TEMPO_DIM + 1] = round(y, 4);
  vector[PULSE_DIM] = bpm ? w.pulse : 0;
  vector[ENERGY_DIM] = round(w.energy * features.energy, 4);
  return { vector, features };
}

const TEMPO_DIM = 0;
const PULSE_DIM = 2;
const ENERGY_DIM = TIMBRE_SLICE[1] + 2;

/**
 * Tempo as a point on a circle one octave round (radius = the tempo weight): 70 and 140 BPM meet (tempo
 * detectors disagree by octaves, and a half-time groove feels the same pulse), 77 and 79 stay neighbours,
 * and the farthest apart are half an octave (100 and 141). No tempo sits at the centre.
 */
function tempoPoint(bpm: number | null): [number, number] {
  if (!bpm) return [0, 0];
  const angle = 2 * Math.PI * Math.log2(bpm);
  return [DESCRIPTOR_WEIGHTS.tempo * Math.cos(angle), DESCRIPTOR_WEIGHTS.tempo * Math.sin(angle)];
}

function vectorOf(features: SoundFeatures, bands: Float64Array, key: KeyEstimate): number[] {
  const w = DESCRIPTOR_WEIGHTS;
  const v: number[] = [];
  // A track without a pulse sits at the centre of the tempo axis and apart on the pulse axis.
  v.push(...tempoPoint(features.bpm));
  v.push(features.bpm ? w.pulse : 0);
  let meanBand = 0;
  for (const b of bands) meanBand += b;
  meanBand /= bands.length;
  // Shape only: the level is its own part, so a quiet and a loud take of one sound have the same timbre.
  for (const b of bands) v.push(w.timbre * (b - meanBand));
  v.push(w.brightness * Math.log2(Math.max(50, features.brightnessHz) / 1000));
  v.push(w.rhythm * Math.log2(1 + features.rhythmDensity));
  v.push(w.energy * features.energy);
  // Neighbouring keys on the circle of fifths share most notes; relative major/minor share the same place.
  const angle = (2 * Math.PI * key.fifths) / 12;
  v.push(w.key * key.clarity * Math.cos(angle), w.key * key.clarity * Math.sin(angle));
  v.push(w.loudness * ((features.loudnessDb + 20) / 10));
  v.push(w.dynamics * (features.dynamicsDb / 10));
  return v.map((x) => round(x, 4));
}

/** Band powers, spectral centroid, chroma and frame levels from evenly spread frames. */
function spectralSummary(mono: Float32Array, sampleRate: number): Spectral {
  const fft = new RealFft(FRAME);
  const half = FRAME / 2;
  const window = new Float64Array(FRAME);
  for (let i = 0; i < FRAME; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FRAME);
  const binHz = sampleRate / FRAME;
  const bandOf = new Int8Array(half + 1).fill(-1);
  const pitchOf = new Int8Array(half + 1).fill(-1);
  for (let k = 1; k <= half; k++) {
    const hz = k * binHz;
    for (let b = 0; b < TIMBRE_BANDS; b++) if (hz >= TIMBRE_EDGES_HZ[b]! && hz < TIMBRE_EDGES_HZ[b + 1]!) bandOf[k] = b;
    // Pitch classes from 110 Hz to 2 kHz: below, a bin spans more than a semitone.
    if (hz >= 110 && hz <= 2000) pitchOf[k] = (((Math.round(12 * Math.log2(hz / 440)) + 9) % 12) + 12) % 12;
  }
  const available = Math.floor((mono.length - FRAME) / FRAME) + 1;
  const count = Math.max(0, Math.min(MAX_FRAMES, available));
  const step = count > 1 ? (mono.length - FRAME) / (count - 1) : 0;
  const frame = new Float64Array(FRAME);
  const power = new Float64Array(half + 1);
  const bandSum = new Float64Array(TIMBRE_BANDS);
  const chroma = new Float64Array(12);
  const frameDb: number[] = [];
  let centroidNum = 0;
  let centroidDen = 0;
  let used = 0;
  for (let f = 0; f < count; f++) {
    const off = Math.round(f * step);
    let sq = 0;
    for (let i = 0; i < FRAME; i++) {
      const x = mono[off + i]!;
      sq += x * x;
      frame[i] = x * window[i]!;
    }
    const db = 10 * Math.log10(sq / FRAME + 1e-12);
    if (db < SILENT_FRAME_DB) continue;
    frameDb.push(db);
    used++;
    fft.power(frame, power);
    const bands = new Float64Array(TIMBRE_BANDS);
    let total = 0;
    let weighted = 0;
    const pitch = new Float64Array(12);
    for (let k = 1; k <= half; k++) {
      const p = power[k]!;
      total += p;
      weighted += p * k * binHz;
      const b = bandOf[k]!;
      if (b >= 0) bands[b] = bands[b]! + p;
      const c = pitchOf[k]!;
      if (c >= 0) pitch[c] = pitch[c]! + Math.sqrt(p);
    }
    if (!(total > 0)) continue;
    // Each frame's shape counts the same however loud it is: a loud chorus does not hide the verses.
    for (let b = 0; b < TIMBRE_BANDS; b++) bandSum[b] = bandSum[b]! + Math.log10(bands[b]! / total + 1e-9);
    centroidNum += weighted / total;
    centroidDen++;
    let pitchTotal = 0;
    for (const x of pitch) pitchTotal += x;
    if (pitchTotal > 0) for (let c = 0; c < 12; c++) chroma[c] = chroma[c]! + pitch[c]! / pitchTotal;
  }
  // log10 power → dB/10: one unit is 10 dB.
  const bands = used ? bandSum.map((s) => s / used) : new Float64Array(TIMBRE_BANDS).fill(-9);
  return { bands, centroidHz: centroidDen ? centroidNum / centroidDen : 0, chroma, frameDb };
}

/** Onsets per second: local maxima of the onset envelope above an adaptive threshold, at least 60 ms apart. */
function onsetRate(mono: Float32Array, sampleRate: number): number {
  const maxSamples = Math.round(MAX_ONSET_SECONDS * sampleRate);
  const part =
    mono.length > maxSamples ? mono.subarray((mono.length - maxSamples) >> 1, (mono.length + maxSamples) >> 1) : mono;
  if (part.length < sampleRate) return 0;
  const { env, fps } = onsetEnvelope(part, sampleRate);
  const n = env.length;
  if (n < 3) return 0;
  // The envelope does not depend on the level (decision 064: ~0.1 for a held pad, above 1 at attacks).
  const sorted = Float64Array.from(env).sort();
  const median = sorted[Math.floor(n / 2)]!;
  const threshold = Math.max(0.3, median * 3);
  const gap = Math.max(1, Math.round(fps * 0.06));
  let count = 0;
  let last = -gap;
  for (let i = 1; i < n - 1; i++) {
    const v = env[i]!;
    if (v >= threshold && v >= env[i - 1]! && v > env[i + 1]! && i - last >= gap) {
      count++;
      last = i;
    }
  }
  return count / (n / fps);
}

type KeyEstimate = { name: string | null; fifths: number; clarity: number };

/** Best-correlating major or minor key profile; `fifths` places it on the circle of fifths (C = 0, A minor = 0). */
function estimateKey(chroma: Float64Array): KeyEstimate {
  let sum = 0;
  for (const c of chroma) sum += c;
  if (!(sum > 0)) return { name: null, fifths: 0, clarity: 0 };
  let best = { r: -Infinity, tonic: 0, minor: false };
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const minor of [false, true]) {
      const r = correlation(chroma, minor ? MINOR_PROFILE : MAJOR_PROFILE, tonic);
      if (r > best.r) best = { r, tonic, minor };
    }
  }
  if (!(best.r >= MIN_KEY_CORRELATION)) return { name: null, fifths: 0, clarity: 0 };
  // A minor key shares its notes with the major key three semitones up.
  const relativeMajor = best.minor ? (best.tonic + 3) % 12 : best.tonic;
  return {
    name: `${NOTE_NAMES[best.tonic]} ${best.minor ? 'minor' : 'major'}`,
    fifths: (relativeMajor * 7) % 12,
    clarity: Math.min(1, (best.r - MIN_KEY_CORRELATION) / 0.3),
  };
}

function correlation(chroma: Float64Array, profile: number[], tonic: number): number {
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < 12; i++) {
    ma += chroma[(i + tonic) % 12]!;
    mb += profile[i]!;
  }
  ma /= 12;
  mb /= 12;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < 12; i++) {
    const a = chroma[(i + tonic) % 12]! - ma;
    const b = profile[i]! - mb;
    num += a * b;
    da += a * a;
    db += b * b;
  }
  return da > 0 && db > 0 ? num / Math.sqrt(da * db) : 0;
}

/** 0..1: level and onset activity (and a little tempo), how driving a track feels. */
function energyOf(loudnessDb: number, rhythmDensity: number, bpm: number | null): number {
  const level = clamp01((loudnessDb + 40) / 30);
  const activity = clamp01(Math.log2(1 + rhythmDensity) / Math.log2(1 + 8));
  const pace = bpm ? clamp01((bpm - 70) / 100) : 0;
  return clamp01(0.45 * level + 0.4 * activity + 0.15 * pace);
}

function rmsDb(mono: Float32Array): number {
  let sq = 0;
  for (let i = 0; i < mono.length; i++) sq += mono[i]! * mono[i]!;
  const rms = Math.sqrt(sq / Math.max(1, mono.length));
  return rms > 0 ? Math.max(-120, 20 * Math.log10(rms)) : -120;
}

/** Loud passages minus quiet ones: 95th minus 10th percentile of the frame levels. */
function spread(levels: number[]): number {
  if (levels.length < 2) return 0;
  const sorted = [...levels].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return Math.max(0, at(0.95) - at(0.1));
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
