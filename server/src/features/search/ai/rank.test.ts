import { describe, expect, it } from 'vitest';
import type { Intent, SearchDoc } from '../search.types';
import { DOCS, TAXONOMY } from './dev-set.fixture';
import { embeddingText } from './document-text';
import { readIntent } from './intent';
import { closestWords, hardShareOf, scoreHit } from './rank';

const doc = (id: string) => DOCS.find((d) => d.id === id)!;
const intentOf = (prompt: string, ignore: string[] = []): Intent => readIntent(prompt, TAXONOMY, new Set(ignore));

describe('scoreHit', () => {
  it('mixes meaning with the share of soft wishes satisfied, and names the chips satisfied', () => {
    const intent = intentOf('relaxing piano');
    const both = scoreHit(doc('calm-piano'), intent, 0.5);
    const pianoOnly = scoreHit(doc('inspiring-piano'), intent, 0.5);
    const neither = scoreHit(doc('dnb-fast'), intent, 0.5);
    expect(both.chips).toEqual(['mood:calm', 'instrument:piano']);
    expect(pianoOnly.chips).toEqual(['instrument:piano']);
    expect(neither.chips).toEqual([]);
    expect(both.score).toBeGreaterThan(pianoOnly.score);
    expect(pianoOnly.score).toBeGreaterThan(neither.score);
    expect(scoreHit(doc('calm-piano'), intent, 0.9).score).toBeGreaterThan(both.score);
    for (const s of [both, pianoOnly, neither]) expect(s.score).toBeLessThanOrEqual(1);
  });

  it('matches instrument and use wishes in the product text, whole words only', () => {
    // "electric piano" satisfies piano; the lullaby's "pads" does not make "ipad" or such a match
    expect(scoreHit(doc('lofi'), intentOf('piano'), 0).chips).toEqual(['instrument:piano']);
    expect(scoreHit(doc('acoustic-pop'), intentOf('for a vlog'), 0).chips).toEqual(['use:vlog']);
    expect(scoreHit(doc('corporate'), intentOf('do reklamy'), 0).chips).toEqual(['use:advertising']);
  });

  it('finds a wish phrase as whole words in a row within one field, as the text is folded', () => {
    const plain = { ...doc('calm-piano'), id: 'x', moods: [], tags: [], instruments: [], keywords: [] };
    const wish = (words: string[]): Intent => ({
      language: 'en',
      chips: [],
      filters: {},
      wishes: [{ chipId: 'w', words }],
      remainder: '',
    });
    const satisfied = (d: SearchDoc, words: string[]) => scoreHit(d, wish(words), 0).chips.includes('w');
    const withText = (title: string, description: string) => ({ ...plain, title, description });
    expect(satisfied(withText('x', 'A short film about rain.'), ['cinema', 'Short Film'])).toBe(true);
    expect(satisfied(withText('x', 'A short-film, quiet.'), ['short film'])).toBe(true); // punctuation is no word
    expect(satisfied(withText('x', 'A shortfilm'), ['short film'])).toBe(false);
    expect(satisfied(withText('x', 'filmy stuff'), ['film'])).toBe(false);
    // the end of the title and the start of the description are two fields
    expect(satisfied(withText('Short', 'film music'), ['short film'])).toBe(false);
    expect(satisfied(withText('Drum & Bass Night', ''), ['drum and bass'])).toBe(true);
    expect(satisfied(withText('Żółta Łódź', ''), ['zolta lodz'])).toBe(true);
    // a phrase word no product had when it was first seen, in a product read afterwards
    expect(satisfied(withText('x', 'zyxwvut qrs'), ['zyxwvut qrs'])).toBe(true);
    expect(satisfied(withText('x', 'nothing here'), [])).toBe(false);
  });

  it('reports hard chips a product satisfies and keeps hard-only matches above zero', () => {
    const intent = intentOf('fast drum and bass without vocals');
    const hit = scoreHit(doc('dnb-fast'), intent, 0);
    expect(hit.chips).toEqual(['tempo:fast', 'subgenre:dnb', 'vocal:no']);
    expect(hit.score).toBeGreaterThan(0);
    expect(scoreHit(doc('dnb-vocal'), intent, 0).chips).toEqual(['tempo:fast', 'subgenre:dnb']);
    // all chips and no meaning: every product that passed the filters is equally good
    expect(scoreHit(doc('sfx-whoosh'), intentOf('whoosh'), 0).score).toBe(1);
    expect(scoreHit(doc('calm-piano'), intentOf('zxqv'), Number.NaN).score).toBe(0);
  });
});

describe('hardShareOf', () => {
  it('is the share of the prompt’s hard chips a product satisfies, for ranking when they are relaxed', () => {
    const intent = intentOf('fast drum and bass without vocals');
    expect(hardShareOf(intent)(doc('dnb-fast'))).toBe(1);
    expect(hardShareOf(intent)(doc('dnb-vocal'))).toBeCloseTo(2 / 3);
    expect(hardShareOf(intent)(doc('calm-piano'))).toBeLessThan(hardShareOf(intent)(doc('dnb-vocal')));
    expect(hardShareOf(intentOf('relaxing piano'))(doc('calm-piano'))).toBe(0); // soft chips only
  });
});

describe('closestWords', () => {
  const explainer = {
    explain: (_q: Float32Array, _d: Float32Array, k: number) => ['calm', 'piano', 'night'].slice(0, k),
  };

  it('shows a provider explanation as the product’s own words', () => {
    const words = closestWords(
      explainer,
      new Float32Array(3),
      doc('calm-piano'),
      'relaxing piano',
      new Float32Array(3),
    );
    expect(words).toEqual(['Chill', 'piano', 'night']);
  });

  it('without an explanation, gives the product words that share meaning or words with the prompt', () => {
    expect(closestWords({}, null, doc('calm-piano'), 'spokojna muzyka z pianinem')).toEqual([
      'Chill',
      'Peaceful',
      'piano',
      'Ambient & Chill',
      'relax',
    ]);
    const guitar = closestWords({}, null, doc('acoustic-pop'), 'gitara na wycieczkę');
    expect(guitar[0]).toBe('acoustic guitar');
    expect(guitar).toContain('travel');
    expect(guitar).not.toContain('Happy');
    expect(closestWords({}, null, doc('calm-piano'), 'zxqv')).toEqual([]);
    expect(closestWords({}, null, doc('calm-piano'), 'relaxing piano', null, 1)).toHaveLength(1);
  });
});

describe('embeddingText', () => {
  it('says what the product is, its tempo in words and numbers, and vocals', () => {
    const text = embeddingText(doc('calm-piano'));
    expect(text).toContain('Quiet Morning');
    expect(text).toContain('Genre: Ambient & Chill, Chillout.');
    expect(text).toContain('Mood: Chill, Peaceful.');
    expect(text).toContain('Instruments: piano, pads.');
    expect(text).toContain('Tempo: slow, 72 BPM.');
    expect(text).toContain('Instrumental.');
    expect(text).not.toContain('Test Artist');
    const sfx: SearchDoc = doc('sfx-whoosh');
    expect(embeddingText(sfx)).toContain('Sound effect: Whooshes.');
    expect(embeddingText(sfx)).not.toContain('BPM');
    expect(embeddingText(doc('dnb-vocal'))).toContain('With vocals.');
  });
});
