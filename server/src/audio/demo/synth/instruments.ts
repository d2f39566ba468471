import { fastSin, fillNoise, midiToHz, svf } from './dsp';

export type Wave = 'saw' | 'square' | 'sine' | 'tri';

// Subtractive voice: up to two detuned oscillators (+ sub), an ADSR and an enveloped low-pass.
export type VoicePreset = {
  kind: 'voice';
  wave: Wave;
  detuneCents: number; // 0 = one oscillator
  sub: number;
  cutoff: number;
  envCutoff: number;
  filterDecay: number;
  q: number;
  attack: number;
  decay: number;
  sustain: number;
  release: number;
  vibratoHz: number;
  vibratoCents: number;
  gain: number;
};
export type PluckPreset = { kind: 'pluck'; brightness: number; decay: number; gain: number };
export type FmPreset = {
  kind: 'fm';
  ratio: number;
  index: number;
  indexDecay: number;
  decay: number;
  attack: number;
  release: number;
  gain: number;
};
export type OrganPreset = { kind: 'organ'; drawbars: number[]; attack: number; release: number; gain: number };
export type Preset = VoicePreset | PluckPreset | FmPreset | OrganPreset;

const TWO_PI = 2 * Math.PI;

// PolyBLEP residual: rounds off the waveform's jump so saws and squares alias far less than naive ones.
function blep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

function oscAdd(
  out: Float32Array,
  sr: number,
  hz: number,
  wave: Wave,
  level: number,
  vibHz: number,
  vibCents: number,
  phase0: number,
): void {
  let phase = phase0;
  const base = hz / sr;
  const vibDepth = Math.pow(2, vibCents / 1200) - 1;
  const vibStep = (TWO_PI * vibHz) / sr;
  const len = out.length;
  // Pitch is held per 32-sample block: vibrato needs no finer steps, and the inner loops stay branch-light.
  for (let blk = 0; blk < len; blk += 32) {
    // Vibrato fades in over the first 0.3 s, like a player settling on a note.
    const dt = vibCents > 0 ? base * (1 + vibDepth * Math.sin(blk * vibStep) * Math.min(1, blk / (0.3 * sr))) : base;
    const end = Math.min(len, blk + 32);
    if (wave === 'saw') {
      for (let i = blk; i < end; i++) {
        out[i] = out[i]! + (2 * phase - 1 - blep(phase, dt)) * level;
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
    } else if (wave === 'square') {
      for (let i = blk; i < end; i++) {
        const p2 = phase + 0.5 < 1 ? phase + 0.5 : phase - 0.5;
        out[i] = out[i]! + ((phase < 0.5 ? 1 : -1) + blep(phase, dt) - blep(p2, dt)) * level;
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
    } else if (wave === 'sine') {
      for (let i = blk; i < end; i++) {
        out[i] = out[i]! + fastSin(TWO_PI * phase) * level;
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
    } else {
      for (let i = blk; i < end; i++) {
        out[i] = out[i]! + (phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase) * level;
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
    }
  }
}

function renderVoice(sr: number, midi: number, durSec: number, p: VoicePreset, seed: number): Float32Array {
  const len = Math.round((durSec + p.release) * sr);
  const out = new Float32Array(len);
  const hz = midiToHz(midi);
  const ph = (seed % 997) / 997;
  if (p.detuneCents > 0) {
    const d = Math.pow(2, p.detuneCents / 2400);
    oscAdd(out, sr, hz * d, p.wave, 0.5, p.vibratoHz, p.vibratoCents, ph);
    oscAdd(out, sr, hz / d, p.wave, 0.5, p.vibratoHz, p.vibratoCents, 1 - ph);
  } else oscAdd(out, sr, hz, p.wave, 1, p.vibratoHz, p.vibratoCents, ph);
  if (p.sub > 0) oscAdd(out, sr, hz / 2, 'sine', p.sub, 0, 0, 0);
  const fd = p.filterDecay * sr;
  svf(out, sr, 'low', p.q, (i) => p.cutoff + p.envCutoff * Math.exp(-i / fd));
  applyAdsr(out, sr, durSec, p.attack, p.decay, p.sustain, p.release, p.gain);
  return out;
}

export function applyAdsr(
  out: Float32Array,
  sr: number,
  durSec: number,
  a: number,
  d: number,
  s: number,
  r: number,
  gain: number,
): void {
  const aN = Math.max(1, a * sr);
  const dCoef = Math.exp(-1 / Math.max(1, d * sr));
  const gate = Math.round(durSec * sr);
  const rN = Math.max(1, r * sr);
  let level = 0;
  let decayPart = 1;
  let releaseFrom = -1;
  for (let i = 0; i < out.length; i++) {
    if (i < gate) {
      if (i < aN) level = i / aN;
      else {
        decayPart *= dCoef;
        level = s + (1 - s) * decayPart;
      }
    } else {
      if (releaseFrom < 0) releaseFrom = level;
      level = releaseFrom * Math.max(0, 1 - (i - gate) / rN);
    }
    out[i] = out[i]! * level * gain;
  }
}

// Karplus-Strong string: a noise burst circulating in a damped delay line reads as guitar, harp or koto.
function renderPluck(sr: number, midi: number, durSec: number, p: PluckPreset, seed: number): Float32Array {
  const len = Math.round((durSec + 0.15) * sr);
  const out = new Float32Array(len);
  const period = sr / midiToHz(midi);
  const n = Math.max(2, Math.floor(period));
  const frac = period - n;
  const line = new Float32Array(n + 1);
  fillNoise(line, seed);
  // Darker excitation for a duller string.
  for (let k = 0; k < 2; k++)
    for (let i = 1; i <= n; i++) line[i] = line[i]! * p.brightness + line[i - 1]! * (1 - p.brightness);
  const loss = Math.pow(0.001, 1 / (p.decay * midiToHz(midi)));
  let idx = 0;
  let prev = 0;
  const gate = Math.round(durSec * sr);
  for (let i = 0; i < len; i++) {
    const cur = line[idx]!;
    const nextIdx = idx === n ? 0 : idx + 1;
    const v = cur + frac * (line[nextIdx]! - cur);
    const y = loss * 0.5 * (v + prev);
    prev = v;
    line[idx] = y;
    idx = nextIdx;
    const damp = i < gate ? 1 : Math.max(0, 1 - (i - gate) / (0.15 * sr));
    out[i] = v * damp * p.gain;
  }
  return out;
}

// Two-operator FM: electric piano tines, bells and mallets depending on ratio and index decay.
function renderFm(sr: number, midi: number, durSec: number, p: FmPreset): Float32Array {
  const len = Math.round((durSec + p.release) * sr);
  const out = new Float32Array(len);
  const hz = midiToHz(midi);
  const cStep = (TWO_PI * hz) / sr;
  const mStep = cStep * p.ratio;
  const idxCoef = Math.exp(-1 / (p.indexDecay * sr));
  let index = p.index;
  for (let i = 0; i < len; i++) {
    out[i] = fastSin(i * cStep + index * fastSin(i * mStep));
    index *= idxCoef;
  }
  applyAdsr(out, sr, durSec, p.attack, p.decay, 0, p.release, p.gain);
  return out;
}

function renderOrgan(sr: number, midi: number, durSec: number, p: OrganPreset): Float32Array {
  const len = Math.round((durSec + p.release) * sr);
  const out = new Float32Array(len);
  const hz = midiToHz(midi);
  const ratios = [0.5, 1, 2, 3, 4];
  for (let h = 0; h < ratios.length; h++) {
    const level = p.drawbars[h] ?? 0;
    if (level > 0 && hz * ratios[h]! < sr / 2)
      oscAdd(out, sr, hz * ratios[h]!, 'sine', level, 6, h === 1 ? 6 : 0, h * 0.13);
  }
  applyAdsr(out, sr, durSec, p.attack, 1, 1, p.release, p.gain);
  return out;
}

export function renderNote(sr: number, midi: number, durSec: number, preset: Preset, seed: number): Float32Array {
  switch (preset.kind) {
    case 'voice':
      return renderVoice(sr, midi, durSec, preset, seed);
    case 'pluck':
      return renderPluck(sr, midi, durSec, preset, seed);
    case 'fm':
      return renderFm(sr, midi, durSec, preset);
    case 'organ':
      return renderOrgan(sr, midi, durSec, preset);
  }
}

const v = (o: Partial<VoicePreset>): VoicePreset => ({
  kind: 'voice',
  wave: 'saw',
  detuneCents: 0,
  sub: 0,
  cutoff: 2000,
  envCutoff: 0,
  filterDecay: 0.2,
  q: 0.8,
  attack: 0.005,
  decay: 0.3,
  sustain: 0.7,
  release: 0.1,
  vibratoHz: 0,
  vibratoCents: 0,
  gain: 1,
  ...o,
});

export const PRESETS = {
  // bass
  subBass: v({ wave: 'sine', sub: 0, cutoff: 800, attack: 0.01, sustain: 0.9, release: 0.08 }),
  sawBass: v({
    wave: 'saw',
    sub: 0.6,
    cutoff: 350,
    envCutoff: 1400,
    filterDecay: 0.12,
    q: 1.1,
    sustain: 0.75,
    release: 0.06,
  }),
  squareBass: v({
    wave: 'square',
    sub: 0.4,
    cutoff: 500,
    envCutoff: 900,
    filterDecay: 0.1,
    sustain: 0.6,
    release: 0.05,
  }),
  reeseBass: v({
    wave: 'saw',
    detuneCents: 18,
    sub: 0.8,
    cutoff: 420,
    envCutoff: 300,
    filterDecay: 0.4,
    sustain: 0.9,
    release: 0.1,
  }),
  fingerBass: v({
    wave: 'tri',
    sub: 0.3,
    cutoff: 900,
    envCutoff: 1200,
    filterDecay: 0.06,
    decay: 0.5,
    sustain: 0.35,
    release: 0.06,
  }),
  pluckBass: { kind: 'pluck', brightness: 0.35, decay: 1.2, gain: 1.3 } as PluckPreset,
  // chords
  warmPad: v({
    wave: 'saw',
    detuneCents: 14,
    cutoff: 1100,
    envCutoff: 500,
    filterDecay: 1.2,
    attack: 0.35,
    sustain: 0.85,
    release: 0.6,
    vibratoHz: 0.3,
    vibratoCents: 6,
  }),
  stringPad: v({
    wave: 'saw',
    detuneCents: 9,
    cutoff: 2200,
    attack: 0.25,
    sustain: 0.9,
    release: 0.5,
    vibratoHz: 5,
    vibratoCents: 8,
  }),
  synthPad80s: v({
    wave: 'square',
    detuneCents: 12,
    cutoff: 1600,
    envCutoff: 1500,
    filterDecay: 0.5,
    attack: 0.05,
    sustain: 0.7,
    release: 0.4,
  }),
  brightStab: v({
    wave: 'saw',
    detuneCents: 20,
    cutoff: 900,
    envCutoff: 3500,
    filterDecay: 0.09,
    decay: 0.15,
    sustain: 0.25,
    release: 0.08,
  }),
  powerGuitar: v({
    wave: 'saw',
    detuneCents: 8,
    cutoff: 2400,
    envCutoff: 1500,
    filterDecay: 0.15,
    decay: 0.4,
    sustain: 0.6,
    release: 0.07,
  }),
  ePiano: {
    kind: 'fm',
    ratio: 1,
    index: 1.8,
    indexDecay: 0.35,
    decay: 1.2,
    attack: 0.003,
    release: 0.25,
    gain: 0.9,
  } as FmPreset,
  organ: { kind: 'organ', drawbars: [0.4, 1, 0.6, 0.25, 0.15], attack: 0.01, release: 0.08, gain: 0.5 } as OrganPreset,
  acousticGuitar: { kind: 'pluck', brightness: 0.6, decay: 2.5, gain: 0.9 } as PluckPreset,
  // leads
  squareLead: v({
    wave: 'square',
    cutoff: 2500,
    envCutoff: 1500,
    filterDecay: 0.15,
    sustain: 0.8,
    release: 0.12,
    vibratoHz: 5.5,
    vibratoCents: 15,
    gain: 0.8,
  }),
  sawLead: v({
    wave: 'saw',
    detuneCents: 10,
    cutoff: 3000,
    envCutoff: 2000,
    filterDecay: 0.2,
    sustain: 0.75,
    release: 0.15,
    vibratoHz: 5,
    vibratoCents: 12,
    gain: 0.8,
  }),
  flute: v({
    wave: 'tri',
    cutoff: 3000,
    attack: 0.06,
    sustain: 0.9,
    release: 0.12,
    vibratoHz: 5,
    vibratoCents: 18,
    gain: 1.1,
  }),
  brass: v({
    wave: 'saw',
    cutoff: 700,
    envCutoff: 2200,
    filterDecay: 0.25,
    attack: 0.04,
    sustain: 0.8,
    release: 0.1,
    vibratoHz: 5,
    vibratoCents: 8,
    gain: 0.9,
  }),
  bell: {
    kind: 'fm',
    ratio: 3.5,
    index: 2.5,
    indexDecay: 0.5,
    decay: 1.5,
    attack: 0.002,
    release: 0.4,
    gain: 0.6,
  } as FmPreset,
  marimba: {
    kind: 'fm',
    ratio: 4,
    index: 1.2,
    indexDecay: 0.05,
    decay: 0.35,
    attack: 0.002,
    release: 0.1,
    gain: 0.9,
  } as FmPreset,
  pluckLead: { kind: 'pluck', brightness: 0.8, decay: 1.5, gain: 0.9 } as PluckPreset,
} satisfies Record<string, Preset>;

export type PresetName = keyof typeof PRESETS;
