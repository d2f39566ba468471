import { VOCABULARY, type Concept } from './vocabulary';

/**
 * Polish words the vocabulary lists in some forms but not in the one typed ("randkę" when it lists
 * "randka", "gotowaniu" when it lists "gotowanie"): both are cut to a stem by removing the longest
 * inflectional ending that leaves at least MIN_STEM letters, and equal stems meet. The vocabulary keeps
 * explicit forms (decision 059: exact and testable); this is only the fallback for a word none of them
 * matches, so a stripper's confusions cannot override a listed form. Works on folded text (no
 * diacritics: "ą" is "a", "ł" is "l").
 */

/** Shortest stem kept: shorter stems of different words collide too often ("gra", "gram", "grac"). */
const MIN_STEM = 4;

/**
 * Endings of Polish nouns, adjectives, adverbs and verbal nouns, folded; the longest that fits is cut.
 * Verb personal endings are left out: prompts name things and qualities, and cutting "-uje" would
 * merge unrelated words.
 */
const ENDINGS = [
  // verbal nouns and their cases (gotowanie, gotowania, gotowaniem, gotowaniu)
  'aniami',
  'eniami',
  'aniach',
  'eniach',
  'aniem',
  'eniem',
  'ania',
  'enia',
  'anie',
  'enie',
  'aniu',
  'eniu',
  // adjectives (spokojny, -ego, -ymi, …; soft: szybki, -iego, …), adverbs (-o, -ie)
  'iego',
  'iemu',
  'ego',
  'emu',
  'ymi',
  'imi',
  'ych',
  'ich',
  'iej',
  'ej',
  'ym',
  'im',
  // nouns: plural and singular cases (-iem, -iami… after k/g: statkiem, dzwonkami)
  'iami',
  'iach',
  'iem',
  'iom',
  'ami',
  'ach',
  'owie',
  'owi',
  'ow',
  'om',
  'em',
  'ia',
  'ie',
  'iu',
  'ii',
  'ij',
  'y',
  'a',
  'e',
  'i',
  'o',
  'u',
].sort((a, b) => b.length - a.length);

/**
 * The stem of a folded Polish word: the longest ending cut that leaves MIN_STEM letters, else the word;
 * then a fleeting "e" of -ek/-ec/-iec dropped, as declension drops it (statek → statku, dzwonek → dzwonka,
 * dreszczowiec → dreszczowca), so all forms meet on "statk", "dzwonk", "dreszczowc".
 */
export function polishStem(word: string): string {
  let stem = word;
  for (const ending of ENDINGS) {
    if (word.length - ending.length >= MIN_STEM && word.endsWith(ending)) {
      stem = word.slice(0, -ending.length);
      break;
    }
  }
  return stem.length > MIN_STEM ? stem.replace(/i?e([kc])$/, '$1') : stem;
}

let byStem: Map<string, Concept[]> | null = null;
let formOfStem: Map<string, string> | null = null;
/** multi-word Polish forms by the stems of their words ("statk kosmiczn" → statek kosmiczny) */
let phraseOfStems: Map<string, string> | null = null;

/** Every single-word Polish form of the vocabulary, by stem (built once: a few thousand forms, ~1 ms). */
function stems(): Map<string, Concept[]> {
  if (byStem) return byStem;
  byStem = new Map();
  formOfStem = new Map();
  phraseOfStems = new Map();
  for (const c of VOCABULARY.concepts) {
    for (const form of c.plForms) {
      if (form.includes(' ')) {
        const key = form.split(' ').map(polishStem).join(' ');
        if (!phraseOfStems.has(key)) phraseOfStems.set(key, form);
        continue;
      }
      if (form.length < MIN_STEM) continue;
      const stem = polishStem(form);
      if (!formOfStem.has(stem)) formOfStem.set(stem, form);
      const list = byStem.get(stem);
      if (!list) byStem.set(stem, [c]);
      else if (!list.includes(c)) list.push(c);
    }
  }
  return byStem;
}

/** Builds the stem tables now (the server calls it at start, so no search waits for them). */
export function preparePolishStems(): void {
  stems();
}

/**
 * The concepts a folded Polish word means through its stem, or [] when no vocabulary form shares it.
 * A word whose stem fits several concepts keeps them all (as a vocabulary word with several meanings does).
 */
export function polishStemConcepts(word: string): Concept[] {
  if (typeof word !== 'string' || word.length < MIN_STEM + 1 || !/^[a-z]+$/.test(word)) return [];
  return stems().get(polishStem(word)) ?? [];
}

/** A vocabulary form with the same stem as the folded word ("kuchnie" → kuchnia), or null. */
export function polishStemForm(word: string): string | null {
  if (polishStemConcepts(word).length === 0) return null;
  return formOfStem!.get(polishStem(word)) ?? null;
}

/**
 * A multi-word vocabulary form whose words have the same stems as these folded words, in order
 * ("statku kosmicznego" → statek kosmiczny), or null. Every word must be a word of letters.
 */
export function polishPhraseForm(words: string[]): string | null {
  if (words.length < 2 || words.some((w) => !/^[a-z]+$/.test(w))) return null;
  stems();
  return phraseOfStems!.get(words.map(polishStem).join(' ')) ?? null;
}
