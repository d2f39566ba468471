import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  grade,
  keywordSearch,
  matches,
  meanNdcg,
  ndcgAt,
  validateQueries,
  type JudgedProduct,
  type LabelledQuery,
} from './relevance';

const product = (over: Partial<JudgedProduct> & { id: string }): JudgedProduct => ({
  type: 'music',
  title: over.id,
  artist: 'Someone',
  genres: [],
  subgenres: [],
  categories: [],
  moods: [],
  tags: [],
  instruments: [],
  keywords: [],
  description: '',
  bpm: 100,
  duration: 60,
  vocal: false,
  ...over,
});

const calmPiano = product({ id: 'calm-piano', moods: ['Peaceful'], instruments: ['piano'], bpm: 70 });
const ePiano = product({ id: 'e-piano', moods: ['Groovy'], tags: ['electric piano'], bpm: 110, vocal: true });
const reggaeton = product({ id: 'reggaeton', genres: ['Música Latina'], subgenres: ['Reggaetón'], bpm: 95 });
const rain = product({ id: 'rain', type: 'sfx', title: 'Rain On Leaves', categories: ['Nature'], bpm: null });

describe('matches (the rule language)', () => {
  it('a list matches any of its names, ignoring case and accents', () => {
    expect(matches(reggaeton, { subgenres: ['reggaeton'] })).toBe(true);
    expect(matches(reggaeton, { genres: ['musica latina', 'Pop'] })).toBe(true);
    expect(matches(reggaeton, { genres: ['Pop'] })).toBe(false);
  });

  it('fields of one condition must all hold; any, all and not combine conditions', () => {
    expect(matches(calmPiano, { instruments: ['piano'], moods: ['Peaceful'] })).toBe(true);
    expect(matches(calmPiano, { instruments: ['piano'], moods: ['Happy'] })).toBe(false);
    expect(matches(calmPiano, { any: [{ moods: ['Happy'] }, { bpm: { to: 80 } }] })).toBe(true);
    expect(matches(calmPiano, { all: [{ moods: ['Happy'] }, { bpm: { to: 80 } }] })).toBe(false);
    expect(matches(calmPiano, { not: { vocal: true } })).toBe(true);
    expect(matches(ePiano, { not: { vocal: true } })).toBe(false);
  });

  it('instruments are looked for in the instruments and the tags; titles by whole words', () => {
    expect(matches(ePiano, { instruments: ['electric piano'] })).toBe(true);
    expect(matches(ePiano, { instruments: ['piano'] })).toBe(false);
    expect(matches(rain, { title: ['rain'] })).toBe(true);
    expect(matches(rain, { title: ['on leaves'] })).toBe(true);
    expect(matches(rain, { title: ['rai'] })).toBe(false);
  });

  it('ranges are inclusive and a product without BPM fails a BPM range', () => {
    expect(matches(ePiano, { bpm: { from: 110, to: 110 } })).toBe(true);
    expect(matches(ePiano, { bpm: { from: 111 } })).toBe(false);
    expect(matches(rain, { bpm: { to: 1000 } })).toBe(false);
    expect(matches(rain, { duration: { from: 60 } })).toBe(true);
  });
});

describe('grade', () => {
  const relaxingPiano: Pick<LabelledQuery, 'relevant' | 'grade2' | 'type'> = {
    relevant: { any: [{ instruments: ['piano', 'electric piano'] }, { moods: ['Chill', 'Peaceful'] }] },
    grade2: { instruments: ['piano', 'electric piano'], moods: ['Chill', 'Peaceful'] },
  };
  it('2 when grade2 holds, 1 when only relevant does, 0 otherwise', () => {
    expect(grade(calmPiano, relaxingPiano)).toBe(2);
    expect(grade(ePiano, relaxingPiano)).toBe(1);
    expect(grade(reggaeton, relaxingPiano)).toBe(0);
  });
  it('a product of the other type is never relevant', () => {
    expect(grade(rain, { relevant: { categories: ['Nature'] } })).toBe(0);
    expect(grade(rain, { type: 'sfx', relevant: { categories: ['Nature'] } })).toBe(1);
  });
});

describe('ndcgAt', () => {
  it('is 1 for the ideal order and less for a worse one', () => {
    expect(ndcgAt(10, [2, 1, 0], [0, 1, 2])).toBeCloseTo(1);
    const swapped = ndcgAt(10, [1, 2, 0], [0, 1, 2])!;
    // DCG of [1,2] = 1/log2(2) + 3/log2(3); ideal [2,1] = 3 + 1/log2(3)
    expect(swapped).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)), 10);
  });
  it('counts only the first k answers against the best k of the catalogue', () => {
    expect(ndcgAt(1, [0, 2], [2, 2])).toBe(0);
    expect(ndcgAt(2, [2, 2, 2], [2, 2, 2, 2])).toBeCloseTo(1);
  });
  it('is 0 for no answers and null when nothing is relevant', () => {
    expect(ndcgAt(10, [], [1])).toBe(0);
    expect(ndcgAt(10, [0, 0], [0, 0, 0])).toBeNull();
  });
  it('meanNdcg averages the chosen queries', () => {
    const q = (category: LabelledQuery['category']) =>
      ({ id: category, query: 'x', language: 'en', category, relevant: {} }) as LabelledQuery;
    const scored = [
      { query: q('plain'), ndcg: 1 },
      { query: q('typo'), ndcg: 0.5 },
      { query: q('typo'), ndcg: 0 },
    ];
    expect(meanNdcg(scored)).toBeCloseTo(0.5);
    expect(meanNdcg(scored, (x) => x.category === 'typo')).toBeCloseTo(0.25);
    expect(meanNdcg(scored, (x) => x.category === 'paraphrased')).toBeNull();
  });
});

describe('keywordSearch (the baseline)', () => {
  const products = [
    product({ id: 'a', title: 'Quiet Piano', description: 'calm piano for study' }),
    product({ id: 'b', title: 'Loud Drums', tags: ['piano'] }),
    product({ id: 'c', title: 'Reggaetón Night', subgenres: ['Reggaetón'] }),
  ];
  it('ranks by the number of distinct query words found, then by title; stop words do not count', () => {
    expect(keywordSearch('calm piano for a study', products, 10)).toEqual(['a', 'b']);
    expect(keywordSearch('piano', products, 10)).toEqual(['b', 'a']);
    expect(keywordSearch('for a', products, 10)).toEqual([]);
  });
  it('has no typo tolerance and no accent folding', () => {
    expect(keywordSearch('pianno', products, 10)).toEqual([]);
    expect(keywordSearch('reggaeton', products, 10)).toEqual([]);
    expect(keywordSearch('reggaetón', products, 10)).toEqual(['c']);
  });
});

describe('the labelled set', () => {
  const { queries } = JSON.parse(readFileSync(new URL('./queries.json', import.meta.url), 'utf8')) as {
    queries: LabelledQuery[];
  };
  it('is sound and has the mix the issue asks for', () => {
    expect(validateQueries(queries)).toEqual([]);
    expect(queries.length).toBeGreaterThanOrEqual(100);
    expect(queries.filter((q) => q.language === 'pl').length).toBeGreaterThanOrEqual(25);
    for (const category of ['plain', 'descriptive', 'paraphrased', 'typo'])
      expect(queries.filter((q) => q.category === category).length).toBeGreaterThanOrEqual(10);
  });
  it('the development set is sound, a mix of both languages, types and categories, and shares no query', () => {
    const dev = (
      JSON.parse(readFileSync(new URL('./dev-queries.json', import.meta.url), 'utf8')) as { queries: LabelledQuery[] }
    ).queries;
    expect(validateQueries(dev)).toEqual([]);
    expect(dev.length).toBeGreaterThanOrEqual(60);
    expect(dev.filter((q) => q.language === 'pl').length).toBeGreaterThanOrEqual(15);
    expect(dev.filter((q) => q.type === 'sfx').length).toBeGreaterThanOrEqual(10);
    for (const category of ['plain', 'descriptive', 'paraphrased', 'typo'])
      expect(dev.filter((q) => q.category === category).length).toBeGreaterThanOrEqual(10);
    const labelled = new Set(queries.map((q) => q.query.toLowerCase()));
    expect(dev.filter((q) => labelled.has(q.query.toLowerCase()))).toEqual([]);
    expect(dev.filter((q) => queries.some((l) => l.id === q.id))).toEqual([]);
  });
  it('validateQueries names what is wrong', () => {
    const bad = [
      { id: 'x', query: '', language: 'de', category: 'odd', relevant: { colour: ['red'], any: [] } },
      { id: 'x', query: 'y', language: 'en', category: 'plain', relevant: { bpm: {}, vocal: 'yes' } },
    ] as unknown as LabelledQuery[];
    expect(validateQueries(bad)).toEqual([
      'x: empty query',
      'x: category must be plain, descriptive, paraphrased or typo',
      'x: language must be en or pl',
      'x.relevant: unknown key "colour"',
      'x.relevant.any: must be a non-empty list',
      'x: duplicate id',
      'x.relevant.bpm: a range needs from or to',
      'x.relevant.vocal: must be true or false',
    ]);
  });
});
