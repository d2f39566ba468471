import { fillNoise, midiToHz, svfStatic } from './dsp';
import { applyAdsr } from './instruments';

export type Vowel = 'a' | 'e' | 'i' | 'o' | 'u';

// Formant centres and relative gains of a sung (soprano-ish) vowel.
const FORMANTS: Record<Vowel, [number, number, number]> = {
  a: [800, 1150, 2900],
  e: [400, 2000, 2800],
  i: [300, 2200, 3000],
  o: [450, 800, 2830],
  u: [325, 700, 2700],
};
const FORMANT_GAINS = [1, 0.55, 0.3];
const FORMANT_Q = [7, 9, 11];

// A glottal-ish saw with scoop and vibrato, shaped by three vowel formants: reads as an "ooh/aah" singer.
export function renderVocalNote(sr: number, midi: number, durSec: number, vowel: Vowel, seed: number): Float32Array {
  const release = 0.14;
  const len = Math.round((durSec + release) * sr);
  const src = new Float32Array(len);
  const hz = midiToHz(midi);
  const vibStep = (2 * Math.PI * (5.2 + (seed % 7) * 0.1)) / sr;
  const scoopN = 0.07 * sr;
  const vibOnset = 0.22 * sr;
  let phase = 0;
  for (let blk = 0; blk < len; blk += 32) {
    // Singers start slightly flat and settle; vibrato only blooms on held notes.
    const scoop = blk < scoopN ? -0.35 * (1 - blk / scoopN) : 0;
    const vib = blk > vibOnset ? 0.28 * Math.min(1, (blk - vibOnset) / (0.3 * sr)) * Math.sin(blk * vibStep) : 0;
    const dt = (hz * Math.pow(2, (scoop + vib) / 12)) / sr;
    const stop = Math.min(len, blk + 32);
    for (let i = blk; i < stop; i++) {
      phase += dt;
      if (phase >= 1) phase -= 1;
      src[i] = 2 * phase - 1;
    }
  }
  // Tilting the naive saw down both hides its aliasing and moves it towards a glottal pulse's spectrum.
  svfStatic(src, sr, 'low', 3500, 0.6);
  const breath = new Float32Array(len);
  fillNoise(breath, seed + 11);
  for (let i = 0; i < len; i++) src[i] = src[i]! + breath[i]! * 0.06;

  const out = new Float32Array(len);
  const band = new Float32Array(len);
  const f = FORMANTS[vowel];
  for (let k = 0; k < 3; k++) {
    band.set(src);
    svfStatic(band, sr, 'band', f[k]!, FORMANT_Q[k]!);
    const g = FORMANT_GAINS[k]!;
    for (let i = 0; i < len; i++) out[i] = out[i]! + band[i]! * g;
  }
  applyAdsr(out, sr, durSec, 0.05, 0.4, 0.85, release, 2.2);
  return out;
}
