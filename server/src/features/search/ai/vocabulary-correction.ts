import { polishPhraseForm, polishStemForm } from './polish-stems';
import { tokenize } from './text';
import { STOP_WORDS_EN, STOP_WORDS_PL, vocabularyPhraseAt } from './vocabulary';
import { nearestVocabularyForms } from './vocabulary-typos';
import type { WordVectors } from './word-vectors';

/**
 * Before the intent reader sees an AI prompt, words that are a vocabulary word in disguise are
 * rewritten to it, so they become chips and meaning like the word itself:
 *
 * - another inflection of a Polish vocabulary word or phrase ("kuchnie" → kuchnia, "statku
 *   kosmicznego" → statek kosmiczny; polish-stems.ts);
 * - a misspelt vocabulary word, English or Polish ("electornic" → electronic, "romantycna" →
 *   romantyczna, "electrik" → electric of "electric guitar"; vocabulary-typos.ts), only when one
 *   spelling is nearest.
 *
 * A word is left as typed when it is a vocabulary form or part of a phrase, a stop word, a number,
 * shorter than five letters, a word of the catalogue (`known`: a title's "Kettle" is not a typo), or an
 * English word the word vectors know ("invoice" is a word, not a typo of "voice"; without vectors this
 * last check is skipped). The rewritten prompt keeps everything else byte for byte.
 */
export type VocabularyCorrection = { from: string; to: string; how: 'polish-stem' | 'typo' };

export function correctToVocabulary(
  prompt: string,
  opts: { known: (word: string) => boolean; wv: WordVectors | null },
): { text: string; corrections: VocabularyCorrection[] } {
  const text = typeof prompt === 'string' ? prompt : '';
  const tokens = tokenize(text, 400);
  const corrections: VocabularyCorrection[] = [];
  const replaced: { start: number; end: number; to: string }[] = [];
  let i = 0;
  while (i < tokens.length) {
    const phrase = vocabularyPhraseAt(tokens, i);
    if (phrase) {
      i += phrase;
      continue;
    }
    // another inflection of a Polish phrase of the vocabulary ("statku kosmicznego": statek kosmiczny)
    let inflected = 0;
    for (let len = Math.min(3, tokens.length - i); len >= 2 && !inflected; len--) {
      const span = tokens.slice(i, i + len);
      const form = polishPhraseForm(span.map((t) => t.norm));
      if (!form || span.some((t) => opts.known(t.norm))) continue;
      corrections.push({ from: text.slice(span[0]!.start, span[len - 1]!.end), to: form, how: 'polish-stem' });
      replaced.push({ start: span[0]!.start, end: span[len - 1]!.end, to: form });
      inflected = len;
    }
    if (inflected) {
      i += inflected;
      continue;
    }
    const token = tokens[i]!;
    i += 1;
    const word = token.norm;
    if (word.length < 5 || !/^[a-z]+$/.test(word) || STOP_WORDS_EN.has(word) || STOP_WORDS_PL.has(word)) continue;
    if (opts.known(word) || opts.wv?.has(word)) continue;
    const stemForm = polishStemForm(word);
    if (stemForm) {
      corrections.push({ from: token.raw, to: stemForm, how: 'polish-stem' });
      replaced.push({ start: token.start, end: token.end, to: stemForm });
      continue;
    }
    const forms = nearestVocabularyForms(word);
    if (forms.length === 1) {
      corrections.push({ from: token.raw, to: forms[0]!, how: 'typo' });
      replaced.push({ start: token.start, end: token.end, to: forms[0]! });
    }
  }
  let out = text;
  for (const r of replaced.reverse()) out = `${out.slice(0, r.start)}${r.to}${out.slice(r.end)}`;
  return { text: out, corrections };
}
