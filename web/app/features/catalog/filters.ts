import { BPM_BOUNDS, DURATION_BOUNDS } from '@cuewave/contract/catalog';

/**
 * Catalogue filters as they live in the URL (so a filtered list is shareable and server-rendered).
 * The URL uses the API's own parameter names: skip, vocal, bpmFrom, bpmTo, durationFrom, durationTo,
 * mood, genre, subgenre, category (lists comma-separated).
 *
 * Parsing never throws: a value that doesn't make sense is dropped. Range ends equal to (or beyond)
 * their bounds are treated as unset (spec §5), so they never reach the URL or the API.
 */
export type CatalogFilters = {
  skip: number;
  vocal?: boolean;
  bpmFrom?: number;
  bpmTo?: number;
  durationFrom?: number;
  durationTo?: number;
  mood: string[];
  genre: string[];
  subgenre: string[];
  category: string[];
};

export type Range = { from: number; to: number };
export const BPM_RANGE: Range = { from: BPM_BOUNDS.from, to: BPM_BOUNDS.to };
export const DURATION_RANGE: Range = { from: DURATION_BOUNDS.from, to: DURATION_BOUNDS.to };

export const LIST_KEYS = ['mood', 'genre', 'subgenre', 'category'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

const MAX_SKIP = 1_000_000;
const MAX_IDS = 50;
const ID = /^[a-z0-9-]{1,100}$/;

export const emptyFilters = (): CatalogFilters => ({ skip: 0, mood: [], genre: [], subgenre: [], category: [] });

function parseNumber(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
}

function parseIds(raw: string | null): string[] {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter((id) => ID.test(id));
  return [...new Set(ids)].slice(0, MAX_IDS);
}

/** Clamps a range into its bounds, orders it, and drops the ends that sit on a bound. */
export function normaliseRange(from: number | undefined, to: number | undefined, bounds: Range) {
  let lo = from === undefined ? undefined : Math.min(Math.max(from, bounds.from), bounds.to);
  let hi = to === undefined ? undefined : Math.min(Math.max(to, bounds.from), bounds.to);
  if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
  return { from: lo === bounds.from ? undefined : lo, to: hi === bounds.to ? undefined : hi };
}

export function parseFilters(searchParams: URLSearchParams): CatalogFilters {
  const filters = emptyFilters();

  const skip = parseNumber(searchParams.get('skip'));
  if (skip !== undefined && skip <= MAX_SKIP) filters.skip = skip;

  const vocal = searchParams.get('vocal');
  if (vocal === 'true' || vocal === 'false') filters.vocal = vocal === 'true';

  const bpm = normaliseRange(
    parseNumber(searchParams.get('bpmFrom')),
    parseNumber(searchParams.get('bpmTo')),
    BPM_RANGE,
  );
  if (bpm.from !== undefined) filters.bpmFrom = bpm.from;
  if (bpm.to !== undefined) filters.bpmTo = bpm.to;

  const duration = normaliseRange(
    parseNumber(searchParams.get('durationFrom')),
    parseNumber(searchParams.get('durationTo')),
    DURATION_RANGE,
  );
  if (duration.from !== undefined) filters.durationFrom = duration.from;
  if (duration.to !== undefined) filters.durationTo = duration.to;

  for (const key of LIST_KEYS) filters[key] = parseIds(searchParams.get(key));
  return filters;
}

/** The canonical URL form: stable key order, defaults and bound values left out. */
export function filtersToSearchParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.vocal !== undefined) params.set('vocal', String(filters.vocal));
  const bpm = normaliseRange(filters.bpmFrom, filters.bpmTo, BPM_RANGE);
  if (bpm.from !== undefined) params.set('bpmFrom', String(bpm.from));
  if (bpm.to !== undefined) params.set('bpmTo', String(bpm.to));
  const duration = normaliseRange(filters.durationFrom, filters.durationTo, DURATION_RANGE);
  if (duration.from !== undefined) params.set('durationFrom', String(duration.from));
  if (duration.to !== undefined) params.set('durationTo', String(duration.to));
  for (const key of LIST_KEYS) if (filters[key].length) params.set(key, filters[key].join(','));
  if (filters.skip > 0) params.set('skip', String(filters.skip));
  return params;
}

/** Filters a user can set (paging doesn't count). */
export function countActiveFilters(filters: CatalogFilters): number {
  let n = 0;
  if (filters.vocal !== undefined) n++;
  if (filters.bpmFrom !== undefined || filters.bpmTo !== undefined) n++;
  if (filters.durationFrom !== undefined || filters.durationTo !== undefined) n++;
  for (const key of LIST_KEYS) n += filters[key].length;
  return n;
}

export type ProductQuery = Record<string, string | number | boolean | string[] | undefined>;

/**
 * The /v1/product/{type} query for a page. `fixed` facets belong to the page itself (the genre of
 * a genre page) and replace whatever the URL says about them.
 */
export function toProductQuery(filters: CatalogFilters, fixed: Partial<Record<ListKey, string[]>> = {}): ProductQuery {
  const query: ProductQuery = {
    skip: filters.skip || undefined,
    vocal: filters.vocal,
    bpmFrom: filters.bpmFrom,
    bpmTo: filters.bpmTo,
    durationFrom: filters.durationFrom,
    durationTo: filters.durationTo,
  };
  for (const key of LIST_KEYS) {
    const ids = fixed[key] ?? filters[key];
    if (ids.length) query[key] = ids;
  }
  return query;
}

/**
 * The facet ids a page offers: a key left out is no filter on that page (the genre of a genre page
 * is the page itself), and null means the options could not be loaded, so the URL's ids are kept.
 */
export type OfferedFacets = Partial<Record<ListKey, readonly string[] | null>>;

/**
 * Drops the ids a page does not offer (an old link, a typo, a removed mood), so they neither filter
 * the list to nothing nor show up as badges. `redirectTo` is the same URL without them, or null
 * when nothing was dropped; every other parameter stays as it was.
 */
export function dropUnknownFilterIds(
  url: URL,
  filters: CatalogFilters,
  offered: OfferedFacets,
): { filters: CatalogFilters; redirectTo: string | null } {
  const kept: CatalogFilters = { ...filters };
  let dropped = false;
  for (const key of LIST_KEYS) {
    const options = offered[key];
    if (options === null) continue;
    const known = new Set(options ?? []);
    kept[key] = filters[key].filter((id) => known.has(id));
    if (kept[key].length !== filters[key].length) dropped = true;
  }
  if (!dropped) return { filters, redirectTo: null };
  const params = new URLSearchParams(url.search);
  for (const key of LIST_KEYS) {
    if (kept[key].length) params.set(key, kept[key].join(','));
    else params.delete(key);
  }
  const qs = params.toString();
  return { filters: kept, redirectTo: `${url.pathname}${qs ? `?${qs}` : ''}` };
}

/** The patch that clears every user-set filter. */
export const CLEARED_FILTERS: Partial<CatalogFilters> = {
  vocal: undefined,
  bpmFrom: undefined,
  bpmTo: undefined,
  durationFrom: undefined,
  durationTo: undefined,
  mood: [],
  genre: [],
  subgenre: [],
  category: [],
};
