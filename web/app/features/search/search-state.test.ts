import { describe, expect, it } from 'vitest';
import {
  changeSearch,
  countSearchFilters,
  emptySearchState,
  isSearchable,
  normaliseRange,
  pageCount,
  parseSearchState,
  searchStateToParams,
  stateFromHistory,
  toSearchRequest,
  withSearchState,
  type Bounds,
} from './search-state';
import { isSearchHiddenPath, urlWantsSearch, withoutSearchKeys } from './search-keys';

const BOUNDS: Bounds = { bpm: { from: 60, to: 180 }, duration: { from: 5, to: 400 } };

describe('search URL state (decision 061)', () => {
  it('reads a full search from the URL and writes it back in the same canonical form', () => {
    const url =
      'searchQuery=calm+piano&searchEngine=ai&searchType=music&searchSort=newest&searchGenres=ambient,jazz' +
      '&searchSubGenres=lofi&searchMoods=calm&searchVocal=instrumental&searchBpm=80-120&searchDuration=30-180' +
      '&searchIgnore=mood:calm&searchPage=2';
    const state = parseSearchState(url, BOUNDS);
    expect(state).toMatchObject({
      prompt: 'calm piano',
      engine: 'ai',
      type: 'music',
      sort: 'newest',
      genres: ['ambient', 'jazz'],
      subGenres: ['lofi'],
      moods: ['calm'],
      vocal: 'instrumental',
      bpm: { from: 80, to: 120 },
      duration: { from: 30, to: 180 },
      ignore: ['mood:calm'],
      page: 2,
    });
    const written = searchStateToParams(state, BOUNDS).toString();
    expect(parseSearchState(written, BOUNDS)).toEqual(state);
    // Defaults stay out of the URL (type music is the default).
    expect(written).not.toContain('searchType');
  });

  it('drops values that make no sense instead of failing', () => {
    const state = parseSearchState(
      'searchQuery=x&searchEngine=video&searchType=podcast&searchSort=random&searchGenres=Ambient,<script>,,a%20b' +
        '&searchVocal=maybe&searchBpm=abc&searchDuration=-5-20&searchPage=-3',
      BOUNDS,
    );
    expect(state.engine).toBe('standard');
    expect(state.type).toBe('music');
    expect(state.sort).toBeUndefined();
    // Upper case is folded; markup and blanks are dropped.
    expect(state.genres).toEqual(['ambient']);
    expect(state.vocal).toBeUndefined();
    expect(state.bpm).toEqual({});
    expect(state.page).toBe(1);
  });

  it('treats a range end equal to (or beyond) the catalogue bounds as unset (spec §5)', () => {
    expect(parseSearchState('searchBpm=60-180', BOUNDS).bpm).toEqual({});
    expect(parseSearchState('searchBpm=60-120', BOUNDS).bpm).toEqual({ to: 120 });
    expect(parseSearchState('searchBpm=90-999', BOUNDS).bpm).toEqual({ from: 90 });
    expect(parseSearchState('searchBpm=120-90', BOUNDS).bpm).toEqual({ from: 90, to: 120 });
    expect(normaliseRange({ from: 5, to: 400 }, BOUNDS.duration)).toEqual({});
    // And so it never reaches the URL or the request.
    const state = { ...emptySearchState(), prompt: 'x', bpm: { from: 60, to: 180 } };
    expect(searchStateToParams(state, BOUNDS).has('searchBpm')).toBe(false);
    expect(toSearchRequest(state, BOUNDS).body.bpm).toBeUndefined();
  });

  it('keeps the page’s own parameters and replaces only the search keys', () => {
    const state = { ...emptySearchState(), prompt: 'rain', type: 'sfx' as const };
    expect(withSearchState('?genre=rock&skip=30&searchQuery=old&searchPage=3', state)).toBe(
      '?genre=rock&skip=30&searchQuery=rain&searchType=sfx',
    );
    expect(withoutSearchKeys('?genre=rock&searchQuery=rain&searchType=sfx')).toBe('?genre=rock');
    expect(withoutSearchKeys('?searchQuery=rain')).toBe('');
  });

  it('opens for a non-blank searchQuery or a shared filter-only search, never on register paths', () => {
    expect(urlWantsSearch('?searchQuery=%20%20')).toBe(false);
    expect(urlWantsSearch('?searchQuery=piano')).toBe(true);
    expect(urlWantsSearch('?searchMoods=calm')).toBe(true);
    expect(urlWantsSearch('?searchEngine=ai')).toBe(false);
    expect(isSearchHiddenPath('/register/plans')).toBe(true);
    expect(isSearchHiddenPath('/us/register/details')).toBe(true);
    expect(isSearchHiddenPath('/auth/login')).toBe(true);
    expect(isSearchHiddenPath('/us/auth/login')).toBe(true);
    expect(isSearchHiddenPath('/c/genres')).toBe(false);
  });

  it('sound effects have no genres, moods, vocals or tempo', () => {
    const state = parseSearchState('searchType=sfx&searchGenres=rock&searchCategories=rain&searchBpm=90-100', BOUNDS);
    expect(state.genres).toEqual([]);
    expect(state.categories).toEqual(['rain']);
    expect(state.bpm).toEqual({});
    const music = parseSearchState('searchCategories=rain&searchMoods=calm', BOUNDS);
    expect(music.categories).toEqual([]);
    expect(music.moods).toEqual(['calm']);
  });
});

describe('search changes', () => {
  const base = { ...emptySearchState(), prompt: 'piano', engine: 'ai' as const, ignore: ['mood:calm'], page: 3 };

  it('goes back to page 1 on any change and forgets removed chips when the prompt or engine changes', () => {
    expect(changeSearch(base, { moods: ['dark'] })).toMatchObject({ page: 1, ignore: ['mood:calm'] });
    expect(changeSearch(base, { prompt: 'piano calm' })).toMatchObject({ page: 1, ignore: [] });
    expect(changeSearch(base, { engine: 'standard' }).ignore).toEqual([]);
    expect(changeSearch(base, { page: 2 }).page).toBe(2);
  });

  it('switching to sound effects drops music-only filters and a BPM sort', () => {
    const music = { ...emptySearchState(), genres: ['rock'], vocal: 'vocal' as const, sort: 'bpm_asc' as const };
    const sfx = changeSearch(music, { type: 'sfx' });
    expect(sfx.genres).toEqual([]);
    expect(sfx.vocal).toBeUndefined();
    expect(sfx.sort).toBeUndefined();
  });

  it('builds the API request: vocal flags, ranges, AI ignore list and AI paging within the best 100', () => {
    const state = {
      ...emptySearchState(),
      prompt: '  calm  ',
      engine: 'ai' as const,
      vocal: 'instrumental' as const,
      duration: { to: 120 },
      ignore: ['tempo:slow'],
      page: 4,
    };
    const { body, skip, limit } = toSearchRequest(state, BOUNDS);
    expect(body).toEqual({
      prompt: 'calm',
      engine: 'ai',
      type: 'music',
      instrumentalOnly: true,
      duration: { to: 120 },
      ignore: ['tempo:slow'],
    });
    expect(skip).toBe(90);
    expect(limit).toBe(10);
    expect(pageCount(100, 'ai')).toBe(4);
    expect(pageCount(412, 'standard')).toBe(14);
    expect(toSearchRequest({ ...state, engine: 'standard', page: 5 }).limit).toBe(30);
  });

  it('counts filters and knows when there is something to search', () => {
    expect(isSearchable(emptySearchState())).toBe(false);
    expect(isSearchable({ ...emptySearchState(), prompt: '   ' })).toBe(false);
    expect(isSearchable({ ...emptySearchState(), moods: ['calm'] })).toBe(true);
    expect(countSearchFilters({ ...emptySearchState(), moods: ['a', 'b'], bpm: { from: 90 } }, BOUNDS)).toBe(3);
  });

  it('runs a history entry again from the filters the API stored', () => {
    const state = stateFromHistory(
      {
        prompt: 'rain',
        engine: 'standard',
        type: 'sfx',
        filters: { categories: ['weather', 42], duration: { from: 10 }, sort: 'newest', vocalOnly: 'yes' },
      },
      BOUNDS,
    );
    expect(state).toMatchObject({
      prompt: 'rain',
      type: 'sfx',
      categories: ['weather'],
      duration: { from: 10 },
      sort: 'newest',
    });
    expect(state.vocal).toBeUndefined();
  });
});
