import type { ProductType } from '@cuewave/contract/catalog';
import {
  DEFAULT_SEARCH_PARAMETERS,
  SEARCH_AI_TOTAL,
  SEARCH_LIST_MAX,
  SEARCH_PAGE_SIZE,
  SEARCH_PROMPT_MAX,
  type NumberRange,
  type SearchEngine,
  type SearchParameters,
  type SearchRequest,
  type SearchSort,
} from '@cuewave/contract/search';
import { REFERENCE_TOKEN_PATTERN, SEARCH_REFERENCES_MAX } from '@cuewave/contract/reference';
import { SEARCH_KEYS } from './search-keys';

/**
 * The search state of spec §3 as the overlay keeps it, and its URL form (decision 061): every
 * search has a shareable URL that survives a reload. Parsing never throws: a value that makes no
 * sense is dropped; defaults (standard engine, music, page 1, unset sort) stay out of the URL; a
 * range end equal to (or beyond) the catalogue's bounds counts as unset (spec §5).
 */
export type SearchState = {
  prompt: string;
  engine: SearchEngine;
  type: ProductType;
  /** Unset: relevance with a prompt, alphabetic without (the API decides, decision 058). */
  sort?: SearchSort;
  genres: string[];
  subGenres: string[];
  categories: string[];
  moods: string[];
  artists: string[];
  vocal?: 'vocal' | 'instrumental';
  bpm: NumberRange;
  duration: NumberRange;
  /** AI chips the user removed (SearchChip ids). */
  ignore: string[];
  /** Reference links the results are ranked by (ReferenceItem.reference values; decision 067). */
  reference: string[];
  /** 1-based. */
  page: number;
};

export type Bounds = SearchParameters;
export const DEFAULT_BOUNDS: Bounds = DEFAULT_SEARCH_PARAMETERS;

export const SEARCH_SORTS: readonly SearchSort[] = [
  'relevance',
  'alphabetic',
  'newest',
  'bpm_asc',
  'bpm_desc',
  'duration_asc',
  'duration_desc',
];
const ENGINES: readonly SearchEngine[] = ['standard', 'ai'];
const LIST_FIELDS = ['genres', 'subGenres', 'categories', 'moods', 'artists'] as const;
type ListField = (typeof LIST_FIELDS)[number];
const LIST_KEY: Record<ListField, (typeof SEARCH_KEYS)[number]> = {
  genres: 'searchGenres',
  subGenres: 'searchSubGenres',
  categories: 'searchCategories',
  moods: 'searchMoods',
  artists: 'searchArtists',
};

/** Catalogue ids are slugs or uuids; anything else in the URL names nothing. */
const ID = /^[a-z0-9][a-z0-9_-]{0,99}$/;
/** Chip ids look like "mood:chill" or "instrument:acoustic-guitar". */
const CHIP_ID = /^[^,\s\0][^,\0]{0,99}$/;
/** Pages an AI search can have at most; standard search pages as far as the API allows. */
const MAX_PAGE = Math.floor(1_000_000 / SEARCH_PAGE_SIZE);
/** The contract's hard limits for a range (beyond the catalogue bounds there is nothing anyway). */
const HARD_MAX = { bpm: 1000, duration: 100_000 };

export function emptySearchState(): SearchState {
  return {
    prompt: '',
    engine: 'standard',
    type: 'music',
    genres: [],
    subGenres: [],
    categories: [],
    moods: [],
    artists: [],
    bpm: {},
    duration: {},
    ignore: [],
    reference: [],
    page: 1,
  };
}

function parseList(raw: string | null, pattern: RegExp, lower = true): string[] {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((id) => (lower ? id.trim().toLowerCase() : id.trim()))
    .filter((id) => pattern.test(id));
  return [...new Set(ids)].slice(0, SEARCH_LIST_MAX);
}

function parseEnd(raw: string | undefined, max: number): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= max ? Math.round(n) : undefined;
}

/** "90-120", "90-" or "-120" (the URL form of a range). */
function parseRange(raw: string | null, max: number): NumberRange {
  if (!raw) return {};
  const match = /^\s*([0-9.]*)\s*-\s*([0-9.]*)\s*$/.exec(raw);
  if (!match) return {};
  let from = parseEnd(match[1], max);
  let to = parseEnd(match[2], max);
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
}

/**
 * Clamps a range into the catalogue's bounds and drops the ends that sit on (or beyond) a bound:
 * those filter nothing (spec §5).
 */
export function normaliseRange(range: NumberRange, bounds: { from: number; to: number }): NumberRange {
  let from = range.from;
  let to = range.to;
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  const out: NumberRange = {};
  if (from !== undefined && from > bounds.from) out.from = Math.min(from, bounds.to);
  if (to !== undefined && to < bounds.to) out.to = Math.max(to, bounds.from);
  if (out.from !== undefined && out.to === undefined && out.from >= bounds.to) delete out.from;
  if (out.to !== undefined && out.from === undefined && out.to <= bounds.from) delete out.to;
  return out;
}

export const isRangeSet = (range: NumberRange) => range.from !== undefined || range.to !== undefined;

/** The overlay's state from a URL query; `bounds` (when known) unset the ends that sit on them. */
export function parseSearchState(search: string | URLSearchParams, bounds: Bounds = DEFAULT_BOUNDS): SearchState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const state = emptySearchState();

  const prompt = params.get('searchQuery') ?? '';
  state.prompt = prompt.replace(/\0/g, '').slice(0, SEARCH_PROMPT_MAX);

  const engine = params.get('searchEngine');
  if (engine && (ENGINES as readonly string[]).includes(engine)) state.engine = engine as SearchEngine;
  const type = params.get('searchType');
  if (type === 'music' || type === 'sfx') state.type = type;
  const sort = params.get('searchSort');
  if (sort && (SEARCH_SORTS as readonly string[]).includes(sort)) state.sort = sort as SearchSort;

  for (const field of LIST_FIELDS) state[field] = parseList(params.get(LIST_KEY[field]), ID);
  state.ignore = parseList(params.get('searchIgnore'), CHIP_ID, false);
  state.reference = parseList(params.get('searchReference'), REFERENCE_TOKEN_PATTERN, false).slice(
    0,
    SEARCH_REFERENCES_MAX,
  );

  const vocal = params.get('searchVocal');
  if (vocal === 'vocal' || vocal === 'instrumental') state.vocal = vocal;

  state.bpm = normaliseRange(parseRange(params.get('searchBpm'), HARD_MAX.bpm), bounds.bpm);
  state.duration = normaliseRange(parseRange(params.get('searchDuration'), HARD_MAX.duration), bounds.duration);

  const page = Number(params.get('searchPage'));
  if (Number.isInteger(page) && page > 1 && page <= MAX_PAGE) state.page = page;
  return fitToType(state);
}

/** Filters that do not exist for a type are dropped (sound effects have categories, not genres). */
export function fitToType(state: SearchState): SearchState {
  if (state.type === 'sfx') {
    return { ...state, genres: [], subGenres: [], moods: [], vocal: undefined, bpm: {} };
  }
  return { ...state, categories: [] };
}

const rangeText = (range: NumberRange) => `${range.from ?? ''}-${range.to ?? ''}`;

/** The overlay's keys in canonical form (stable order, defaults and bound values left out). */
export function searchStateToParams(state: SearchState, bounds: Bounds = DEFAULT_BOUNDS): URLSearchParams {
  const params = new URLSearchParams();
  if (state.prompt !== '') params.set('searchQuery', state.prompt);
  if (state.engine !== 'standard') params.set('searchEngine', state.engine);
  if (state.type !== 'music') params.set('searchType', state.type);
  if (state.sort) params.set('searchSort', state.sort);
  for (const field of LIST_FIELDS) if (state[field].length) params.set(LIST_KEY[field], state[field].join(','));
  if (state.vocal) params.set('searchVocal', state.vocal);
  const bpm = normaliseRange(state.bpm, bounds.bpm);
  if (isRangeSet(bpm)) params.set('searchBpm', rangeText(bpm));
  const duration = normaliseRange(state.duration, bounds.duration);
  if (isRangeSet(duration)) params.set('searchDuration', rangeText(duration));
  if (state.ignore.length) params.set('searchIgnore', state.ignore.join(','));
  if (state.reference.length) params.set('searchReference', state.reference.join(','));
  if (state.page > 1) params.set('searchPage', String(state.page));
  return params;
}

/** A page's query with the overlay's keys rewritten ('' or '?…'); every other parameter is kept. */
export function withSearchState(search: string, state: SearchState, bounds: Bounds = DEFAULT_BOUNDS): string {
  const params = new URLSearchParams(search);
  for (const key of SEARCH_KEYS) params.delete(key);
  for (const [key, value] of searchStateToParams(state, bounds)) params.set(key, value);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/** How many filters the user set (prompt, engine, type, sort and paging don't count). */
export function countSearchFilters(state: SearchState, bounds: Bounds = DEFAULT_BOUNDS): number {
  let n = state.genres.length + state.subGenres.length + state.categories.length + state.moods.length;
  n += state.artists.length;
  if (state.vocal) n++;
  if (isRangeSet(normaliseRange(state.bpm, bounds.bpm))) n++;
  if (isRangeSet(normaliseRange(state.duration, bounds.duration))) n++;
  return n;
}

/** A search worth running: a prompt that is not blank, a reference link, or at least one filter. */
export function isSearchable(state: SearchState, bounds: Bounds = DEFAULT_BOUNDS): boolean {
  return state.prompt.trim() !== '' || state.reference.length > 0 || countSearchFilters(state, bounds) > 0;
}

/** The patch that clears every filter (the prompt, engine, type and sort stay). */
export function clearedFilters(state: SearchState): SearchState {
  return {
    ...state,
    genres: [],
    subGenres: [],
    categories: [],
    moods: [],
    artists: [],
    vocal: undefined,
    bpm: {},
    duration: {},
    page: 1,
  };
}

/** The request for the API: POST /v1/product/search?skip&limit with this body. */
export function toSearchRequest(
  state: SearchState,
  bounds: Bounds = DEFAULT_BOUNDS,
): { body: SearchRequest; skip: number; limit: number } {
  const body: SearchRequest = { prompt: state.prompt.trim(), engine: state.engine, type: state.type };
  if (state.sort) body.sort = state.sort;
  for (const field of LIST_FIELDS) if (state[field].length) body[field] = state[field];
  if (state.vocal === 'vocal') body.vocalOnly = true;
  if (state.vocal === 'instrumental') body.instrumentalOnly = true;
  const bpm = normaliseRange(state.bpm, bounds.bpm);
  if (isRangeSet(bpm)) body.bpm = bpm;
  const duration = normaliseRange(state.duration, bounds.duration);
  if (isRangeSet(duration)) body.duration = duration;
  if (state.engine === 'ai' && state.ignore.length) body.ignore = state.ignore;
  if (state.reference.length) body.reference = state.reference;
  const skip = (state.page - 1) * SEARCH_PAGE_SIZE;
  // AI returns the best 100: the last page asks only for what is left of them.
  const limit =
    state.engine === 'ai' ? Math.max(1, Math.min(SEARCH_PAGE_SIZE, SEARCH_AI_TOTAL - skip)) : SEARCH_PAGE_SIZE;
  return { body, skip, limit };
}

/** How many pages a result count fills (AI counts at most SEARCH_AI_TOTAL). */
export function pageCount(count: number, engine: SearchEngine): number {
  const total = engine === 'ai' ? Math.min(count, SEARCH_AI_TOTAL) : count;
  return Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
}

/** The sort the API applies when none is chosen (decision 058). */
export function effectiveSort(state: SearchState): SearchSort {
  return state.sort ?? (state.prompt.trim() || state.reference.length ? 'relevance' : 'alphabetic');
}

/**
 * A change the user makes: filters, type, engine and prompt start again at page 1; a new prompt or
 * engine forgets the removed AI chips (they belonged to the old prompt).
 */
export function changeSearch(state: SearchState, patch: Partial<SearchState>): SearchState {
  let next: SearchState = { ...state, ...patch };
  if (!('page' in patch)) next.page = 1;
  if ((patch.prompt !== undefined && patch.prompt.trim() !== state.prompt.trim()) || patch.engine !== undefined) {
    if (!('ignore' in patch)) next.ignore = [];
  }
  if (patch.type !== undefined && patch.type !== state.type) {
    next = fitToType(next);
    // BPM sorts mean nothing for sound effects without a tempo; fall back to the default.
    if (next.type === 'sfx' && next.sort?.startsWith('bpm')) next.sort = undefined;
  }
  if (next.engine === 'ai' && next.page > pageCount(SEARCH_AI_TOTAL, 'ai')) next.page = 1;
  return next;
}

/** A stable key of what a request would ask for (to skip repeated requests). */
export function requestKey(state: SearchState, bounds: Bounds = DEFAULT_BOUNDS): string {
  const { body, skip, limit } = toSearchRequest(state, bounds);
  return JSON.stringify([body, skip, limit]);
}

/** The filters a history entry keeps: the request body without prompt, engine and type (as the API stores them). */
export function historyFilters(body: SearchRequest): Record<string, unknown> {
  const { prompt: _prompt, engine: _engine, type: _type, ...filters } = body;
  return filters;
}

const strings = (value: unknown, pattern: RegExp): string[] =>
  Array.isArray(value)
    ? [...new Set(value.filter((v): v is string => typeof v === 'string' && pattern.test(v)))].slice(0, SEARCH_LIST_MAX)
    : [];

function rangeOf(value: unknown, max: number): NumberRange {
  if (!value || typeof value !== 'object') return {};
  const { from, to } = value as { from?: unknown; to?: unknown };
  const end = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= max ? v : undefined);
  const out: NumberRange = {};
  if (end(from) !== undefined) out.from = end(from);
  if (end(to) !== undefined) out.to = end(to);
  return out;
}

/** The state that runs a history entry again (filters it cannot read are left out). */
export function stateFromHistory(
  entry: { prompt: string; engine: SearchEngine; type: ProductType; filters: Record<string, unknown> },
  bounds: Bounds = DEFAULT_BOUNDS,
): SearchState {
  const f = entry.filters;
  const state: SearchState = { ...emptySearchState(), prompt: entry.prompt.slice(0, SEARCH_PROMPT_MAX) };
  state.engine = entry.engine === 'ai' ? 'ai' : 'standard';
  state.type = entry.type === 'sfx' ? 'sfx' : 'music';
  if (typeof f.sort === 'string' && (SEARCH_SORTS as readonly string[]).includes(f.sort))
    state.sort = f.sort as SearchSort;
  for (const field of LIST_FIELDS) state[field] = strings(f[field], ID);
  state.ignore = strings(f.ignore, CHIP_ID);
  state.reference = strings(f.reference, REFERENCE_TOKEN_PATTERN).slice(0, SEARCH_REFERENCES_MAX);
  if (f.vocalOnly === true) state.vocal = 'vocal';
  else if (f.instrumentalOnly === true) state.vocal = 'instrumental';
  state.bpm = normaliseRange(rangeOf(f.bpm, HARD_MAX.bpm), bounds.bpm);
  state.duration = normaliseRange(rangeOf(f.duration, HARD_MAX.duration), bounds.duration);
  return fitToType(state);
}
