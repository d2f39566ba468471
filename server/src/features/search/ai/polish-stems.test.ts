import { describe, expect, it } from 'vitest';
import { polishPhraseForm, polishStem, polishStemConcepts } from './polish-stems';

const keys = (word: string) => polishStemConcepts(word).map((c) => c.key);

describe('polishStem', () => {
  it('cuts the longest inflectional ending that leaves a stem of four letters', () => {
    expect(polishStem('kuchnie')).toBe('kuchn');
    expect(polishStem('kuchnia')).toBe('kuchn');
    expect(polishStem('przepisami')).toBe('przepis');
    expect(polishStem('restauracjach')).toBe('restauracj');
    expect(polishStem('gotowaniem')).toBe('gotow');
    expect(polishStem('spokojnego')).toBe('spokojn');
  });

  it('drops the fleeting e of -ek and -ec, so all cases of a noun meet', () => {
    expect(polishStem('statek')).toBe(polishStem('statku'));
    expect(polishStem('dzwonek')).toBe(polishStem('dzwonkiem'));
    expect(polishStem('dreszczowiec')).toBe(polishStem('dreszczowca'));
  });

  it('keeps short words whole rather than cut them to stems shared by unrelated words', () => {
    expect(polishStem('gra')).toBe('gra');
    expect(polishStem('rapu')).toBe('rapu');
  });
});

describe('polishStemConcepts', () => {
  it('finds the concept of an inflection the vocabulary does not list', () => {
    // the vocabulary lists kuchnia/kuchnię/kuchnią, przepis/przepisy/przepisów, restauracja/-i/-ę
    expect(keys('kuchnie')).toContain('cooking');
    expect(keys('przepisami')).toContain('cooking');
    expect(keys('restauracjach')).toContain('cooking');
    expect(keys('samochodem')).toContain('roadtrip');
  });

  it('finds nothing for words without a vocabulary stem, short words and odd input', () => {
    expect(keys('podatkami')).toEqual([]); // taxes
    expect(keys('zxqvbnm')).toEqual([]);
    expect(keys('kot')).toEqual([]);
    expect(keys('')).toEqual([]);
    expect(keys('gitara; drop table')).toEqual([]);
    expect(keys('x'.repeat(10_000))).toEqual([]);
  });
});

describe('polishPhraseForm', () => {
  it('finds a vocabulary phrase from another inflection of each of its words', () => {
    expect(polishPhraseForm(['statku', 'kosmicznego'])).toBe('statek kosmiczny');
    expect(polishPhraseForm(['statkiem', 'kosmicznym'])).toBe('statek kosmiczny');
  });

  it('needs every word, in order, and words of letters', () => {
    expect(polishPhraseForm(['kosmicznego', 'statku'])).toBeNull();
    expect(polishPhraseForm(['statku'])).toBeNull();
    expect(polishPhraseForm(['statku', 'wodnego'])).toBeNull();
    expect(polishPhraseForm(['statku', 'k0smicznego'])).toBeNull();
    expect(polishPhraseForm([])).toBeNull();
  });
});
