import { describe, expect, it } from 'vitest';
import { kthLargest, promptTerms, SearchIndex } from './search-index';
import type { SearchDoc } from './search.types';

/**
 * The matching shortcuts (every word from the rarest one's postings; all words but one) must find
 * exactly what matching every posting in full finds: "every word, else the most words, at least half".
 * A reference written the plain way is compared with the index on random catalogues and prompts.
 */

const VOCABULARY = [
  'piano',
  'guitar',
  'calm',
  'dark',
  'travel',
  'rain',
  'epic',
  'synth',
  'drums',
  'vlog',
  'night',
  'sun',
];

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomDoc(next: () => number, n: number): SearchDoc {
  // Common words in most products, rare ones in few, so both walks (rare → common, common → rare) run.
  const words = VOCABULARY.filter((_, i) => next() < 0.9 / (i + 1));
  const pick = () => words.filter(() => next() < 0.5);
  return {
    id: `p${n}`,
    type: next() < 0.8 ? 'music' : 'sfx',
    title: pick().join(' ') || `track ${n}`,
    artist: { id: 'a', name: 'Someone' },
    genres: [],
    subgenres: [],
    categories: [],
    moods: pick().map((w) => ({ id: w, name: w })),
    tags: pick().map((w) => ({ id: w, name: w })),
    instruments: pick(),
    keywords: [],
    description: words.join(' '),
    bpm: 100,
    duration: 120,
    vocal: false,
    releaseYear: 2020,
    rank: n,
    createdAt: n,
    seq: 1,
  };
}

/** The products with all prompt words, else with the most of them (at least half), the plain way. */
function reference(
  docs: SearchDoc[],
  prompt: string[],
  type: SearchDoc['type'],
  alternativesOf: (word: string) => string[] = () => [],
): string[] {
  const wordsOf = (d: SearchDoc) =>
    new Set(
      [d.title, d.description, ...d.instruments, ...d.moods.map((m) => m.name), ...d.tags.map((t) => t.name)]
        .join(' ')
        .split(/\s+/),
    );
  const cover = docs
    .filter((d) => d.type === type)
    .map((d) => {
      const own = wordsOf(d);
      return { id: d.id, n: prompt.filter((w) => [w, ...alternativesOf(w)].some((x) => own.has(x))).length };
    });
  const best = Math.max(0, ...cover.map((c) => c.n));
  if (best === 0) return [];
  const need = best === prompt.length ? best : Math.max(best, Math.ceil(prompt.length / 2));
  return cover
    .filter((c) => c.n >= need)
    .map((c) => c.id)
    .sort();
}

describe('search index matching', () => {
  it('finds what a full match of every posting finds, on random catalogues and prompts', () => {
    for (let round = 0; round < 20; round++) {
      const next = random(round + 1);
      const docs = Array.from({ length: 300 }, (_, n) => randomDoc(next, n));
      const index = new SearchIndex();
      for (const d of docs) index.upsert(d);
      // some products change or go, leaving stale postings behind
      for (let n = 0; n < 30; n++) index.upsert({ ...randomDoc(next, n * 7), seq: 2 });
      for (let n = 1; n < 300; n += 37) index.remove(`p${n}`);
      const live = [...index.documents()];
      for (let q = 0; q < 25; q++) {
        const length = 1 + Math.floor(next() * 4);
        const prompt = Array.from({ length }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!);
        const unique = [...new Set(prompt)];
        const type = next() < 0.8 ? 'music' : 'sfx';
        const result = index.query({
          // a trailing space: no word is still being typed, so no prefix matches
          terms: promptTerms(`${unique.join(' ')} `),
          filters: { type },
          sort: 'relevance',
          skip: 0,
          limit: 10_000,
        });
        const found = result.page.map((slot) => index.doc(slot)!.id).sort();
        expect({ prompt: unique, found }).toEqual({ prompt: unique, found: reference(live, unique, type) });
        expect(result.count).toBe(found.length);
      }
    }
  });

  it('answers from its kept word lists only while the catalogue is unchanged', () => {
    for (let round = 0; round < 10; round++) {
      const next = random(500 + round);
      const index = new SearchIndex();
      for (let n = 0; n < 200; n++) index.upsert(randomDoc(next, n));
      for (let q = 0; q < 40; q++) {
        // Between prompts a product changes, arrives or goes half of the time; prompts repeat words.
        if (next() < 0.5) {
          const n = Math.floor(next() * 260);
          if (next() < 0.3) index.remove(`p${n}`);
          else index.upsert({ ...randomDoc(next, n), seq: q + 2 });
        }
        const words = [
          ...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => VOCABULARY[Math.floor(next() * 6)]!)),
        ];
        const run = () =>
          index.query({
            terms: promptTerms(`${words.join(' ')} `),
            filters: { type: 'music' },
            sort: 'relevance',
            skip: 0,
            limit: 10_000,
          });
        const first = run();
        const found = first.page.map((slot) => index.doc(slot)!.id).sort();
        expect({ words, found }).toEqual({ words, found: reference([...index.documents()], words, 'music') });
        // The same prompt again (from the kept lists) ranks the same.
        expect(run().page).toEqual(first.page);
      }
    }
  });

  it('finds the same when words have alternatives (translations), whose postings interleave', () => {
    // each word also stands for its neighbour in the vocabulary
    const alternativesOf = (word: string) => [VOCABULARY[(VOCABULARY.indexOf(word) + 1) % VOCABULARY.length]!];
    for (let round = 0; round < 20; round++) {
      const next = random(100 + round);
      const docs = Array.from({ length: 400 }, (_, n) => randomDoc(next, n));
      const index = new SearchIndex();
      for (const d of docs) index.upsert(d);
      for (let q = 0; q < 25; q++) {
        const length = 1 + Math.floor(next() * 4);
        const words = [...new Set(Array.from({ length }, () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!))];
        const result = index.query({
          terms: promptTerms(`${words.join(' ')} `, alternativesOf),
          filters: { type: 'music' },
          sort: 'relevance',
          skip: 0,
          limit: 10_000,
        });
        const found = result.page.map((slot) => index.doc(slot)!.id).sort();
        expect({ words, found }).toEqual({ words, found: reference(docs, words, 'music', alternativesOf) });
      }
    }
  });

  it("gives AI search's word matches: the best products with at least so many of the words", () => {
    for (let round = 0; round < 3; round++) {
      const next = random(900 + round);
      const docs = Array.from({ length: 1000 }, (_, n) => randomDoc(next, n));
      const index = new SearchIndex();
      for (const d of docs) index.upsert(d);
      for (let q = 0; q < 20; q++) {
        const words = [
          ...new Set(Array.from({ length: 1 + Math.floor(next() * 4) }, () => VOCABULARY[Math.floor(next() * 8)]!)),
        ];
        const minWords = 1 + Math.floor(next() * words.length);
        if (words.length > 1 && minWords >= words.length) continue; // that is match()'s every-word path
        const terms = promptTerms(`${words.join(' ')} `);
        const all = [...index.lexicalScores(terms, 'music', 100_000, minWords)];
        // every product of the type with at least minWords of the words, and nothing else
        const wordsOf = (d: SearchDoc) =>
          new Set(
            [d.title, d.description, ...d.instruments, ...d.moods.map((m) => m.name), ...d.tags.map((t) => t.name)]
              .join(' ')
              .split(/\s+/),
          );
        const expected = docs
          .filter((d) => d.type === 'music' && words.filter((w) => wordsOf(d).has(w)).length >= minWords)
          .map((d) => d.id)
          .sort();
        expect(all.map(([slot]) => index.doc(slot)!.id).sort()).toEqual(expected);
        for (let i = 1; i < all.length; i++) expect(all[i - 1]![1]).toBeGreaterThanOrEqual(all[i]![1]);
        // the best k, chosen by threshold, are the first k of the whole ranking, in the same order
        for (const k of [1, 7, 100, 400]) {
          expect([...index.lexicalScores(terms, 'music', k, minWords)]).toEqual(all.slice(0, k));
        }
      }
      // the scratch is left clean: a word match after many others scores as on a fresh index
      const fresh = new SearchIndex();
      for (const d of docs) fresh.upsert(d);
      const terms = promptTerms('calm piano night ');
      expect([...index.lexicalScores(terms, 'music', 50, 1)]).toEqual([...fresh.lexicalScores(terms, 'music', 50, 1)]);
    }
  });

  it('pages by relevance as a full sort would: score, then popularity, then the alphabet', () => {
    for (let round = 0; round < 5; round++) {
      const next = random(300 + round);
      // few distinct ranks and titles: many ties of score and popularity
      const docs = Array.from({ length: 2500 }, (_, n) => ({
        ...randomDoc(next, n),
        rank: Math.floor(next() * 5),
        title: `t${Math.floor(next() * 50)}`,
      }));
      const index = new SearchIndex();
      for (const d of docs) index.upsert(d);
      for (let q = 0; q < 10; q++) {
        const words = [
          ...new Set(Array.from({ length: 1 + Math.floor(next() * 2) }, () => VOCABULARY[Math.floor(next() * 5)]!)),
        ];
        const run = (skip: number, limit: number) =>
          index.query({
            terms: promptTerms(`${words.join(' ')} `),
            filters: { type: 'music' },
            sort: 'relevance',
            skip,
            limit,
          }).page;
        const all = run(0, 100_000);
        for (let i = 1; i < all.length; i++) {
          const [a, b] = [index.doc(all[i - 1]!)!, index.doc(all[i]!)!];
          // same score (same words in the same fields) → popularity, then title
          if (a.description === b.description && a.title === b.title) expect(a.rank).toBeGreaterThanOrEqual(b.rank);
        }
        for (const [skip, limit] of [
          [0, 1],
          [0, 30],
          [30, 30],
          [7, 100],
        ] as const)
          expect(run(skip, limit)).toEqual(all.slice(skip, skip + limit));
      }
    }
  });

  it('selects the k-th largest value as sorting would', () => {
    const next = random(77);
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(next() * 300);
      // few distinct values: many ties
      const values = Float32Array.from({ length: n }, () => Math.floor(next() * (round % 2 ? 5 : 1000)) / 7);
      const sorted = [...values].sort((a, b) => b - a);
      const k = 1 + Math.floor(next() * n);
      expect(kthLargest(values.slice(), k)).toBe(sorted[k - 1]);
    }
  });

  it('ranks products with more of the words, and better fields, first', () => {
    const index = new SearchIndex();
    const base = randomDoc(random(9), 0);
    const plain = { ...base, title: 'x', description: '', instruments: [], moods: [], tags: [] };
    index.upsert({ ...plain, id: 'title', title: 'calm piano', rank: 0 });
    index.upsert({ ...plain, id: 'description', description: 'calm piano', rank: 5 });
    index.upsert({ ...plain, id: 'one-word', title: 'calm', rank: 9 });
    const result = index.query({
      terms: promptTerms('calm piano '),
      filters: { type: base.type },
      sort: 'relevance',
      skip: 0,
      limit: 10,
    });
    expect(result.page.map((slot) => index.doc(slot)!.id)).toEqual(['title', 'description']);
  });
});
