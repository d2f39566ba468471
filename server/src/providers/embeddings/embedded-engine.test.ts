import { describe, expect, it } from 'vitest';
import { createEmbeddedEmbeddings } from './embedded-engine';
import { EmbeddingsUnavailableError } from './embeddings';

const engine = createEmbeddedEmbeddings();
const embed = async (text: string) => (await engine.embed([text], { kind: 'query' }))[0]!;
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const top = (v: Float32Array, n = 3) =>
  [...v.keys()]
    .filter((d) => v[d]! > 0)
    .sort((a, b) => v[b]! - v[a]!)
    .slice(0, n)
    .map((d) => engine.label(d));

describe('embedded engine', () => {
  it('names its model after the vocabulary and method, and makes unit-length sparse vectors', async () => {
    expect(engine.model).toMatch(/^embedded-[0-9a-f]{10}$/);
    expect(createEmbeddedEmbeddings().model).toBe(engine.model);
    const v = await embed('calm piano for a wedding');
    expect(v).toHaveLength(engine.dimensions);
    expect(dot(v, v)).toBeCloseTo(1, 5);
    expect(v.filter((x) => x !== 0).length).toBeLessThan(engine.dimensions / 4);
  });

  it('reads Polish and English into the same concepts', async () => {
    const pl = await embed('spokojna muzyka z pianinem do reklamy');
    const en = await embed('calm music with piano for an advert');
    expect(dot(pl, en)).toBeGreaterThan(0.95);
    expect(top(pl)).toEqual(expect.arrayContaining(['Calm', 'Piano', 'Advertising']));
  });

  it('places words outside the vocabulary by their word vectors', async () => {
    expect(top(await embed('serene'), 1)).toEqual(['Peaceful']);
    expect(top(await embed('beach'), 1)).toEqual(['Summer']);
    expect(top(await embed('midnight'), 1)).toEqual(['Night']);
    expect(top(await embed('cheerful'), 1)).toEqual(['Happy']);
    // an antonym close in GloVe does not leak in
    expect(top(await embed('cheerful'))).not.toContain('Sad');
  });

  it('turns BPM numbers into tempo concepts and explains a match by shared concepts', async () => {
    expect(top(await embed('Tempo: 174 BPM'), 1)).toEqual(['Very fast']);
    expect(top(await embed('72 bpm'), 1)).toEqual(['Slow']);
    const q = await embed('relaxing piano');
    const d = await embed('Mood: Chill, Peaceful. Instruments: piano, pads. Tempo: slow, 72 BPM.');
    expect(engine.explain!(q, d, 2)).toEqual(['calm', 'piano']);
    expect(engine.explain!(q, d, 0)).toEqual([]);
  });

  it('gives a zero vector for text without meaning, and never throws on odd input', async () => {
    const [empty, junk, huge, nul] = await engine.embed(['', '<<<>>> ;; -- 123', 'calm '.repeat(5000), 'calm\0piano'], {
      kind: 'document',
    });
    expect(empty!.every((x) => x === 0)).toBe(true);
    expect(junk!.every((x) => x === 0)).toBe(true);
    expect(top(huge!, 1)).toEqual(['Calm']);
    expect(top(nul!, 2)).toEqual(expect.arrayContaining(['Calm', 'Piano']));
  });

  it('stops when aborted, and reports word vectors that cannot load as unavailable', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.embed(['calm'], { kind: 'query', signal: controller.signal })).rejects.toThrow();
    const broken = createEmbeddedEmbeddings({ wordVectors: () => Promise.reject(new Error('disk full')) });
    await expect(broken.embed(['calm'], { kind: 'query' })).rejects.toBeInstanceOf(EmbeddingsUnavailableError);
    await expect(broken.embed(['calm'], { kind: 'query' })).rejects.toThrow(/disk full/);
  });
});
