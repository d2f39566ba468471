/**
 * The URL keys of the search overlay (decision 061), kept apart from search-state.ts so the parts of
 * the shell that load on every page (the launcher, the header) can tell whether a URL asks for a
 * search without pulling the contract's zod schemas into every page's bundle.
 *
 * Every key starts with "search" so the overlay's state never collides with the page underneath
 * (the catalogue listings use skip, genre, mood … for their own filters and paging).
 */
export const SEARCH_KEYS = [
  'searchQuery',
  'searchEngine',
  'searchType',
  'searchSort',
  'searchGenres',
  'searchSubGenres',
  'searchCategories',
  'searchMoods',
  'searchArtists',
  'searchVocal',
  'searchBpm',
  'searchDuration',
  'searchIgnore',
  'searchPage',
  // reference links (decision 067): the `reference` values of POST /search/reference, comma-separated
  'searchReference',
] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

/** Keys that make a search by themselves: a prompt or a filter (engine, type, sort, page only shape one). */
const FILTER_KEYS: SearchKey[] = [
  'searchGenres',
  'searchSubGenres',
  'searchCategories',
  'searchMoods',
  'searchArtists',
  'searchVocal',
  'searchBpm',
  'searchDuration',
  'searchReference',
];

/**
 * Whether a URL's query asks for the overlay: a `searchQuery` that is not blank (spec §2), or a
 * filter-only search someone shared (an empty prompt with filters is a filtered listing).
 */
export function urlWantsSearch(search: string): boolean {
  const params = new URLSearchParams(search);
  if ((params.get('searchQuery') ?? '').trim() !== '') return true;
  return FILTER_KEYS.some((key) => (params.get(key) ?? '').trim() !== '');
}

/** Whether any search key is present at all (closing the overlay removes them). */
export function urlHasSearchKeys(search: string): boolean {
  const params = new URLSearchParams(search);
  return SEARCH_KEYS.some((key) => params.has(key));
}

/** The same query string without the overlay's keys ('' or '?…'). */
export function withoutSearchKeys(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of SEARCH_KEYS) params.delete(key);
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/**
 * Where the overlay is never shown (spec §2): any path containing "register", and the login page
 * (visiting it closes the panel).
 */
export function isSearchHiddenPath(pathname: string): boolean {
  if (pathname.includes('register')) return true;
  const path = pathname.startsWith('/us/') ? pathname.slice(3) : pathname;
  return path === '/auth/login' || path.startsWith('/auth/login/');
}
