import { describe, expect, it } from 'vitest';
import { ANALYSIS_RATE, analyseSamples } from './analyse';
import { computeDescriptor, DESCRIPTOR_DIMENSIONS, withTempo } from './descriptor';
import { renderSong } from './demo/song/render-song';
import type { SongSpec } from './demo/song/compose';

const SR = ANALYSIS_RATE;

function song(spec: Partial<SongSpec> & Pick<SongSpec, 'styleId' | 'bpm'>): Float32Array {
  return renderSong({ seed: 1, targetSec: 14, vocal: false, keyRoot: 0, minor: false, ...spec }, SR).instrumental;
}

const distance = (a: number[], b: number[]) => Math.sqrt(a.reduce((s, x, i) => s + (x - b[i]!) ** 2, 0));

describe('computeDescriptor', () => {
  it('has a fixed length, finite values and readable features', () => {
    const d = computeDescriptor(song({ styleId: 'house', bpm: 124 }), SR, 124);
    expect(d.vector).toHaveLength(DESCRIPTOR_DIMENSIONS);
    for (const x of d.vector) expect(Number.isFinite(x)).toBe(true);
    expect(d.features.bpm).toBe(124);
    expect(d.features.energy).toBeGreaterThan(0.3);
    expect(d.features.brightnessHz).toBeGreaterThan(100);
    expect(d.features.rhythmDensity).toBeGreaterThan(1);
    expect(d.features.loudnessDb).toBeLessThan(0);
  });

  it('places two takes of one style nearer each other than a different style', () => {
    const a = computeDescriptor(song({ styleId: 'techno', bpm: 128, seed: 1 }), SR, 128);
    const b = computeDescriptor(song({ styleId: 'techno', bpm: 130, seed: 2, keyRoot: 5 }), SR, 130);
    const c = computeDescriptor(song({ styleId: 'ambientDrift', bpm: 70, seed: 3 }), SR, null);
    expect(distance(a.vector, b.vector)).toBeLessThan(distance(a.vector, c.vector));
    expect(distance(a.vector, b.vector)).toBeLessThan(distance(b.vector, c.vector));
  });

  it('does not depend on the level for timbre and brightness', () => {
    const loud = song({ styleId: 'lofi', bpm: 84 });
    const quiet = loud.map((x) => x * 0.25);
    const a = computeDescriptor(loud, SR, 84);
    const b = computeDescriptor(quiet, SR, 84);
    // (a frame near the silence floor may count in one and not the other)
    expect(Math.abs(a.features.brightnessHz / b.features.brightnessHz - 1)).toBeLessThan(0.02);
    expect(a.features.loudnessDb - b.features.loudnessDb).toBeCloseTo(12, 0);
  });

  it('finds the key of a held major chord', () => {
    const out = new Float32Array(SR * 8);
    // C major triad with a little second harmonic
    for (const hz of [261.63, 329.63, 392.0, 130.81]) {
      for (let i = 0; i < out.length; i++)
        out[i] = out[i]! + 0.1 * Math.sin((2 * Math.PI * hz * i) / SR) + 0.03 * Math.sin((4 * Math.PI * hz * i) / SR);
    }
    expect(computeDescriptor(out, SR, null).features.key).toMatch(/^(C major|A minor|E minor)$/);
  });

  it('takes another tempo as if computed with it (the catalogue BPM at ingest)', () => {
    const mono = song({ styleId: 'boomBap', bpm: 90 });
    expect(withTempo(computeDescriptor(mono, SR, 45), 90)).toEqual(computeDescriptor(mono, SR, 90));
    expect(withTempo(computeDescriptor(mono, SR, 90), null)).toEqual(computeDescriptor(mono, SR, null));
  });

  it('is part of the analysis, and null for silence', () => {
    expect(analyseSamples(song({ styleId: 'house', bpm: 124 }), SR).descriptor?.vector).toHaveLength(
      DESCRIPTOR_DIMENSIONS,
    );
    expect(analyseSamples(new Float32Array(SR * 3), SR).descriptor).toBeNull();
  });

  it('costs little per minute of audio', () => {
    const minute = new Float32Array(SR * 60);
    const loop = song({ styleId: 'funk', bpm: 100 });
    for (let i = 0; i < minute.length; i++) minute[i] = loop[i % loop.length]!;
    computeDescriptor(minute, SR, 100);
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) computeDescriptor(minute, SR, 100);
    const perMinute = (performance.now() - t0) / 3;
    // measured ~28 ms per minute on a shared 2-core machine (decision 066); generous for a loaded one
    expect(perMinute).toBeLessThan(400);
  });
});
