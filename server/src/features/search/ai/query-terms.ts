import { polishStemConcepts } from './polish-stems';
import { fold } from './text';
import { lookup, type Concept } from './vocabulary';
import { typoConcepts } from './vocabulary-typos';

/**
 * Standard search's bridge to the vocabulary (decision 059): the English words a Polish word or an
 * English synonym stands for, so "gitara" finds tracks tagged "guitar" and "pianinem" finds "piano"
 * in an English catalogue. A word the vocabulary does not list is tried as another inflection of a
 * Polish form ("randkę": polish-stems.ts) and then, unless the catalogue itself has the word
 * (`known`), as a misspelt Polish form ("smycki", "romantycna": vocabulary-typos.ts), since the
 * index's own typo matching only knows the catalogue's words. Empty when nothing fits.
 */
export function expandQueryTerm(token: string, known: (word: string) => boolean = () => false): string[] {
  const norm = fold(typeof token === 'string' ? token : '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  if (!norm || norm.length > 60) return [];
  const entry = lookup(norm);
  if (entry) return englishWords(entry.concepts, norm);
  if (norm.includes(' ')) return [];
  const stems = polishStemConcepts(norm);
  if (stems.length) return englishWords(stems, norm);
  for (const base of englishBases(norm)) {
    const inflected = lookup(base);
    if (inflected) return englishWords(inflected.concepts, norm);
  }
  // English misspellings are left to the index's own typo matching against the catalogue's words (it
  // weighs a typo below a translation); the vocabulary corrects what the catalogue cannot: Polish.
  if (known(norm)) return [];
  return englishWords(typoConcepts(norm, { polishOnly: true }), norm);
}

/** The concepts' names, then their first single-word English forms ("gitara" → guitar); at most four. */
function englishWords(concepts: Concept[], norm: string): string[] {
  const out: string[] = [];
  for (const c of concepts) {
    const label = c.label.en.toLowerCase();
    const forms = c.enForms.filter((f) => !f.includes(' ') && f !== `${label}s` && f !== `${label}es`);
    for (const w of [label, ...forms.slice(0, 2)]) if (w !== norm && !out.includes(w)) out.push(w);
  }
  return out.slice(0, 4);
}

/**
 * Base forms an English inflection may come from, most likely first ("calming" → calm, calme;
 * "soothed" → sooth, soothe; "grooves" → groove): for a word the vocabulary lists only in another form.
 * Stems shorter than three letters are not tried ("sing" is not "s").
 */
export function englishBases(word: string): string[] {
  const out: string[] = [];
  const add = (stem: string, ...tails: string[]) => {
    if (stem.length >= 3) for (const t of tails) out.push(stem + t);
  };
  for (const [suffix, tails] of [
    ['ing', ['', 'e']],
    ['ed', ['', 'e']],
    ['ies', ['y']],
    ['ily', ['y']],
    ['es', ['', 'e']],
    ['s', ['']],
    ['ly', ['']],
  ] as const) {
    if (!word.endsWith(suffix) || (word.endsWith(`s${suffix}`) && suffix === 's')) continue;
    const stem = word.slice(0, -suffix.length);
    add(stem, ...tails);
    // a doubled last consonant ("jogging" → jog, "chilled" → chill keeps both)
    if (/([b-df-hj-np-tv-z])\1$/.test(stem)) add(stem.slice(0, -1), '');
  }
  return [...new Set(out)];
}
