import { describe, expect, it } from 'vitest';
import { countActiveFilters, filtersToSearchParams, normaliseRange, parseFilters, toProductQuery } from './filters';

const parse = (qs: string) => parseFilters(new URLSearchParams(qs));

describe('parseFilters', () => {
  it('returns defaults for an empty query', () => {
    expect(parse('')).toEqual({ skip: 0, mood: [], genre: [], subgenre: [], category: [] });
  });

  it('reads every filter', () => {
    expect(
      parse(
        'skip=30&vocal=false&bpmFrom=90&bpmTo=120&durationFrom=30&durationTo=180&mood=happy,chill&genre=pop&subgenre=indie-pop&category=whoosh',
      ),
    ).toEqual({
      skip: 30,
      vocal: false,
      bpmFrom: 90,
      bpmTo: 120,
      durationFrom: 30,
      durationTo: 180,
      mood: ['happy', 'chill'],
      genre: ['pop'],
      subgenre: ['indie-pop'],
      category: ['whoosh'],
    });
  });

  it('drops bad values instead of failing', () => {
    expect(parse('skip=-3&vocal=maybe&bpmFrom=abc&bpmTo=&durationTo=Infinity&mood=Happy!,,ok&genre=<script>')).toEqual({
      skip: 0,
      mood: ['ok'],
      genre: [],
      subgenre: [],
      category: [],
    });
    expect(parse('skip=99999999').skip).toBe(0);
  });

  it('treats range ends equal to or beyond the bounds as unset (spec §5)', () => {
    expect(parse('bpmFrom=0&bpmTo=300&durationFrom=0&durationTo=500')).toEqual(parse(''));
    expect(parse('bpmTo=999&durationTo=501')).toEqual(parse(''));
    expect(parse('bpmFrom=0&bpmTo=140')).toMatchObject({ bpmTo: 140 });
    expect(parse('bpmFrom=0&bpmTo=140').bpmFrom).toBeUndefined();
  });

  it('orders a reversed range and rounds to whole numbers', () => {
    expect(parse('bpmFrom=150&bpmTo=90.4')).toMatchObject({ bpmFrom: 90, bpmTo: 150 });
  });

  it('lower-cases and de-duplicates ids', () => {
    expect(parse('mood=Happy,happy,chill').mood).toEqual(['happy', 'chill']);
  });
});

describe('filtersToSearchParams', () => {
  it('round-trips and leaves out defaults', () => {
    const qs = 'vocal=true&bpmFrom=80&durationTo=120&mood=happy%2Cchill&skip=60';
    expect(filtersToSearchParams(parse(qs)).toString()).toBe(qs);
    expect(filtersToSearchParams(parse('skip=0&bpmFrom=0&bpmTo=300')).toString()).toBe('');
  });
});

describe('normaliseRange', () => {
  it('clamps into the bounds', () => {
    expect(normaliseRange(-10, 50, { from: 0, to: 100 })).toEqual({ from: undefined, to: 50 });
    expect(normaliseRange(20, 200, { from: 0, to: 100 })).toEqual({ from: 20, to: undefined });
  });
});

describe('toProductQuery', () => {
  it("lets the page's own facet win over the URL", () => {
    const query = toProductQuery(parse('genre=rock&mood=happy&skip=30'), { genre: ['pop'] });
    expect(query).toMatchObject({ genre: ['pop'], mood: ['happy'], skip: 30 });
  });
});

describe('countActiveFilters', () => {
  it('counts ranges once and ids one by one', () => {
    expect(countActiveFilters(parse('bpmFrom=80&bpmTo=100&mood=a,b&vocal=true&skip=30'))).toBe(4);
  });
});
