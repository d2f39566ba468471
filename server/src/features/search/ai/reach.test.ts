import { beforeAll, describe, expect, it } from 'vitest';
import {
  blendReached,
  compoundVector,
  nearestVocabularyWords,
  reachPrompt,
  reachUnknownWords,
  reachVectors,
} from './reach';
import { lookup } from './vocabulary';
import { loadWordVectors, type WordVectors } from './word-vectors';

let wv: WordVectors;
beforeAll(async () => {
  wv = await loadWordVectors();
}, 120_000);

const reached = (text: string) => Object.fromEntries(reachUnknownWords(text, wv).map((r) => [r.word, r.words]));

describe('reaching the vocabulary from unknown words', () => {
  it('takes an English word outside the vocabulary to its nearest vocabulary words', () => {
    expect(nearestVocabularyWords(wv, 'mischievous')).toContain('playful');
    expect(nearestVocabularyWords(wv, 'calming')).toContain('soothing');
    expect(reached('a haunted castle')).toHaveProperty('haunted');
  });

  it('reads a compound the vectors cannot place through its two parts', () => {
    expect(nearestVocabularyWords(wv, 'stargazing')).toEqual([]);
    expect(compoundVector(wv, 'stargazing')).not.toBeNull();
    expect(reached('stargazing')['stargazing']?.length).toBeGreaterThan(0);
    // parts must be words of four letters or more: no compound in nonsense or short words
    expect(compoundVector(wv, 'xqzvyblorf')).toBeNull();
    expect(compoundVector(wv, 'cats')).toBeNull();
  });

  it('reaches only concepts of the catalogue searched', () => {
    const kindsOf = (word: string) => lookup(word)?.concepts.map((c) => c.kind) ?? [];
    for (const word of ['sprinting', 'stomping', 'tiptoe', 'rainstorm', 'swoosh']) {
      for (const w of nearestVocabularyWords(wv, word, 'music')) expect(kindsOf(w)).not.toContain('sfx');
      for (const w of nearestVocabularyWords(wv, word, 'sfx')) expect(kindsOf(w)).not.toContain('genre');
    }
    expect(nearestVocabularyWords(wv, 'stomping', 'sfx')).not.toEqual(nearestVocabularyWords(wv, 'stomping', 'music'));
  });

  it('reaches nothing from nonsense or from words far from music', () => {
    expect(nearestVocabularyWords(wv, 'xqzvy')).toEqual([]);
    expect(nearestVocabularyWords(wv, 'invoice')).toEqual([]);
    expect(nearestVocabularyWords(wv, 'photosynthesis')).toEqual([]);
    expect(nearestVocabularyWords(wv, 'carburetor')).toEqual([]);
    expect(reachUnknownWords('xqzvy blorf', wv)).toEqual([]);
    expect(reachUnknownWords('', wv)).toEqual([]);
    expect(reachUnknownWords('\0<>; -- %%', wv)).toEqual([]);
  });

  it('leaves vocabulary words, phrases, stop words and numbers alone', () => {
    expect(reachUnknownWords('calm piano for a wedding', wv)).toEqual([]);
    expect(reachUnknownWords('drum and bass at 170', wv)).toEqual([]);
    expect(reachUnknownWords('spokojna muzyka dla dzieci', wv)).toEqual([]);
  });

  it('hands the reached words out once, and blends them in at a lower weight', () => {
    const prompt = reachPrompt('mischievous mischievous cat', wv);
    expect(prompt.reachedText.split(' ')).toContain('playful');
    expect(prompt.reachedText.match(/playful/g)).toHaveLength(1);
    expect(reachPrompt('calm piano', wv).reachedText).toBe('');
    const own = new Float32Array([1, 0, 0]);
    const reached = new Float32Array([0, 1, 0]);
    const blended = blendReached(own, reached);
    expect(blended[0]).toBeGreaterThan(blended[1]!);
    expect(Math.hypot(...blended)).toBeCloseTo(1, 5);
    // the prompt's own words meant nothing: the reached words alone
    expect([...blendReached(new Float32Array(3), reached)]).toEqual([0, 1, 0]);
    expect(blendReached(own, undefined)).toBe(own);
    expect(blendReached(own, new Float32Array(5))).toBe(own); // wrong size: ignored
  });

  it('reads word vectors only for the embedded engine, and goes on without them', async () => {
    let asked = 0;
    const vectors = async () => {
      asked++;
      return wv;
    };
    expect(await reachVectors('openai:text-embedding-3-small', vectors)).toBeNull();
    expect(asked).toBe(0);
    expect(await reachVectors('embedded-abc', vectors)).toBe(wv);
    expect(await reachVectors('embedded-abc', () => Promise.reject(new Error('no cache')))).toBeNull();
    expect(reachPrompt('mischievous', null)).toEqual({ reachedText: '', reached: [] });
  });
});
