import type { NamedRef, ProductType } from '@cuewave/contract/catalog';
import type { NumberRange, SearchChip } from '@cuewave/contract/search';

/**
 * Shared shapes of the search feature (a leaf: imports only the contract). The index, the AI engine
 * and the service all speak these.
 */

/** What the in-memory search index holds of one product. */
export type SearchDoc = {
  id: string;
  type: ProductType;
  title: string;
  artist: NamedRef;
  genres: NamedRef[];
  subgenres: NamedRef[];
  /** sfx categories (reels playlists are not search facets) */
  categories: NamedRef[];
  moods: NamedRef[];
  tags: NamedRef[];
  /** e.g. ["acoustic guitar", "piano"], lower case, English */
  instruments: string[];
  keywords: string[];
  description: string;
  bpm: number | null;
  duration: number;
  vocal: boolean;
  releaseYear: number | null;
  /** popularity: listings order by it */
  rank: number;
  /** Unix ms */
  createdAt: number;
  /** products.search_seq: bumped by every change search can see */
  seq: number;
};

/** Filters in the index's own terms (ids; vocal true = vocal only, false = instrumental only). */
export type SearchFilters = {
  type: ProductType;
  genres?: string[];
  subGenres?: string[];
  categories?: string[];
  moods?: string[];
  artists?: string[];
  vocal?: boolean;
  bpm?: NumberRange;
  duration?: NumberRange;
  releaseYear?: NumberRange;
};

/** The catalogue's taxonomy, as the AI intent reader matches prompt words against it. */
export type SearchTaxonomy = {
  genres: { id: string; name: string; subgenres: NamedRef[] }[];
  moods: NamedRef[];
  /** sfx categories */
  categories: NamedRef[];
};

/**
 * What an AI prompt was read as: chips (shown to the user), the hard filters they imply, soft wishes
 * that rank rather than filter, and the words left for meaning.
 */
export type Intent = {
  language: 'en' | 'pl';
  chips: SearchChip[];
  /** Chips that filter: type, genre/subgenre/category, vocal/instrumental, tempo, duration. */
  filters: Partial<SearchFilters>;
  /** Chips that rank: moods (ids), instruments and uses (English words matched against the product's text). */
  wishes: { chipId: string; moods?: string[]; words?: string[] }[];
  /** The prompt without the words the chips consumed (what is matched by meaning). */
  remainder: string;
};
