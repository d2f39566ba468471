/**
 * The relevance rules of the labelled query set (queries.json) and the measures computed from them.
 * Pure functions: bench:search-quality feeds them the catalogue and the engines' answers; the unit test
 * (relevance.test.ts) checks them on a hand-made catalogue.
 *
 * A rule describes a kind of product rather than naming ids, so the set survives a rebuilt catalogue:
 *
 *   Condition = {
 *     type?: "music" | "sfx",
 *     genres?, subgenres?, categories?, moods?, tags?: string[]   — any of the names (case and accents ignored)
 *     instruments?: string[]   — any of them in the product's instruments or tags
 *     title?: string[]         — any of these words (or phrases) in the title
 *     bpm?: { from?, to? }, duration?: { from?, to? }   — inclusive; a product without BPM fails a bpm range
 *     vocal?: boolean
 *     any?: Condition[], all?: Condition[], not?: Condition
 *   }
 * Every field present must hold (and); a list matches when the product has any of its values (or).
 * A query's judgement: grade 2 (fully relevant) when `grade2` matches, else 1 (partly) when `relevant`
 * matches, else 0.
 */

export type NumberRange = { from?: number; to?: number };

export type Condition = {
  type?: 'music' | 'sfx';
  genres?: string[];
  subgenres?: string[];
  categories?: string[];
  moods?: string[];
  tags?: string[];
  instruments?: string[];
  title?: string[];
  bpm?: NumberRange;
  duration?: NumberRange;
  vocal?: boolean;
  any?: Condition[];
  all?: Condition[];
  not?: Condition;
};

export type Category = 'plain' | 'descriptive' | 'paraphrased' | 'typo';
export type Language = 'en' | 'pl';

export type LabelledQuery = {
  id: string;
  query: string;
  language: Language;
  category: Category;
  /** The catalogue searched (the request's `type`); music unless said. */
  type?: 'music' | 'sfx';
  relevant: Condition;
  grade2?: Condition;
  /** Why the rules say what they say, for a reviewer. */
  note?: string;
};

/** What the judgement and the keyword baseline read of a product. */
export type JudgedProduct = {
  id: string;
  type: 'music' | 'sfx';
  title: string;
  artist: string;
  genres: string[];
  subgenres: string[];
  categories: string[];
  moods: string[];
  tags: string[];
  instruments: string[];
  keywords: string[];
  description: string;
  bpm: number | null;
  duration: number;
  vocal: boolean;
};

const CONDITION_KEYS = new Set([
  'type',
  'genres',
  'subgenres',
  'categories',
  'moods',
  'tags',
  'instruments',
  'title',
  'bpm',
  'duration',
  'vocal',
  'any',
  'all',
  'not',
]);

/** Lower case, accents removed, so "Reggaetón" and "reggaeton" are the same name. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const hasAny = (have: string[], want: string[]) => {
  const set = new Set(have.map(fold));
  return want.some((w) => set.has(fold(w)));
};
const inRange = (value: number | null, range: NumberRange) =>
  value !== null && (range.from === undefined || value >= range.from) && (range.to === undefined || value <= range.to);
const titleHas = (title: string, words: string[]) => {
  const padded = ` ${tokens(fold(title)).join(' ')} `;
  return words.some((w) => padded.includes(` ${tokens(fold(w)).join(' ')} `));
};

export function matches(product: JudgedProduct, c: Condition): boolean {
  if (c.type !== undefined && product.type !== c.type) return false;
  if (c.genres && !hasAny(product.genres, c.genres)) return false;
  if (c.subgenres && !hasAny(product.subgenres, c.subgenres)) return false;
  if (c.categories && !hasAny(product.categories, c.categories)) return false;
  if (c.moods && !hasAny(product.moods, c.moods)) return false;
  if (c.tags && !hasAny(product.tags, c.tags)) return false;
  if (c.instruments && !hasAny([...product.instruments, ...product.tags], c.instruments)) return false;
  if (c.title && !titleHas(product.title, c.title)) return false;
  if (c.bpm && !inRange(product.bpm, c.bpm)) return false;
  if (c.duration && !inRange(product.duration, c.duration)) return false;
  if (c.vocal !== undefined && product.vocal !== c.vocal) return false;
  if (c.any && !c.any.some((sub) => matches(product, sub))) return false;
  if (c.all && !c.all.every((sub) => matches(product, sub))) return false;
  if (c.not && matches(product, c.not)) return false;
  return true;
}

/** 2 fully relevant, 1 partly, 0 not. */
export function grade(product: JudgedProduct, query: Pick<LabelledQuery, 'relevant' | 'grade2' | 'type'>): number {
  if (product.type !== (query.type ?? 'music')) return 0;
  if (query.grade2 && matches(product, query.grade2)) return 2;
  return matches(product, query.relevant) ? 1 : 0;
}

/**
 * nDCG@k with gains 2^grade − 1 and a log2 discount; the ideal ranking is the best k grades of the whole
 * catalogue. Answers null when nothing in the catalogue is relevant (the query cannot be scored).
 */
export function ndcgAt(k: number, rankedGrades: number[], allGrades: number[]): number | null {
  const dcg = (grades: number[]) =>
    grades.slice(0, k).reduce((sum, g, i) => sum + (Math.pow(2, g) - 1) / Math.log2(i + 2), 0);
  const ideal = dcg([...allGrades].sort((a, b) => b - a));
  if (ideal === 0) return null;
  return dcg(rankedGrades) / ideal;
}

/** Words of a text: letters and digits (any script), lower case; accents kept (the baseline does not fold). */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

// Words too common to mean anything; without this list "for" and "a" match half the descriptions.
const STOPWORDS = new Set(
  (
    'a an and the of for to in on with without at by from or is it its my me i some any ' +
    'do na w z ze i oraz lub bez dla od po pod przy o a to jak jakiś jakaś coś'
  ).split(' '),
);

/** The searchable text of a product, as the keyword baseline reads it. */
export function productText(p: JudgedProduct): string {
  return [
    p.title,
    p.artist,
    ...p.genres,
    ...p.subgenres,
    ...p.categories,
    ...p.moods,
    ...p.tags,
    ...p.instruments,
    ...p.keywords,
    p.description,
  ].join(' ');
}

/**
 * The plain keyword baseline: a product scores the number of distinct query words found among its own
 * words (no stemming, no typo tolerance, no accent folding, no translation); ties go by title. Products
 * scoring 0 are not returned.
 */
export function keywordSearch(
  query: string,
  products: JudgedProduct[],
  limit: number,
  textOf: (p: JudgedProduct) => Set<string> = (p) => new Set(tokens(productText(p))),
): string[] {
  const words = [...new Set(tokens(query))].filter((w) => !STOPWORDS.has(w));
  if (words.length === 0) return [];
  return products
    .map((p) => {
      const text = textOf(p);
      return { p, score: words.filter((w) => text.has(w)).length };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.p.title.localeCompare(b.p.title) || a.p.id.localeCompare(b.p.id))
    .slice(0, limit)
    .map((s) => s.p.id);
}

/** Problems in the labelled set's shape (unknown keys, wrong types), named by query id; empty when sound. */
export function validateQueries(queries: LabelledQuery[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const checkCondition = (where: string, c: unknown): void => {
    if (typeof c !== 'object' || c === null || Array.isArray(c)) {
      problems.push(`${where}: a condition must be an object`);
      return;
    }
    for (const [key, value] of Object.entries(c)) {
      if (!CONDITION_KEYS.has(key)) problems.push(`${where}: unknown key "${key}"`);
      else if (key === 'any' || key === 'all') {
        if (!Array.isArray(value) || value.length === 0) problems.push(`${where}.${key}: must be a non-empty list`);
        else value.forEach((sub, i) => checkCondition(`${where}.${key}[${i}]`, sub));
      } else if (key === 'not') checkCondition(`${where}.not`, value);
      else if (key === 'bpm' || key === 'duration') {
        const r = value as NumberRange;
        if (typeof r !== 'object' || r === null || (r.from === undefined && r.to === undefined))
          problems.push(`${where}.${key}: a range needs from or to`);
      } else if (key === 'vocal') {
        if (typeof value !== 'boolean') problems.push(`${where}.vocal: must be true or false`);
      } else if (key === 'type') {
        if (value !== 'music' && value !== 'sfx') problems.push(`${where}.type: music or sfx`);
      } else if (!Array.isArray(value) || value.length === 0 || value.some((v) => typeof v !== 'string'))
        problems.push(`${where}.${key}: must be a non-empty list of names`);
    }
  };
  for (const q of queries) {
    if (ids.has(q.id)) problems.push(`${q.id}: duplicate id`);
    ids.add(q.id);
    if (!q.query?.trim()) problems.push(`${q.id}: empty query`);
    if (!['plain', 'descriptive', 'paraphrased', 'typo'].includes(q.category))
      problems.push(`${q.id}: category must be plain, descriptive, paraphrased or typo`);
    if (q.language !== 'en' && q.language !== 'pl') problems.push(`${q.id}: language must be en or pl`);
    checkCondition(`${q.id}.relevant`, q.relevant);
    if (q.grade2 !== undefined) checkCondition(`${q.id}.grade2`, q.grade2);
  }
  return problems;
}

export type Scored = { query: LabelledQuery; ndcg: number };

/** Mean nDCG of the scored queries that pass `pick` (null when none do). */
export function meanNdcg(scored: Scored[], pick: (q: LabelledQuery) => boolean = () => true): number | null {
  const chosen = scored.filter((s) => pick(s.query));
  if (chosen.length === 0) return null;
  return chosen.reduce((sum, s) => sum + s.ndcg, 0) / chosen.length;
}
