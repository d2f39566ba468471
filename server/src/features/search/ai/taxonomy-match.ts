import type { NamedRef } from '@cuewave/contract/catalog';
import type { SearchTaxonomy } from '../search.types';
import type { Concept } from './vocabulary';
import { normPhrase, singular } from './text';

/**
 * Which entries of a catalogue's taxonomy a vocabulary concept means. Names come from the catalogue
 * (any catalogue, not only the demo's), so matching is by normalised name: exactly, by a part of a
 * compound genre name ("Jazz & Blues" is jazz and blues), or without a generic tail ("Lo-Fi Beats").
 */

export type TaxonLevel = 'genre' | 'subgenre' | 'category' | 'mood';
export type Taxon = { level: TaxonLevel; id: string; name: string; norm: string };

export type TaxonomyIndex = {
  /** normalised name (and its singular) → entries, for names typed as they are */
  byName: Map<string, Taxon[]>;
  genres: Taxon[];
  subgenres: Taxon[];
  categories: Taxon[];
  moods: Taxon[];
  /** the longest name in words */
  maxPhrase: number;
  /** concept key → what it matched, computed once per taxonomy */
  conceptCache: Map<string, Taxon[]>;
};

const GENERIC_TAIL = new Set(['beats', 'beat', 'music', 'musica', 'songs', 'style', 'sounds']);

const cache = new WeakMap<SearchTaxonomy, TaxonomyIndex>();

export function indexTaxonomy(taxonomy: SearchTaxonomy): TaxonomyIndex {
  const hit = cache.get(taxonomy);
  if (hit) return hit;
  const taxon = (level: TaxonLevel, ref: NamedRef): Taxon => ({
    level,
    id: ref.id,
    name: ref.name,
    norm: normPhrase(ref.name),
  });
  const genres = taxonomy.genres.map((g) => taxon('genre', g));
  const subgenres = taxonomy.genres.flatMap((g) => g.subgenres.map((s) => taxon('subgenre', s)));
  const categories = taxonomy.categories.map((c) => taxon('category', c));
  const moods = taxonomy.moods.map((m) => taxon('mood', m));
  const byName = new Map<string, Taxon[]>();
  let maxPhrase = 1;
  const add = (key: string, t: Taxon) => {
    if (!key) return;
    maxPhrase = Math.max(maxPhrase, key.split(' ').length);
    const list = byName.get(key) ?? [];
    if (!list.includes(t)) list.push(t);
    byName.set(key, list);
  };
  for (const t of [...subgenres, ...genres, ...categories, ...moods]) {
    add(t.norm, t);
    add(singularPhrase(t.norm), t);
  }
  const index = { byName, genres, subgenres, categories, moods, maxPhrase, conceptCache: new Map() };
  cache.set(taxonomy, index);
  return index;
}

function singularPhrase(norm: string): string {
  const words = norm.split(' ');
  const last = words.pop() ?? '';
  return [...words, singular(last)].join(' ');
}

function formsOf(concept: Concept): Set<string> {
  const forms = new Set<string>([...concept.enForms, ...concept.plForms]);
  for (const n of concept.names ?? []) forms.add(normPhrase(n));
  for (const f of [...forms]) forms.add(singularPhrase(f));
  return forms;
}

/** Names of a compound genre: "Jazz & Blues" → jazz, blues; "R&B & Soul" → r and b, soul. */
function parts(t: Taxon): string[] {
  return t.name
    .split(/\s+(?:&|and|\+|\/)\s+|\s*\/\s*|,\s*/i)
    .map((p) => normPhrase(p))
    .filter(Boolean);
}

function withoutTail(norm: string): string {
  const words = norm.split(' ');
  while (words.length > 1 && GENERIC_TAIL.has(words[words.length - 1] ?? '')) words.pop();
  return words.join(' ');
}

/**
 * The taxonomy entries a concept means: genres and subgenres for a genre concept (one level only, so
 * the filter never intersects a genre with a subgenre of another one), moods for a mood concept,
 * sfx categories for the others.
 */
export function taxaOf(index: TaxonomyIndex, concept: Concept): Taxon[] {
  const cached = index.conceptCache.get(concept.key);
  if (cached) return cached;
  const forms = formsOf(concept);
  const named = (t: Taxon) => forms.has(t.norm) || forms.has(singularPhrase(t.norm)) || forms.has(withoutTail(t.norm));
  let found: Taxon[] = [];
  if (concept.kind === 'genre') {
    const exactSub = index.subgenres.filter(named);
    const exactGenre = index.genres.filter(named);
    if (exactSub.length) found = exactSub;
    else if (exactGenre.length) found = exactGenre;
    else found = index.genres.filter((g) => parts(g).some((p) => forms.has(p)));
  } else if (concept.kind === 'mood') {
    found = index.moods.filter(named);
  } else if (concept.kind === 'sfx' || concept.kind === 'theme') {
    found = index.categories.filter(named);
  }
  index.conceptCache.set(concept.key, found);
  return found;
}
