import { AudioDecodeError } from './errors';
import { decodeToMono } from './ffmpeg';
import { computeDescriptor } from './descriptor';
import type { SoundDescriptor } from './descriptor.types';
import { computePeaks } from './peaks';
import { estimateTempo } from './tempo';

export type AudioAnalysis = {
  durationSec: number;
  bpm: number | null;
  peaks: number[];
  rmsDb: number;
  silent: boolean;
  /** What the track sounds like (decision 066); null when silent. */
  descriptor: SoundDescriptor | null;
};

// 11.025 kHz keeps what the analysis looks at (beats, envelope, level) at a sixteenth of the CD-rate data;
// the ingest analyses every source file, so this is on the first-start critical path. The level misses the
// content above 5.5 kHz, which changes a mix's RMS by a few tenths of a dB.
export const ANALYSIS_RATE = 11025;
const SILENCE_PEAK = Math.pow(10, -60 / 20);
const FLOOR_DB = -120;

export async function analyseAudio(path: string): Promise<AudioAnalysis> {
  const mono = await decodeToMono(path, ANALYSIS_RATE);
  return analyseSamples(mono, ANALYSIS_RATE);
}

export function analyseSamples(mono: Float32Array, sampleRate: number): AudioAnalysis {
  let peak = 0;
  let sumSq = 0;
  for (let i = 0; i < mono.length; i++) {
    const v = mono[i]!;
    sumSq += v * v;
    const a = v < 0 ? -v : v;
    if (a > peak) peak = a;
  }
  const rms = Math.sqrt(sumSq / Math.max(1, mono.length));
  const silent = peak < SILENCE_PEAK;
  const bpm = silent ? null : estimateTempo(mono, sampleRate);
  return {
    durationSec: Math.round((mono.length / sampleRate) * 1000) / 1000,
    bpm,
    peaks: computePeaks(mono),
    rmsDb: rms > 0 ? Math.max(FLOOR_DB, Math.round(20 * Math.log10(rms) * 10) / 10) : FLOOR_DB,
    silent,
    descriptor: silent ? null : computeDescriptor(mono, sampleRate, bpm),
  };
}

// For callers that must reject silent uploads with the same error type as undecodable ones.
export function assertAudible(analysis: AudioAnalysis): void {
  if (analysis.silent) throw new AudioDecodeError('file is silent');
}
