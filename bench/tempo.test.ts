import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readPieces, within, withinRelated } from './tempo.bench';

const AUDIO = fileURLToPath(new URL('./fixtures/tempo/audio/', import.meta.url));

describe('bench:tempo scoring', () => {
  it('counts ±2 BPM as right, and half, double, 3:4 and 4:3 (each ±2 BPM) as related', () => {
    expect(within(121.9, 120)).toBe(true);
    expect(within(122.1, 120)).toBe(false);
    expect(within(null, 120)).toBe(false);
    for (const est of [60, 240, 90, 160]) expect(withinRelated(est, 120)).toBe(true);
    for (const est of [180, 80, 100, 150]) expect(withinRelated(est, 120)).toBe(false); // 3:2, 2:3, 5:6, 5:4
    expect(withinRelated(null, 120)).toBe(false);
  });
});

describe('the tempo set (bench/fixtures/tempo)', () => {
  const pieces = readPieces();

  it('has at least 40 pieces, at least 10 held out, each with its audio, a tempo and a source', () => {
    expect(pieces.length).toBeGreaterThanOrEqual(40);
    expect(pieces.filter((p) => p.heldOut).length).toBeGreaterThanOrEqual(10);
    // Every held-out name matches its piece: 12 Hydrogen renders, 6 MMA songs and 4 Blupi pieces (a misspelt
    // name would silently move a piece into the tuning part).
    expect(pieces.filter((p) => p.heldOut).length).toBe(22);
    for (const p of pieces) {
      expect(p.bpm, p.id).toBeGreaterThanOrEqual(60);
      expect(p.bpm, p.id).toBeLessThanOrEqual(200);
      expect(p.song, p.id).not.toBe('');
      expect(statSync(join(AUDIO, `${p.id}.opus`)).size, p.id).toBeGreaterThan(10_000);
    }
  });

  it('holds no audio that pieces.tsv does not list, and stays well under 20 MB', () => {
    const files = readdirSync(AUDIO);
    expect(files.sort()).toEqual(pieces.map((p) => `${p.id}.opus`).sort());
    const bytes = files.reduce((sum, f) => sum + statSync(join(AUDIO, f)).size, 0);
    expect(bytes).toBeLessThan(10 * 1024 * 1024);
  });
});
