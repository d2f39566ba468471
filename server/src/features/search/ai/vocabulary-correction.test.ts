import { beforeAll, describe, expect, it } from 'vitest';
import { correctToVocabulary } from './vocabulary-correction';
import { loadWordVectors, type WordVectors } from './word-vectors';

let wv: WordVectors;
beforeAll(async () => {
  wv = await loadWordVectors();
}, 120_000);

const none = () => false;

describe('correctToVocabulary', () => {
  it('rewrites misspelt vocabulary words and other Polish inflections, keeping the rest as typed', () => {
    expect(correctToVocabulary('Sentimantal piano, please!', { known: none, wv }).text).toBe(
      'sentimental piano, please!',
    );
    expect(correctToVocabulary('electornic dance', { known: none, wv }).text).toBe('electronic dance');
    // the nearest spelling may be a word of a phrase: electric (guitar), not the farther electro
    expect(correctToVocabulary('electrik guitar', { known: none, wv }).text).toBe('electric guitar');
    expect(correctToVocabulary('dźwięk statku kosmicznego', { known: none, wv }).text).toBe('dźwięk statek kosmiczny');
    const polish = correctToVocabulary('romantycna muzyka z przepisami', { known: none, wv });
    expect(polish.text).toBe('romantyczna muzyka z przepis');
    expect(polish.corrections).toEqual([
      { from: 'romantycna', to: 'romantyczna', how: 'typo' },
      { from: 'przepisami', to: 'przepis', how: 'polish-stem' },
    ]);
  });

  it('leaves vocabulary words, phrases, catalogue words, real English words and nonsense alone', () => {
    const same = (prompt: string, known: (w: string) => boolean = none) =>
      expect(correctToVocabulary(prompt, { known, wv }).text).toBe(prompt);
    same('calm piano for a wedding');
    same('drum and bass');
    same('spokojna muzyka dla dzieci');
    same('invoice'); // a word of its own, two edits from "voice"
    same('kettel whistle', (w) => w === 'kettel'); // the catalogue has it: a title word, not a typo
    same('xqzvwk blorfq');
    same('');
    same('jaz rok'); // too short to correct
    same('<b>\0</b> 120 bpm');
  });

  it('without word vectors still corrects, and is total on odd input', () => {
    expect(correctToVocabulary('sentimantal', { known: none, wv: null }).text).toBe('sentimental');
    expect(correctToVocabulary(undefined as unknown as string, { known: none, wv: null }).text).toBe('');
    const long = 'pianno '.repeat(2000);
    expect(correctToVocabulary(long, { known: none, wv }).text.length).toBeGreaterThan(0);
  });
});
