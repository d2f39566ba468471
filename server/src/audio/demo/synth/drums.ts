import type { Rng } from '../rng';
import { applyAdEnvelope, drive, fillNoise, svfStatic } from './dsp';

export type DrumName = 'kick' | 'snare' | 'clap' | 'hat' | 'openHat' | 'shaker' | 'rim' | 'tom' | 'crash' | 'boom';
export type DrumKit = Record<DrumName, Float32Array>;
export type KitFlavour = 'electronic' | 'acoustic' | 'lofi' | 'soft' | 'cinematic';

// One-shots are rendered once per song and then only mixed, so drums cost almost nothing per hit. Parameters
// are drawn up front (the random sequence must not depend on the pattern), sounds are rendered on first use.
export function renderKit(rng: Rng, sampleRate: number, flavour: KitFlavour): DrumKit {
  const sr = sampleRate;
  const seed = () => rng.int(1, 2 ** 31 - 1);
  const kickParams: KickParams = {
    startHz: flavour === 'electronic' ? rng.range(140, 190) : rng.range(110, 150),
    endHz: rng.range(42, 58),
    pitchDecay: flavour === 'electronic' ? rng.range(0.03, 0.05) : rng.range(0.02, 0.035),
    ampDecay: flavour === 'electronic' ? rng.range(0.18, 0.32) : rng.range(0.1, 0.18),
    click: flavour === 'acoustic' ? 0.5 : flavour === 'soft' ? 0.15 : 0.3,
    driveAmt: flavour === 'electronic' ? 2.2 : 1.4,
  };
  const makers: Record<DrumName, () => Float32Array> = {
    kick: (
      (s) => () =>
        kick(sr, s, kickParams)
    )(seed()),
    snare: (
      (s, tone, noiseHz) => () =>
        snare(sr, s, tone, noiseHz, flavour === 'acoustic' ? 0.16 : 0.11)
    )(seed(), rng.range(170, 230), flavour === 'lofi' ? 3500 : rng.range(4500, 7000)),
    clap: (
      (s, hz) => () =>
        clap(sr, s, hz)
    )(seed(), rng.range(1000, 1600)),
    hat: (
      (s, d) => () =>
        hat(sr, s, d, flavour === 'lofi' ? 6000 : 7500)
    )(seed(), flavour === 'lofi' ? 0.025 : rng.range(0.025, 0.045)),
    openHat: (
      (s, d) => () =>
        hat(sr, s, d, 7000)
    )(seed(), rng.range(0.18, 0.3)),
    shaker: (
      (s) => () =>
        shaker(sr, s)
    )(seed()),
    rim: (
      (s) => () =>
        rim(sr, s)
    )(seed()),
    tom: (
      (s, hz) => () =>
        tom(sr, s, hz)
    )(seed(), rng.range(85, 130)),
    crash: (
      (s) => () =>
        crash(sr, s)
    )(seed()),
    boom: (
      (s) => () =>
        boom(sr, s)
    )(seed()),
  };
  const kit = {} as DrumKit;
  for (const name of Object.keys(makers) as DrumName[]) {
    let sound: Float32Array | undefined;
    Object.defineProperty(kit, name, {
      enumerable: true,
      get: () => {
        if (!sound) {
          sound = makers[name]();
          if (flavour === 'lofi') svfStatic(sound, sr, 'low', 5000, 0.6);
        }
        return sound;
      },
    });
  }
  return kit;
}

type KickParams = {
  startHz: number;
  endHz: number;
  pitchDecay: number;
  ampDecay: number;
  click: number;
  driveAmt: number;
};

export function kick(sr: number, seed: number, p: KickParams): Float32Array {
  const len = Math.round(sr * (p.ampDecay * 4 + 0.02));
  const out = new Float32Array(len);
  let phase = 0;
  const pd = Math.exp(-1 / (p.pitchDecay * sr));
  const ad = Math.exp(-1 / (p.ampDecay * sr));
  let pEnv = 1;
  let aEnv = 1;
  for (let i = 0; i < len; i++) {
    const f = p.endHz + (p.startHz - p.endHz) * pEnv;
    phase += f / sr;
    const att = i < 40 ? i / 40 : 1;
    out[i] = Math.sin(2 * Math.PI * phase) * aEnv * att;
    pEnv *= pd;
    aEnv *= ad;
  }
  drive(out, p.driveAmt);
  const clickLen = Math.round(sr * 0.006);
  const click = new Float32Array(clickLen);
  fillNoise(click, seed);
  svfStatic(click, sr, 'band', 3000, 0.8);
  for (let i = 0; i < clickLen; i++) out[i] = out[i]! + click[i]! * p.click * (1 - i / clickLen);
  return out;
}

export function snare(sr: number, seed: number, toneHz: number, noiseHz: number, decay: number): Float32Array {
  const len = Math.round(sr * (decay * 5));
  const out = new Float32Array(len);
  fillNoise(out, seed);
  svfStatic(out, sr, 'high', 1200, 0.7);
  svfStatic(out, sr, 'low', noiseHz, 0.7);
  applyAdEnvelope(out, sr, 0.001, decay);
  const td = Math.exp(-1 / (0.05 * sr));
  let env = 0.9;
  for (let i = 0; i < len; i++) {
    const t = i / sr;
    out[i] =
      out[i]! * 0.8 + env * (Math.sin(2 * Math.PI * toneHz * t) + 0.5 * Math.sin(2 * Math.PI * toneHz * 1.6 * t));
    env *= td;
  }
  return out;
}

export function clap(sr: number, seed: number, centreHz: number): Float32Array {
  const len = Math.round(sr * 0.35);
  const out = new Float32Array(len);
  fillNoise(out, seed);
  svfStatic(out, sr, 'band', centreHz, 1.2);
  const burst = Math.round(sr * 0.011);
  const tail = Math.exp(-1 / (0.07 * sr));
  let env = 1;
  for (let i = 0; i < len; i++) {
    // Three short slaps before the tail is what makes a clap read as hands rather than a snare.
    const b = i < burst * 3 ? Math.exp(-(i % burst) / (0.003 * sr)) : env;
    if (i >= burst * 3) env *= tail;
    out[i] = out[i]! * b * 2.2;
  }
  return out;
}

export function hat(sr: number, seed: number, decay: number, hpHz: number): Float32Array {
  // Five time constants (-43 dB) is inaudible under a mix, and open hats are mixed many times per bar.
  const len = Math.round(sr * Math.min(0.8, decay * 5));
  const out = new Float32Array(len);
  fillNoise(out, seed);
  // Inharmonic square partials (TR-808 ratios) give the metallic ring plain noise lacks.
  const steps = [205.3, 304.4, 369.6, 522.7, 540, 800].map((f) => (f * 2.2) / sr);
  const phases = new Float64Array(steps.length);
  for (let i = 0; i < len; i++) {
    let m = 0;
    for (let p = 0; p < steps.length; p++) {
      let ph = phases[p]! + steps[p]!;
      if (ph >= 1) ph -= 1;
      phases[p] = ph;
      m += ph < 0.5 ? 1 : -1;
    }
    out[i] = out[i]! * 0.6 + m * 0.08;
  }
  svfStatic(out, sr, 'high', hpHz, 0.9);
  applyAdEnvelope(out, sr, 0.0005, decay);
  return out;
}

export function shaker(sr: number, seed: number): Float32Array {
  const len = Math.round(sr * 0.14);
  const out = new Float32Array(len);
  fillNoise(out, seed);
  svfStatic(out, sr, 'band', 6500, 1.5);
  for (let i = 0; i < len; i++) {
    const t = i / sr;
    out[i] = out[i]! * Math.min(1, t / 0.012) * Math.exp(-t / 0.035) * 1.4;
  }
  return out;
}

export function rim(sr: number, seed: number): Float32Array {
  const len = Math.round(sr * 0.08);
  const out = new Float32Array(len);
  fillNoise(out, seed);
  svfStatic(out, sr, 'band', 2500, 3);
  for (let i = 0; i < len; i++) {
    const t = i / sr;
    out[i] = (out[i]! * 0.5 + Math.sin(2 * Math.PI * 820 * t)) * Math.exp(-t / 0.012);
  }
  return out;
}

export function tom(sr: number, seed: number, hz: number): Float32Array {
  const len = Math.round(sr * 0.6);
  const out = new Float32Array(len);
  fillNoise(out, seed);
  svfStatic(out, sr, 'low', 1500, 0.7);
  let phase = 0;
  for (let i = 0; i < len; i++) {
    const t = i / sr;
    phase += (hz * (1 + 0.5 * Math.exp(-t / 0.04))) / sr;
    out[i] = (Math.sin(2 * Math.PI * phase) + out[i]! * 0.15 * Math.exp(-t / 0.02)) * Math.exp(-t / 0.18);
  }
  return out;
}

export function crash(sr: number, seed: number): Float32Array {
  const len = Math.round(sr * 2.2);
  const out = new Float32Array(len);
  fillNoise(out, seed);
  svfStatic(out, sr, 'high', 4500, 0.6);
  // Darker than raw noise: a real crash rolls off well below 20 kHz.
  svfStatic(out, sr, 'low', 9000, 0.6);
  applyAdEnvelope(out, sr, 0.002, 0.6);
  return out;
}

export function boom(sr: number, seed: number): Float32Array {
  const len = Math.round(sr * 2.5);
  const out = new Float32Array(len);
  fillNoise(out, seed);
  svfStatic(out, sr, 'low', 400, 0.8);
  let phase = 0;
  for (let i = 0; i < len; i++) {
    const t = i / sr;
    phase += (38 + 40 * Math.exp(-t / 0.08)) / sr;
    out[i] = Math.sin(2 * Math.PI * phase) * Math.exp(-t / 0.7) + out[i]! * Math.exp(-t / 0.15) * 0.8;
  }
  drive(out, 1.8);
  return out;
}
