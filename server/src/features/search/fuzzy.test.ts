import { describe, expect, it } from 'vitest';
import { acrossWordBoundaries, editDistance } from './fuzzy';
import { promptTerms } from './search-index';
import { queryWords } from './search-text';

const catalogue = new Set(['afrobeat', 'hip', 'hop', 'soundtrack', 'sound', 'track', 'drum', 'bass', 'rock', 'roll']);
const has = (w: string) => catalogue.has(w);
const alternatives = (prompt: string) =>
  acrossWordBoundaries(promptTerms(`${prompt} `), has).map((t) => [t.word, ...(t.alternatives ?? [])]);

describe('typos across word boundaries', () => {
  it('joins two words the catalogue has as one, for both of them', () => {
    expect(alternatives('afro beat')).toEqual([
      ['afro', 'afrobeat'],
      ['beat', 'afrobeat'],
    ]);
  });

  it('splits a word the catalogue does not have into two it has', () => {
    expect(alternatives('hiphop')).toEqual([['hiphop', 'hip hop']]);
  });

  it('leaves correctly typed words alone and keeps earlier alternatives', () => {
    expect(alternatives('sound track')).toEqual([
      ['sound', 'soundtrack'],
      ['track', 'soundtrack'],
    ]);
    expect(alternatives('soundtrack')).toEqual([['soundtrack']]); // known: not split
    expect(alternatives('drum bass')).toEqual([['drum'], ['bass']]); // "drumbass" is not a word of the catalogue
    const terms = acrossWordBoundaries([{ word: 'afro', alternatives: ['x'] }, { word: 'beat' }], has);
    expect(terms[0]!.alternatives).toEqual(['x', 'afrobeat']);
  });

  it('does not split into tiny parts or read nonsense', () => {
    expect(alternatives('rockroll')).toEqual([['rockroll', 'rock roll']]);
    expect(alternatives('hipx')).toEqual([['hipx']]); // parts shorter than three letters
    expect(alternatives('zzzzzzzz')).toEqual([['zzzzzzzz']]);
    expect(acrossWordBoundaries([], has)).toEqual([]);
    expect(alternatives('x'.repeat(10_000))).toEqual([['x'.repeat(10_000)]]);
  });

  it('reads "n" as the "and" of "drum n bass"', () => {
    expect(queryWords('drum n bass')).toEqual(['drum', 'bass']);
  });
});

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit and gives up past the maximum', () => {
    expect(editDistance('electornic', 'electronic', 2)).toBe(1);
    expect(editDistance('pianno', 'piano', 1)).toBe(1);
    expect(editDistance('invoice', 'voice', 1)).toBe(2);
  });
});
