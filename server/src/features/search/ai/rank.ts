import type { Embeddings } from '../../../providers/embeddings/embeddings';
import type { Intent, SearchDoc } from '../search.types';
import { fold, normPhrase, tokenize } from './text';
import { VOCABULARY, lookup, type Concept } from './vocabulary';

/**
 * How an AI result is scored and explained (decision 059). A product has already passed the hard
 * chips (the filters); its score mixes how close it is in meaning to the rest of the prompt with the
 * share of soft wishes (moods, instruments, uses) it satisfies, so "relaxing piano" puts calm piano
 * tracks first and then calm tracks and piano tracks, before anything merely related.
 */

/** Weight of meaning against satisfied wishes when both are present. */
const MEANING = 0.55;

/** The score of a product that only satisfies the hard chips. */
const HARD_ONLY = 0.001;

const HARD_KINDS = new Set(['type', 'genre', 'subgenre', 'category', 'vocal', 'instrumental', 'tempo', 'duration']);

/**
 * The words of products' phrase texts and of wishes' phrases, numbered once per process (0 marks the
 * boundary of two fields, so that a phrase never spans two). A wish's phrases are then looked for in a
 * product's word numbers rather than by a regular expression over its text: an AI query tests a
 * thousand or two products against each wish, and the expression's alternatives of a dozen phrases
 * each cost a pass over a text of hundreds of letters.
 */
const wordNumbers = new Map<string, number>();
const FIELD_BREAK = 0;

function wordNumber(word: string): number {
  let n = wordNumbers.get(word);
  if (n === undefined) {
    n = wordNumbers.size + 1;
    wordNumbers.set(word, n);
  }
  return n;
}

const docWordNumbers = new WeakMap<SearchDoc, Int32Array>();

/** The product's words (normalised as normPhrase() does), numbered, fields separated by FIELD_BREAK. */
function wordsOf(doc: SearchDoc): Int32Array {
  let numbers = docWordNumbers.get(doc);
  if (numbers === undefined) {
    const parts = [
      doc.title,
      ...doc.genres.map((g) => g.name),
      ...doc.subgenres.map((g) => g.name),
      ...doc.categories.map((g) => g.name),
      ...doc.moods.map((m) => m.name),
      ...doc.tags.map((t) => t.name),
      ...doc.instruments,
      ...doc.keywords,
      doc.description,
    ];
    // normPhrase() of each part, folded in one pass over the whole text because every product's words
    // are prepared at start (prepareDocTexts); a line break ends a field.
    const text = fold(parts.join('\n')).replace(/&/g, ' and ');
    const out: number[] = [];
    for (const m of text.matchAll(/[a-z0-9]+|\n/g)) out.push(m[0] === '\n' ? FIELD_BREAK : wordNumber(m[0]));
    numbers = Int32Array.from(out);
    docWordNumbers.set(doc, numbers);
  }
  return numbers;
}

/**
 * Prepares the phrase words of every product up front (the server calls it once its index is loaded):
 * an AI query scores a thousand or two products, and building a product's words on first touch made
 * the first queries after a start pay for most of the catalogue.
 */
export function prepareDocTexts(docs: Iterable<SearchDoc>): void {
  for (const doc of docs) wordsOf(doc);
}

function inRange(value: number | null, r: { from?: number; to?: number } | undefined): boolean {
  if (!r) return true;
  if (value === null) return false;
  return (r.from === undefined || value >= r.from) && (r.to === undefined || value <= r.to);
}

function has(refs: { id: string }[], ids: string[] | undefined): boolean {
  return !!ids && refs.some((r) => ids.includes(r.id));
}

function hardSatisfied(doc: SearchDoc, intent: Intent, kind: string): boolean {
  const f = intent.filters;
  switch (kind) {
    case 'type':
      return f.type === undefined || doc.type === f.type;
    case 'genre':
      return has(doc.genres, f.genres);
    case 'subgenre':
      return has(doc.subgenres, f.subGenres);
    case 'category':
      return has(doc.categories, f.categories);
    case 'vocal':
    case 'instrumental':
      return f.vocal === undefined || doc.vocal === f.vocal;
    case 'tempo':
      return inRange(doc.bpm, f.bpm);
    case 'duration':
      return inRange(doc.duration, f.duration);
    default:
      return false;
  }
}

/** A wish's phrases as word numbers: which numbers start one, and the phrases by their first word. */
type PhraseSet = { starts: Uint8Array; byFirst: Map<number, Int32Array[]> };

/** Each wish's phrases, numbered once per query (a query scores thousands of products). */
const wishPhrases = new WeakMap<Intent['wishes'][number], PhraseSet | null>();

function phrasesOf(wish: Intent['wishes'][number]): PhraseSet | null {
  let set = wishPhrases.get(wish);
  if (set === undefined) {
    const phrases = (wish.words ?? []).map((w) => normPhrase(w)).filter((n) => n.length > 1);
    // A phrase word no product has yet is numbered too, so a product indexed later still finds it.
    const numbered = phrases.map((p) => Int32Array.from(p.split(' '), wordNumber));
    const byFirst = new Map<number, Int32Array[]>();
    for (const p of numbered) byFirst.set(p[0]!, [...(byFirst.get(p[0]!) ?? []), p]);
    const starts = new Uint8Array(wordNumbers.size + 1);
    for (const first of byFirst.keys()) starts[first] = 1;
    set = numbered.length ? { starts, byFirst } : null;
    wishPhrases.set(wish, set);
  }
  return set;
}

/** Whether one of the phrases occurs in the words, whole words in a row within one field. */
function hasPhrase(words: Int32Array, { starts, byFirst }: PhraseSet): boolean {
  for (let i = 0; i < words.length; i++) {
    // words numbered after the wish (other products) cannot start one of its phrases
    if (starts[words[i]!] !== 1) continue;
    for (const phrase of byFirst.get(words[i]!)!) {
      if (i + phrase.length > words.length) continue;
      let j = 1;
      while (j < phrase.length && words[i + j] === phrase[j]) j++;
      if (j === phrase.length) return true;
    }
  }
  return false;
}

function wishSatisfied(doc: SearchDoc, wish: Intent['wishes'][number]): boolean {
  if (wish.moods?.length && doc.moods.some((m) => wish.moods!.includes(m.id))) return true;
  const phrases = phrasesOf(wish);
  return phrases !== null && hasPhrase(wordsOf(doc), phrases);
}

/**
 * The score of one result (0..1) and the ids of the chips it satisfies. `similarity` is the cosine of
 * the prompt's remainder and the product (0 when the remainder is empty).
 */
export function scoreHit(doc: SearchDoc, intent: Intent, similarity: number): { score: number; chips: string[] } {
  const chips: string[] = [];
  for (const chip of intent.chips) {
    if (HARD_KINDS.has(chip.kind) && hardSatisfied(doc, intent, chip.kind)) chips.push(chip.id);
  }
  let satisfied = 0;
  for (const wish of intent.wishes) {
    if (wishSatisfied(doc, wish)) {
      satisfied++;
      chips.push(wish.chipId);
    }
  }
  const sim = Number.isFinite(similarity) ? Math.min(1, Math.max(0, similarity)) : 0;
  const hasMeaning = intent.remainder.trim().length > 0;
  let score: number;
  if (!intent.wishes.length) score = hasMeaning ? sim : 1;
  else {
    const share = satisfied / intent.wishes.length;
    score = hasMeaning ? MEANING * sim + (1 - MEANING) * share : share;
  }
  // a product that satisfies hard chips is an answer even when the rest of the prompt meant nothing to
  // it ("drum and bass under two minutes zxqv"): it stays, after everything the meaning reached
  if (score <= 0 && chips.length) score = HARD_ONLY;
  return { score, chips };
}

/**
 * The share of the prompt's hard chips (genre, tempo, vocals…) a product satisfies, for ranking when
 * those chips together leave nothing and AI search relaxes them (ai-search.ts): the products that
 * satisfy more of them come first (one function per intent: the chips are looked at once). 0 without hard chips.
 */
export function hardShareOf(intent: Intent): (doc: SearchDoc) => number {
  const kinds = intent.chips.filter((chip) => HARD_KINDS.has(chip.kind)).map((chip) => chip.kind);
  if (!kinds.length) return () => 0;
  return (doc) => {
    let satisfied = 0;
    for (const kind of kinds) if (hardSatisfied(doc, intent, kind)) satisfied++;
    return satisfied / kinds.length;
  };
}

/** The product's own words (moods, instruments, genre names, tags, keywords). */
function docWords(doc: SearchDoc): string[] {
  return [
    ...doc.moods.map((m) => m.name),
    ...doc.instruments,
    ...doc.subgenres.map((g) => g.name),
    ...doc.genres.map((g) => g.name),
    ...doc.categories.map((g) => g.name),
    ...doc.tags.map((t) => t.name),
    ...doc.keywords,
  ];
}

/** The concepts a text names through the vocabulary, with their broader ones (acoustic guitar → guitar). */
function conceptsOf(text: string): Set<Concept> {
  const out = new Set<Concept>();
  const tokens = tokenize(text, 400);
  for (let i = 0; i < tokens.length; i++) {
    for (let len = Math.min(VOCABULARY.maxPhrase, tokens.length - i); len >= 1; len--) {
      const entry = lookup(
        tokens
          .slice(i, i + len)
          .map((t) => t.norm)
          .join(' '),
      );
      if (!entry) continue;
      for (const c of entry.concepts) {
        out.add(c);
        for (const key of c.also ?? []) out.add(VOCABULARY.byKey.get(key)!);
      }
      i += len - 1;
      break;
    }
  }
  return out;
}

const labelToConcept = new Map(VOCABULARY.concepts.map((c) => [c.label.en.toLowerCase(), c]));

/**
 * The product's words closest in meaning to the prompt, best first (SearchExplanation.closest).
 *
 * - A provider that explains (the embedded engine), with both vectors: its strongest shared concepts,
 *   each shown as the product's own word for it when it has one ("Chill" for calm).
 * - With the query vector only: the query's concepts, strongest first, as the product's words for them.
 * - Otherwise (an external model): the product's words that share a vocabulary concept or a word with
 *   the prompt.
 */
export function closestWords(
  embeddings: Pick<Embeddings, 'explain'>,
  query: Float32Array | null,
  doc: SearchDoc,
  prompt: string,
  docVector?: Float32Array | null,
  k = 5,
): string[] {
  const words = docWords(doc);
  const wordConcepts = words.map((w) => [w, conceptsOf(w)] as const);
  const out: string[] = [];
  const add = (w: string) => {
    if (out.length < k && !out.some((o) => o.toLowerCase() === w.toLowerCase())) out.push(w);
  };
  const ownWordFor = (concept: Concept) => wordConcepts.find(([, cs]) => cs.has(concept))?.[0];

  if (embeddings.explain && query && docVector) {
    for (const label of embeddings.explain(query, docVector, k * 2)) {
      const concept = labelToConcept.get(label);
      add((concept && ownWordFor(concept)) ?? label);
    }
    if (out.length) return out;
  }
  if (embeddings.explain && query && query.length === VOCABULARY.concepts.length) {
    const strongest = [...query.keys()].filter((d) => query[d]! > 0).sort((a, b) => query[b]! - query[a]!);
    for (const d of strongest) {
      const own = ownWordFor(VOCABULARY.concepts[d]!);
      if (own) add(own);
    }
    if (out.length) return out;
  }
  const promptConcepts = conceptsOf(prompt);
  const promptWords = new Set(tokenize(prompt, 400).map((t) => t.norm));
  for (const [w, cs] of wordConcepts) {
    const shares = [...cs].some((c) => promptConcepts.has(c)) || tokenize(w, 20).some((t) => promptWords.has(t.norm));
    if (shares) add(w);
  }
  return out;
}
