import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadWordVectors, scanPackage } from './word-vectors';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cuewave-wv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cosine(a: Float32Array, b: Float32Array) {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}

describe('word vectors', () => {
  it('scans the package format in a stream, skipping escaped and unwanted keys', async () => {
    // the real file's shape: words, then vectors {word: [dims…, l2norm, rank]}, then unkVector
    const entries: Record<string, number[]> = {
      the: [3, 4, 5, 0],
      '"': [1, 1, 1.41, 1],
      'a\\"b': [1, 0, 1, 2],
      calm: [0, 2, 2, 3],
      Paris: [1, 1, 1.41, 4],
      rare: [1, 0, 1, 999],
    };
    const body = Object.entries(entries)
      .map(([k, v]) => `${JSON.stringify(k)}:[${v.join(',')}]`)
      .join(',');
    const file = path.join(dir, 'vectors.json');
    // padding pushes entries across the scanner's 4 MB chunk boundary
    writeFileSync(
      file,
      `{"precision":8,"words":["${'x'.repeat(4 * 1024 * 1024 - 20)}"],"vectors":{${body}},"unkVector":[0,0,-1]}`,
    );
    const built = await scanPackage(file, (word, rank) => rank < 10);
    expect(built.words).toEqual(['the', 'calm']);
    expect(built.dims).toBe(2);
    // unit length, int8-quantised
    const the = [built.data[0]! * built.scales[0]!, built.data[1]! * built.scales[0]!];
    expect(the[0]).toBeCloseTo(0.6, 2);
    expect(the[1]).toBeCloseTo(0.8, 2);
  });

  it('loads the package subset: frequent words and every vocabulary word, meaning intact', async () => {
    const wv = await loadWordVectors();
    expect(wv.dims).toBe(100);
    expect(wv.size).toBeGreaterThan(50_000);
    for (const w of ['the', 'relaxing', 'calm', 'piano', 'marimba', 'glockenspiel', 'reggaeton'])
      expect(wv.has(w)).toBe(true);
    expect(wv.get('zzqxjv')).toBeNull();
    const calm = wv.get('calm')!;
    expect(cosine(calm, calm)).toBeCloseTo(1, 2);
    expect(cosine(wv.get('relaxing')!, calm)).toBeGreaterThan(cosine(wv.get('aggressive')!, calm));
    expect(cosine(wv.get('beach')!, wv.get('summer')!)).toBeGreaterThan(cosine(wv.get('beach')!, wv.get('winter')!));
  });
});
