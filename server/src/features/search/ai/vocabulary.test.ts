import { describe, expect, it } from 'vitest';
import { englishBases, expandQueryTerm } from './query-terms';
import { normPhrase } from './text';
import { VOCABULARY, expandForm, expandWord, lookup } from './vocabulary';

const meaning = (phrase: string) => lookup(normPhrase(phrase))?.concepts.map((c) => c.key);

describe('vocabulary', () => {
  it('expands the compact notation: alternatives, hard and soft adjective endings, phrases', () => {
    expect(expandWord('bas{,u,em}')).toEqual(['bas', 'basu', 'basem']);
    expect(expandWord('spokojn{ADJ}')).toEqual(
      expect.arrayContaining(['spokojny', 'spokojna', 'spokojne', 'spokojnej', 'spokojną', 'spokojnym', 'spokojnych']),
    );
    expect(expandWord('szybk{ADJ}')).toEqual(
      expect.arrayContaining(['szybki', 'szybka', 'szybkie', 'szybkiej', 'szybką', 'szybkim', 'szybkich']),
    );
    expect(expandWord('szybk{ADJ}')).not.toContain('szybky');
    expect(expandForm('gitar{a,ą} akustyczn{ADJ}')).toEqual(
      expect.arrayContaining(['gitara akustyczna', 'gitara akustyczna', 'gitara akustyczny']),
    );
    expect(expandForm('Drum & Bass')).toEqual(['drum and bass']);
  });

  it.each([
    ['pianino', 'piano'],
    ['pianina', 'piano'],
    ['pianinem', 'piano'],
    ['fortepian', 'piano'],
    ['fortepianem', 'piano'],
    ['spokojna', 'calm'],
    ['spokojny', 'calm'],
    ['spokojne', 'calm'],
    ['spokojnej', 'calm'],
    ['spokojną', 'calm'],
    ['reklama', 'advertising'],
    ['reklamy', 'advertising'],
    ['reklamie', 'advertising'],
    ['reklamowy', 'advertising'],
    ['reklamowej', 'advertising'],
    ['gitara', 'guitar'],
    ['gitarą', 'guitar'],
    ['gitary', 'guitar'],
    ['gitarze', 'guitar'],
    ['gitara akustyczna', 'acousticguitar'],
    ['gitarą akustyczną', 'acousticguitar'],
    ['akustyczną gitarą', 'acousticguitar'],
    ['perkusja', 'drums'],
    ['perkusją', 'drums'],
    ['smyczki', 'strings'],
    ['skrzypce', 'strings'],
    ['wesoła', 'happy'],
    ['radosnej', 'happy'],
    ['smutna', 'sad'],
    ['mroczny', 'dark'],
    ['epicka', 'epic'],
    ['romantyczną', 'romantic'],
    ['energiczna', 'energetic'],
    ['tajemnicza', 'mysterious'],
    ['szybka', 'fast'],
    ['wolne', 'slow'],
    ['bez wokalu', 'instrumental'],
    ['bez śpiewu', 'instrumental'],
    ['z wokalem', 'vocal'],
    ['ślub', 'wedding'],
    ['ślubu', 'wedding'],
    ['wesele', 'wedding'],
    ['podróży', 'travel'],
    ['dla dzieci', 'kids'],
    ['medytacji', 'meditation'],
    ['gry', 'gaming'],
    ['relaxing', 'calm'],
    ['mellow', 'calm'],
    ['without vocals', 'instrumental'],
    ['no vocals', 'instrumental'],
    ['drum and bass', 'dnb'],
    ['hip hop', 'hiphop'],
    ['lo fi', 'lofi'],
    ['r&b', 'rnb'],
    ['808', '808'],
  ])('"%s" means %s', (phrase, key) => {
    expect(meaning(phrase)).toContain(key);
  });

  it('has unique concept keys, known broader concepts, and labels in both languages', () => {
    const keys = VOCABULARY.concepts.map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const c of VOCABULARY.concepts) {
      expect(c.label.en.length).toBeGreaterThan(0);
      expect(c.label.pl.length).toBeGreaterThan(0);
      expect(c.enForms.length).toBeGreaterThan(0);
      for (const a of c.also ?? []) expect(keys).toContain(a);
      if (c.kind === 'tempo') expect(c.bpm).toBeDefined();
    }
    expect(VOCABULARY.hash).toMatch(/^[0-9a-f]{10}$/);
  });
});

describe('expandQueryTerm', () => {
  it('gives the English words of Polish words and synonyms', () => {
    expect(expandQueryTerm('gitara')).toContain('guitar');
    expect(expandQueryTerm('gitarą')).toContain('guitar');
    expect(expandQueryTerm('pianinem')).toContain('piano');
    expect(expandQueryTerm('perkusja')).toContain('drums');
    expect(expandQueryTerm('reklamy')).toContain('advertising');
    expect(expandQueryTerm('spokojna')).toContain('calm');
    expect(expandQueryTerm('relaxing')).toContain('calm');
  });

  it('is empty for unknown words and odd input', () => {
    expect(expandQueryTerm('zxqv')).toEqual([]);
    expect(expandQueryTerm('')).toEqual([]);
    expect(expandQueryTerm('\0')).toEqual([]);
    expect(expandQueryTerm('x'.repeat(10_000))).toEqual([]);
    expect(expandQueryTerm('piano')).not.toContain('piano');
  });
});

describe('expandQueryTerm outside the listed forms', () => {
  it('reads other English inflections and other Polish cases of vocabulary words', () => {
    expect(expandQueryTerm('calming')).toContain('calm');
    expect(expandQueryTerm('chilled')).toContain('calm');
    expect(expandQueryTerm('grooves')).toContain('groovy');
    expect(expandQueryTerm('przepisami')).toContain('cooking');
    expect(englishBases('jogging')).toContain('jog');
    expect(englishBases('happily')).toContain('happy');
    expect(englishBases('bass')).toEqual([]);
  });

  it('corrects Polish typos only, and only words the catalogue does not have', () => {
    expect(expandQueryTerm('smycki')).toContain('strings');
    expect(expandQueryTerm('smycki', (w) => w === 'smycki')).toEqual([]);
    // English typos are the index's: it corrects them against the catalogue's own words
    expect(expandQueryTerm('sentimantal')).toEqual([]);
    expect(expandQueryTerm('hopp')).toEqual([]);
  });
});
