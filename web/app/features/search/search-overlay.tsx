import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useFormat } from '../../i18n/format';
import { Search, X } from 'lucide-react';
import type { SearchChip, SearchResponse, SearchSort } from '@cuewave/contract/search';
import { focusableWithin, useScrollLock } from '../../components/ui/focus-trap';
import { Spinner } from '../../components/ui/spinner';
import { cx } from '../../components/ui/cx';
import selectStyles from '../../components/ui/select.module.css';
import { useViewer } from '../auth/use-viewer';
import { useGenres } from '../shell/use-genres';
import { VideoMatchPanel } from '../video-match/video-match-panel';
import { EnginePicker } from './engine-picker';
import { loadSearchParameters } from './search-api';
import { ActiveFilterChips, SearchFilters } from './search-filters';
import { moveInList } from './search-keyboard';
import { urlHasSearchKeys, urlWantsSearch, withoutSearchKeys } from './search-keys';
import { closeSearch, getSearchOpen } from './search-open-store';
import { NoResults, PromptChips, ResultList, ResultsSkeleton, SearchError, SearchPager } from './search-results';
import {
  changeSearch,
  clearedFilters,
  countSearchFilters,
  DEFAULT_BOUNDS,
  effectiveSort,
  isSearchable,
  normaliseRange,
  parseSearchState,
  stateFromHistory,
  toSearchRequest,
  withSearchState,
  type Bounds,
  type SearchState,
} from './search-state';
import { SearchReference } from './search-reference';
import { SearchSuggestions, suggestionsFor, type Suggestion } from './search-suggestions';
import { useFacetFallback } from './use-facet-fallback';
import { useSearchHistory } from './use-search-history';
import { useSearchResults } from './use-search-results';
import styles from './search-overlay.module.css';

/** The sorts in the menu's order; each one's label is `sort.<id>` in the `search` texts. */
const SORTS: SearchSort[] = [
  'relevance',
  'alphabetic',
  'newest',
  'bpm_asc',
  'bpm_desc',
  'duration_asc',
  'duration_desc',
];

/** A result count in words: AI counts its best matches (at most 100), standard every match. */
function countText(response: SearchResponse, t: TFunction<'search'>, number: (value: number) => string): string {
  const vars = { count: response.count, n: number(response.count) };
  return response.engine === 'ai' ? t('overlay.bestMatches', vars) : t('overlay.results', vars);
}

/**
 * The full-screen search overlay (spec §2, §3 Search state): prompt, engine picker, music or sound
 * effects, filters with facet counts, sort, recent searches, results that play in the player, pages,
 * and the loading, empty and error states. Its state lives in the URL's search* keys (decision
 * 061), written without a router navigation so the page underneath does not reload on every key.
 * Loaded lazily by search-launcher.tsx.
 */
export default function SearchOverlay({ openSeq }: { openSeq: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const me = useViewer();
  // The result rows' namespaces too: loaded with the overlay, before the prompt takes focus. Were they
  // fetched when the first results arrive, the rows would suspend the overlay and remount the prompt,
  // and the visitor typing in it would lose the focus (a page without track rows has none of them).
  const { t } = useTranslation(['search', 'catalog', 'downloads', 'playlists', 'similar']);
  const { number } = useFormat();
  const [state, setState] = useState<SearchState>(() => parseSearchState(location.search));
  const [bounds, setBounds] = useState<Bounds>(DEFAULT_BOUNDS);
  // A bottom sheet (engine picker, filters) is open: Escape and Tab belong to it.
  const [sheets, setSheets] = useState({ engine: false, filters: false });
  // The engine picker's "Video match" shows the video upload in place of the results.
  const [videoOpen, setVideoOpen] = useState(false);
  const nested = sheets.engine || sheets.filters;
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLUListElement>(null);
  const suggestionsRef = useRef<HTMLDivElement>(null);
  const promptId = useId();
  const names = useRef(new Map<string, string>());
  const genres = useGenres(state.type === 'music').genres;

  useScrollLock(true);

  const change = useCallback((patch: Partial<SearchState>) => setState((s) => changeSearch(s, patch)), []);
  const onEngineSheet = useCallback((open: boolean) => setSheets((s) => ({ ...s, engine: open })), []);
  const onFiltersSheet = useCallback((open: boolean) => setSheets((s) => ({ ...s, filters: open })), []);

  // Each opening: take what was typed in the header, and put the cursor at the end of the prompt.
  useEffect(() => {
    const { prefill } = getSearchOpen();
    if (prefill !== null) setState((s) => changeSearch(s, { prompt: prefill }));
    const input = inputRef.current;
    if (!input) return;
    input.focus({ preventScroll: true });
    requestAnimationFrame(() => {
      const end = input.value.length;
      input.setSelectionRange(end, end);
    });
  }, [openSeq]);

  // The catalogue's bounds for this type; ranges that sit on them count as unset (spec §5).
  useEffect(() => {
    let live = true;
    loadSearchParameters(state.type).then(
      (parameters) => {
        if (!live) return;
        setBounds(parameters);
        setState((s) => ({
          ...s,
          bpm: normaliseRange(s.bpm, parameters.bpm),
          duration: normaliseRange(s.duration, parameters.duration),
        }));
      },
      () => {
        // The defaults of spec §9 stay; the filters still work within them.
      },
    );
    return () => {
      live = false;
    };
  }, [state.type]);

  // The state into the URL (shareable, survives a reload), replacing the entry: no router navigation,
  // so the page's loaders don't run on every keystroke.
  useEffect(() => {
    const { pathname, search, hash } = window.location;
    const next = withSearchState(search, state, bounds);
    if (next !== search) window.history.replaceState(window.history.state, '', pathname + next + hash);
  }, [state, bounds]);

  // A router navigation that lands on another search (back/forward, a shared link) is adopted.
  const firstKey = useRef(location.key);
  useEffect(() => {
    if (location.key === firstKey.current) return;
    if (urlWantsSearch(location.search)) setState(parseSearchState(location.search, bounds));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  const signedIn = !!me;
  const searchable = isSearchable(state, bounds);
  const history = useSearchHistory(signedIn, !searchable);
  const { record } = history;

  const onSettled = useCallback(
    (settled: SearchState, data: SearchResponse) => {
      const facets = data.facets;
      for (const list of [facets.genres, facets.subGenres, facets.categories, facets.moods]) {
        for (const f of list) names.current.set(f.id, f.name);
      }
      for (const product of data.items) names.current.set(product.artist.id, product.artist.name);
      if (settled.page === 1 && settled.prompt.trim()) record(toSearchRequest(settled, bounds).body);
    },
    [record, bounds],
  );
  const results = useSearchResults(state, bounds, onSettled);
  const data = results.data;
  const fallback = useFacetFallback(!data);
  // Names of everything offered, for the chips of chosen filters.
  for (const list of [fallback.genres, fallback.moods, fallback.categories, ...(genres ?? []).map((g) => g.children)]) {
    for (const option of list) if (!names.current.has(option.id)) names.current.set(option.id, option.name);
  }
  const suggestions = useMemo(() => suggestionsFor(history.items), [history.items]);

  const close = useCallback(() => {
    const { opener } = getSearchOpen();
    closeSearch();
    const clean = withoutSearchKeys(window.location.search);
    if (urlHasSearchKeys(location.search)) {
      // The router still holds a search from a navigation: leave it properly, or a later link would reopen it.
      void navigate(
        { pathname: location.pathname, search: clean, hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    } else if (urlHasSearchKeys(window.location.search)) {
      window.history.replaceState(window.history.state, '', window.location.pathname + clean + window.location.hash);
    }
    if (opener && opener.isConnected) opener.focus({ preventScroll: true });
  }, [location.pathname, location.hash, location.search, navigate]);

  // ---- keyboard ------------------------------------------------------------------------------

  function onRootKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    const root = rootRef.current;
    const target = event.target as Element;
    // Keys from a sheet or dialog opened from here (portaled elsewhere) are theirs.
    if (!root || nested || !root.contains(target)) return;
    if (event.key === 'Escape' && !event.defaultPrevented) {
      if (belongsToOpenDisclosure(root, target)) return;
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Tab') {
      // The focus trap: Tab and Shift+Tab wrap around inside the overlay.
      const items = focusableWithin(root);
      if (!items.length) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  function onPromptKeyDown(event: ReactKeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      const target = searchable
        ? resultsRef.current?.querySelector<HTMLElement>('[data-testid=track-play]')
        : suggestionsRef.current?.querySelector<HTMLElement>('[data-suggestion]');
      if (target) {
        event.preventDefault();
        target.focus();
      }
    }
  }

  /** Arrows through a list of items (result rows or suggestions); ArrowUp from the first goes back to the prompt. */
  const arrowsThrough = (itemSelector: string, focusSelector: string) =>
    function onKeyDown(event: ReactKeyboardEvent<HTMLElement>) {
      const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(itemSelector));
      const current = items.findIndex((item) => item.contains(event.target as Node));
      if (current === -1) return;
      const next = moveInList(current, items.length, event.key);
      if (next === null) return;
      event.preventDefault();
      if (next === -1) inputRef.current?.focus();
      else {
        const item = items[next]!;
        item.querySelector<HTMLElement>(focusSelector)?.focus();
        item.scrollIntoView?.({ block: 'nearest' });
      }
    };

  // ---- actions -------------------------------------------------------------------------------

  function runSuggestion(suggestion: Suggestion) {
    const next =
      suggestion.kind === 'history'
        ? stateFromHistory(suggestion.entry, bounds)
        : changeSearch(state, { prompt: suggestion.prompt, engine: suggestion.engine });
    setState(next);
    inputRef.current?.focus();
  }

  function removeChip(chip: SearchChip) {
    change({ ignore: [...state.ignore, chip.id] });
  }

  function goToPage(page: number) {
    change({ page });
    rootRef.current?.scrollTo?.({ top: 0 });
  }

  // ---- rendering -----------------------------------------------------------------------------

  const filtered = countSearchFilters(state, bounds) > 0;
  const current = data && results.dataState;
  const stale = results.loading && !!data;
  let content: ReactNode = null;
  if (searchable) {
    if (results.failure && !results.loading) {
      content = (
        <SearchError
          failure={results.failure}
          engine={state.engine}
          onRetry={results.retry}
          onUseStandard={() => change({ engine: 'standard' })}
        />
      );
    } else if (!data) {
      content = <ResultsSkeleton />;
    } else if (data.items.length === 0) {
      content = results.loading ? (
        <ResultsSkeleton />
      ) : (
        <NoResults
          state={state}
          filtered={filtered}
          chipsRemovable={state.engine === 'ai' && data.chips.length > 0}
          onClearFilters={() => setState((s) => clearedFilters(s))}
          onTryAi={() => change({ engine: 'ai' })}
        />
      );
    } else {
      content = (
        <ResultList
          ref={resultsRef}
          items={data.items}
          response={data}
          stale={stale}
          onKeyDown={arrowsThrough('[data-testid=track-row]', '[data-testid=track-play]')}
        />
      );
    }
  }

  const showChips = searchable && data && data.engine === 'ai' && state.engine === 'ai' && !results.failure;
  const sort = effectiveSort(state);
  const sortOptions = SORTS.filter(
    (s) =>
      s === sort || ((s !== 'relevance' || state.prompt.trim()) && (state.type === 'music' || !s.startsWith('bpm'))),
  );

  return (
    <div
      ref={rootRef}
      className={styles.overlay}
      role="dialog"
      aria-modal="true"
      aria-label={t('overlay.label')}
      onKeyDown={onRootKeyDown}
      // Hidden until this chunk's stylesheet (which says visible !important) has arrived: a server-rendered
      // overlay (?searchQuery=) must not flash unstyled while the code-split CSS loads.
      style={{ visibility: 'hidden' }}
      data-testid="search-overlay"
    >
      <div className={styles.top}>
        <div className={styles.container}>
          <div className={styles.topGrid}>
            <form
              role="search"
              className={styles.promptBox}
              onSubmit={(event) => {
                event.preventDefault();
                results.flush();
              }}
            >
              <Search aria-hidden="true" className={styles.promptIcon} />
              <label htmlFor={promptId} className="visually-hidden">
                {state.engine === 'ai' ? t('overlay.promptAi') : t('header.label')}
              </label>
              <input
                ref={inputRef}
                id={promptId}
                type="search"
                className={styles.prompt}
                value={state.prompt}
                onChange={(event) => {
                  // Typing goes back to text search from the video upload.
                  setVideoOpen(false);
                  change({ prompt: event.currentTarget.value });
                }}
                onKeyDown={onPromptKeyDown}
                placeholder={
                  state.engine === 'ai'
                    ? t('overlay.placeholderAi')
                    : state.type === 'sfx'
                      ? t('overlay.placeholderSfx')
                      : t('overlay.placeholderMusic')
                }
                maxLength={500}
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="search"
                data-testid="search-input"
              />
              {results.loading && searchable ? (
                <Spinner size="sm" label={t('overlay.searching')} className={styles.spinner} />
              ) : null}
              {state.prompt ? (
                <button
                  type="button"
                  className={styles.clearPrompt}
                  aria-label={t('overlay.clearPrompt')}
                  onClick={() => {
                    change({ prompt: '' });
                    inputRef.current?.focus();
                  }}
                  data-testid="search-clear-prompt"
                >
                  <X aria-hidden="true" />
                </button>
              ) : null}
            </form>
            <div className={styles.engine}>
              <EnginePicker
                value={state.engine}
                onChange={(engine) => {
                  setVideoOpen(false);
                  change({ engine });
                }}
                onSheetChange={onEngineSheet}
                onVideo={() => setVideoOpen(true)}
                videoActive={videoOpen}
              />
            </div>
            <button type="button" className={styles.close} onClick={close} data-testid="search-close">
              <X aria-hidden="true" />
              <span className="visually-hidden">{t('overlay.close')}</span>
              {/* Part of the name ("Close search Esc"): the visible text must be in it. On phones it is hidden. */}
              <kbd className={styles.kbd}>{t('overlay.escKey')}</kbd>
            </button>
            <fieldset
              className={styles.typeSwitch}
              style={videoOpen ? { display: 'none' } : undefined}
              data-testid="search-type"
            >
              <legend className="visually-hidden">{t('overlay.searchIn')}</legend>
              {(['music', 'sfx'] as const).map((type) => (
                <label key={type} className={styles.typeOption}>
                  <input
                    type="radio"
                    name={`${promptId}-type`}
                    checked={state.type === type}
                    onChange={() => change({ type })}
                    className={styles.typeInput}
                    data-testid={`search-type-${type}`}
                  />
                  <span>{t(`type.${type}`)}</span>
                </label>
              ))}
            </fieldset>
            {/* Filters and sort are for text search; video match ranks by the video. */}
            <div className={styles.controls} style={videoOpen ? { display: 'none' } : undefined}>
              <SearchFilters
                state={state}
                bounds={bounds}
                facets={data?.facets ?? null}
                fallback={fallback}
                genres={genres}
                names={names.current}
                onChange={change}
                count={data && !results.loading ? data.count : null}
                onSheetChange={onFiltersSheet}
              />
              <label className={styles.sort}>
                <span className={styles.sortLabel}>{t('overlay.sort')}</span>
                <select
                  className={cx(selectStyles.select, styles.sortSelect)}
                  value={sort}
                  onChange={(event) => {
                    const value = event.currentTarget.value as SearchSort;
                    const byDefault = effectiveSort({ ...state, sort: undefined });
                    change({ sort: value === byDefault ? undefined : value });
                  }}
                  data-testid="search-sort"
                >
                  {sortOptions.map((option) => (
                    <option key={option} value={option}>
                      {t(`sort.${option}`)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          </div>
        </div>
      </div>

      <div className={styles.body}>
        <div className={styles.container}>
          {/* A reference ranks text search; video match ranks by the video alone. */}
          {videoOpen ? null : (
            <SearchReference
              references={state.reference}
              type={state.type}
              onChange={(reference) => change({ reference })}
            />
          )}
          {videoOpen ? (
            <VideoMatchPanel onClose={() => setVideoOpen(false)} />
          ) : !searchable ? (
            <div ref={suggestionsRef}>
              <SearchSuggestions
                suggestions={suggestions}
                historyFailed={history.failed}
                signedIn={signedIn}
                onRun={runSuggestion}
                onRemove={(entry) => history.remove(entry.id)}
                onClear={history.clear}
                onKeyDown={arrowsThrough('li', '[data-suggestion]')}
              />
            </div>
          ) : (
            <div className={styles.results} aria-busy={results.loading || undefined}>
              <ActiveFilterChips state={state} bounds={bounds} names={names.current} onChange={change} />
              {showChips ? (
                <PromptChips
                  chips={data.chips}
                  ignored={state.ignore.length}
                  onRemove={removeChip}
                  onRestore={() => change({ ignore: [] })}
                />
              ) : null}
              {data && !results.failure && (data.count > 0 || results.loading) ? (
                <div className={styles.status}>
                  <p className={styles.count} role="status" data-testid="search-count">
                    {results.loading ? t('overlay.searchingEllipsis') : countText(data, t, number)}
                    {!results.loading && current && current.prompt.trim() ? (
                      <span className={styles.countFor}>
                        {' '}
                        {t('overlay.countFor', { prompt: current.prompt.trim() })}
                      </span>
                    ) : null}
                  </p>
                  {data.corrected && data.engine === 'standard' ? (
                    <p className={styles.corrected} data-testid="search-corrected">
                      <Trans
                        t={t}
                        i18nKey="overlay.corrected"
                        values={{ corrected: data.corrected }}
                        components={{ strong: <strong /> }}
                      />
                    </p>
                  ) : null}
                </div>
              ) : null}
              {content}
              {data && data.items.length > 0 && !results.failure && current ? (
                <SearchPager state={current} count={data.count} shown={data.items.length} onPage={goToPage} />
              ) : null}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** Whether Escape is for an open popover (a filter, the engine menu) around the focused element. */
function belongsToOpenDisclosure(root: Element, target: Element): boolean {
  for (const trigger of Array.from(root.querySelectorAll('[aria-expanded="true"]'))) {
    if (trigger.getAttribute('role') === 'combobox') continue;
    const container = trigger.parentElement;
    if (container && container.contains(target)) return true;
  }
  return false;
}
