import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  dropUnknownFilterIds,
  filtersToSearchParams,
  normaliseRange,
  parseFilters,
  toProductQuery,
} from './filters';

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

describe('dropUnknownFilterIds', () => {
  const drop = (path: string, offered: Parameters<typeof dropUnknownFilterIds>[2]) => {
    const url = new URL(path, 'http://cuewave.test');
    return dropUnknownFilterIds(url, parseFilters(url.searchParams), offered);
  };

  it('keeps a URL whose ids the page offers', () => {
    const result = drop('/c/moods/happy?genre=pop,rock&skip=30', { genre: ['pop', 'rock', 'jazz'] });
    expect(result.redirectTo).toBeNull();
    expect(result.filters.genre).toEqual(['pop', 'rock']);
  });

  it('drops an unknown genre and keeps the other parameters', () => {
    const result = drop('/us/c/moods/happy?searchQuery=rain&genre=1,pop&vocal=true', { genre: ['pop'] });
    expect(result.filters.genre).toEqual(['pop']);
    expect(result.redirectTo).toBe('/us/c/moods/happy?searchQuery=rain&genre=pop&vocal=true');
    expect(drop('/c/moods/happy?genre=1', { genre: ['pop'] }).redirectTo).toBe('/c/moods/happy');
  });

  it('drops facets the page does not offer (the genre of a genre page is the page itself)', () => {
    const result = drop('/c/genres/pop?genre=rock&subgenre=x&mood=happy', { mood: ['happy'] });
    expect(result.filters).toMatchObject({ genre: [], subgenre: [], mood: ['happy'] });
    expect(result.redirectTo).toBe('/c/genres/pop?mood=happy');
  });

  it('keeps ids whose options could not be loaded', () => {
    expect(drop('/c/sfx?category=whoosh', { category: null }).redirectTo).toBeNull();
  });
});
