import { describe, expect, it } from 'vitest';
import { nearestVocabularyForms, typoConcepts } from './vocabulary-typos';

const keys = (word: string) => typoConcepts(word).map((c) => c.key);

describe('vocabulary typos', () => {
  it('reads a misspelt English or Polish vocabulary word as its concept', () => {
    expect(keys('sentimantal')).toContain('sentimental'); // a wrong letter
    expect(keys('electornic')).toContain('electronic'); // neighbours swapped
    expect(keys('marimab')).toContain('marimba');
    expect(keys('smycki')).toContain('strings'); // smyczki, a letter missing
    expect(keys('romantycna')).toContain('romantic');
    expect(keys('saksofonn')).toContain('saxophone'); // a letter doubled
  });

  it('keeps only the closest forms', () => {
    expect(nearestVocabularyForms('marimab')).toEqual(['marimba']);
    expect(nearestVocabularyForms('electrik')).toEqual(['electric']);
  });

  it('for standard search, only Polish spellings (the index corrects English against the catalogue)', () => {
    expect(typoConcepts('smycki', { polishOnly: true }).map((c) => c.key)).toContain('strings');
    expect(typoConcepts('sentimantal', { polishOnly: true })).toEqual([]);
  });

  it('is precise: a vocabulary word, a short word, a word two edits from any form, nonsense', () => {
    expect(keys('piano')).toEqual([]); // not a typo at all
    expect(keys('jaz')).toEqual([]); // too short to correct (rap, pop, sad are one edit apart)
    expect(keys('hopp')).toEqual([]); // nor "hope": four letters are one edit from too much
    expect(keys('electrik')).toEqual([]); // nearest is "electric", only a word of phrases: no concept alone
    expect(keys('invoice')).toEqual([]); // two edits from "voice": only one allowed below 8 letters
    expect(keys('qxzvwk')).toEqual([]);
    expect(keys('')).toEqual([]);
    expect(keys('pi4no')).toEqual([]);
    expect(keys('x'.repeat(10_000))).toEqual([]);
  });
});
