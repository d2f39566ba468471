import { describe, expect, it } from 'vitest';
import { Rng } from './demo/rng';
import { mixInto } from './demo/synth/dsp';
import { renderKit, type DrumName } from './demo/synth/drums';
import { estimateTempo } from './tempo';

const SR = 22050;

// Steps are sixteenth notes within one bar; value = velocity.
type Pattern = Partial<Record<DrumName, Record<number, number>>>;

function renderPattern(bpm: number, pattern: Pattern, seconds: number, seed = 1): Float32Array {
  const kit = renderKit(new Rng(seed), SR, 'electronic');
  const out = new Float32Array(Math.round(seconds * SR));
  const step = (SR * 60) / bpm / 4;
  for (let s = 0; s * step < out.length; s++) {
    for (const [name, hits] of Object.entries(pattern) as [DrumName, Record<number, number>][]) {
      const v = hits[s % 16];
      if (v) mixInto(out, kit[name], Math.round(s * step), v * 0.4);
    }
  }
  return out;
}

const every = (steps: number[], v: number) => Object.fromEntries(steps.map((s) => [s, v]));
const eighthHats = { ...every([0, 4, 8, 12], 0.6), ...every([2, 6, 10, 14], 0.35) };

const patterns: Record<string, Pattern> = {
  rock: { kick: every([0, 8], 1), snare: every([4, 12], 0.9), hat: eighthHats },
  house: {
    kick: every([0, 4, 8, 12], 1),
    clap: every([4, 12], 0.8),
    openHat: every([2, 6, 10, 14], 0.3),
    hat: every([1, 3, 5, 7, 9, 11, 13, 15], 0.2),
  },
  boomBap: { kick: { 0: 1, 7: 0.6, 10: 0.9 }, snare: every([4, 12], 1), hat: eighthHats },
  // Two-step with a softer kick on beat 3 and the ride on every beat, as the demo's drum & bass plays it:
  // without them a two-step is genuinely ambiguous between 87 and 174.
  dnb: {
    kick: { 0: 1, 8: 0.6, 10: 1 },
    snare: every([4, 12], 1),
    hat: { ...every([0, 4, 8, 12], 0.9), ...every([2, 6, 10, 14], 0.3) },
    shaker: every([1, 3, 5, 7, 9, 11, 13, 15], 0.15),
  },
  lofi: {
    kick: { 0: 1, 8: 0.8, 11: 0.5 },
    snare: every([4, 12], 0.8),
    hat: eighthHats,
    shaker: every([1, 3, 5, 7, 9, 11, 13, 15], 0.2),
  },
};

function clickTrack(bpm: number, seconds: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * SR));
  const period = (SR * 60) / bpm;
  for (let b = 0; b * period < out.length; b++) {
    const at = Math.round(b * period);
    for (let i = 0; i < 200 && at + i < out.length; i++) out[at + i] = Math.sin(i * 0.5) * Math.exp(-i / 40);
  }
  return out;
}

describe('estimateTempo', () => {
  it.each([70, 90, 120, 128, 174])('measures a plain click track at %i BPM', (bpm) => {
    expect(estimateTempo(clickTrack(bpm, 30), SR)).toBeCloseTo(bpm, 0);
  });

  const cases: [string, number][] = [
    ['lofi', 70],
    ['boomBap', 90],
    ['rock', 120],
    ['house', 128],
    ['dnb', 174],
    ['rock', 90],
    ['boomBap', 84],
    ['house', 120],
    ['dnb', 170],
    ['rock', 150],
  ];
  it.each(cases)('measures a %s drum pattern at %i BPM within 2 BPM', (name, bpm) => {
    const measured = estimateTempo(renderPattern(bpm, patterns[name]!, 40), SR);
    expect(measured).not.toBeNull();
    expect(Math.abs(measured! - bpm)).toBeLessThanOrEqual(2);
  });

  // Eighth-note kicks under a backbeat put as much onset at the half beat as on the beat, so the odd/even
  // evidence alone climbs to the double (192 and 200 before decision 064's tempo prior); the prior makes a
  // climb into the 190s need more. At 84 and 90 it still climbs (168, 180): the prior weighs, it does not forbid.
  it.each([96, 100, 104])('reads a backbeat over driving eighth-note kicks at %i BPM as that, not double', (bpm) => {
    const drive: Pattern = {
      kick: every([0, 2, 4, 6, 8, 10, 12, 14], 0.8),
      snare: every([4, 12], 1),
      hat: every([0, 2, 4, 6, 8, 10, 12, 14], 0.5),
    };
    const measured = estimateTempo(renderPattern(bpm, drive, 40), SR);
    expect(measured).not.toBeNull();
    expect(Math.abs(measured! - bpm)).toBeLessThanOrEqual(2);
  });

  it('returns null for silence and for too-short input', () => {
    expect(estimateTempo(new Float32Array(SR * 20), SR)).toBeNull();
    expect(estimateTempo(clickTrack(120, 3), SR)).toBeNull();
  });

  it('returns null for a held chord whose beating partials swell and fade', () => {
    const x = new Float32Array(SR * 20);
    for (let i = 0; i < x.length; i++) {
      const t = i / SR;
      const swell = 0.5 + 0.5 * Math.sin(2 * Math.PI * 0.05 * t);
      x[i] =
        swell *
        0.2 *
        (Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 277.2 * t) + Math.sin(2 * Math.PI * 329.6 * t));
    }
    expect(estimateTempo(x, SR)).toBeNull();
  });

  it('returns null for hits at random times (onsets without a pulse)', () => {
    const rng = new Rng(3);
    const kit = renderKit(rng, SR, 'acoustic');
    const x = new Float32Array(SR * 30);
    for (let t = 0.2; t < 29; t += rng.range(0.05, 1.2))
      mixInto(x, rng.chance(0.5) ? kit.snare : kit.tom, Math.round(t * SR), 0.4);
    expect(estimateTempo(x, SR)).toBeNull();
  });

  it('returns null (and does not throw) for white noise', () => {
    const rng = new Rng(7);
    const noise = Float32Array.from({ length: SR * 20 }, () => rng.range(-0.5, 0.5));
    expect(estimateTempo(noise, SR)).toBeNull();
  });

  it('analyses a minute of audio quickly', () => {
    const x = renderPattern(120, patterns.rock!, 60);
    estimateTempo(x, SR); // warm up the JIT
    const c0 = process.cpuUsage();
    estimateTempo(x, SR);
    const c = process.cpuUsage(c0);
    // About 40 ms on this machine; CPU time (not wall time) so a busy machine does not fail it.
    expect((c.user + c.system) / 1000).toBeLessThan(150);
  });
});
