import { deletions, editDistance } from '../fuzzy';
import { VOCABULARY, type Concept } from './vocabulary';

/**
 * A misspelt vocabulary word ("sentimantal", "electornic", "smycki", "romantycna") still means its
 * concept: the single-word forms of the vocabulary (English and Polish) within one edit (two from 8
 * letters; a swap of neighbours is one edit) of the typed word. Found through one-deletion
 * neighbourhoods, as the search index finds its own typos (decision 058), so a lookup is a few dozen
 * map probes, not a scan. Only the closest spellings count, and only words of MIN_LENGTH letters or
 * more: shorter words are one edit away from too many others ("hopp" / "hope", "nowa" / "noca").
 */

const MIN_LENGTH = 5;
/** a typo that could be any of more concepts than this is too ambiguous to mean one */
const MAX_CONCEPTS = 3;

type Spelling = { concepts: Concept[]; english: boolean };
type Neighbourhood = { spellings: Map<string, Spelling>; byDeletion: Map<string, string[]> };
let built: Neighbourhood | null = null;

/**
 * Every word of the vocabulary's forms: a single-word form means its concepts; a word that only occurs
 * inside phrases ("electric" of "electric guitar") means none by itself but is still a spelling to
 * correct to, so "electrik" becomes "electric" rather than the farther "electro". Built once (~6,000
 * words, a few tens of milliseconds).
 */
function neighbourhood(): Neighbourhood {
  if (built) return built;
  const spellings = new Map<string, Spelling>();
  const byDeletion = new Map<string, string[]>();
  const add = (word: string, concept: Concept | null, english: boolean) => {
    if (word.length < MIN_LENGTH - 1 || !/^[a-z]+$/.test(word)) return;
    let spelling = spellings.get(word);
    if (!spelling) {
      spelling = { concepts: [], english: false };
      spellings.set(word, spelling);
      for (const d of deletions(word)) {
        const same = byDeletion.get(d);
        if (same) same.push(word);
        else byDeletion.set(d, [word]);
      }
    }
    if (concept && !spelling.concepts.includes(concept)) spelling.concepts.push(concept);
    if (english) spelling.english = true;
  };
  for (const c of VOCABULARY.concepts) {
    for (const [forms, english] of [
      [c.enForms, true],
      [c.plForms, false],
    ] as const) {
      for (const form of forms) {
        const words = form.split(' ');
        if (words.length === 1) add(form, c, english);
        else for (const w of words) add(w, null, english);
      }
    }
  }
  built = { spellings, byDeletion };
  return built;
}

/** Builds the spelling neighbourhood now (the server calls it at start, so no search waits for it). */
export function prepareVocabularyTypos(): void {
  neighbourhood();
}

/** The vocabulary forms nearest to a word the vocabulary does not have (none when it has it). */
export function nearestVocabularyForms(word: string): string[] {
  if (typeof word !== 'string' || word.length < MIN_LENGTH || !/^[a-z]+$/.test(word)) return [];
  const { spellings, byDeletion } = neighbourhood();
  if (spellings.has(word)) return [];
  const max = word.length >= 8 ? 2 : 1;
  const seen = new Set<string>();
  const probe = (key: string) => {
    if (spellings.has(key)) seen.add(key);
    for (const f of byDeletion.get(key) ?? []) seen.add(f);
  };
  probe(word);
  const first = deletions(word);
  for (const d of first) probe(d);
  if (max === 2) for (const d of first) for (const dd of deletions(d)) probe(dd);
  let best = max + 1;
  let found: string[] = [];
  for (const form of seen) {
    const distance = editDistance(word, form, max);
    if (distance < best) {
      best = distance;
      found = [form];
    } else if (distance === best) found.push(form);
  }
  return best <= max ? found.sort() : [];
}

/**
 * The concepts a misspelt vocabulary word means, or [] (no spelling close enough, the closest is only a
 * word of phrases, or too many meanings). `polishOnly`: only when every closest spelling is Polish —
 * for standard search, whose index corrects English typos against the catalogue's own words.
 */
export function typoConcepts(word: string, opts: { polishOnly?: boolean } = {}): Concept[] {
  const { spellings } = neighbourhood();
  const nearest = nearestVocabularyForms(word).map((f) => spellings.get(f)!);
  if (opts.polishOnly && nearest.some((s) => s.english)) return [];
  const concepts: Concept[] = [];
  for (const s of nearest) for (const c of s.concepts) if (!concepts.includes(c)) concepts.push(c);
  return concepts.length <= MAX_CONCEPTS ? concepts : [];
}
