import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { SlidersHorizontal, X } from 'lucide-react';
import type { Category } from '@cuewave/contract/catalog';
import type { FacetCount, SearchFacets } from '@cuewave/contract/search';
import { Button } from '../../components/ui/button';
import { BottomSheet } from '../../components/ui/bottom-sheet';
import { RemovableChip } from '../../components/ui/chip';
import { formatTime } from '../../lib/format';
import { CheckboxFacet, type FacetOption } from '../catalog/components/checkbox-facet';
import { FilterPopover } from '../catalog/components/filter-popover';
import { RangeFilter } from '../catalog/components/range-filter';
import {
  clearedFilters,
  countSearchFilters,
  isRangeSet,
  normaliseRange,
  type Bounds,
  type SearchState,
} from './search-state';
import type { FacetFallback } from './use-facet-fallback';
import styles from './search-filters.module.css';

export type SearchFiltersProps = {
  state: SearchState;
  bounds: Bounds;
  /** Facet counts of the latest answer (null before the first). */
  facets: SearchFacets | null;
  /** Genres with their subgenres, to offer the subgenres of the chosen genres. */
  genres: Category[] | null;
  /** The catalogue's options (no counts) until an answer brings facets. */
  fallback: FacetFallback;
  /** Names seen so far, for chips of chosen ids the current facets no longer list. */
  names: ReadonlyMap<string, string>;
  onChange: (patch: Partial<SearchState>) => void;
  /** The result count shown on the mobile panel's button. */
  count: number | null;
  onSheetChange?: (open: boolean) => void;
};

type ListField = 'genres' | 'subGenres' | 'categories' | 'moods';
/** `label`: the facet's name in the `catalog` texts (filters.*), shared with the catalogue's filter bar. */
type Facet = {
  field: ListField;
  label: 'category' | 'genre' | 'subgenre' | 'mood';
  options: FacetOption[];
  testId: string;
};

const rangeText = (from: number | undefined, to: number | undefined, format: (v: number) => string) =>
  from !== undefined && to !== undefined
    ? `${format(from)}–${format(to)}`
    : from !== undefined
      ? `${format(from)}+`
      : `≤ ${format(to ?? 0)}`;

const toOptions = (counts: FacetCount[] | undefined): FacetOption[] =>
  (counts ?? []).map((c) => ({ id: c.id, name: c.name, count: c.count }));

/**
 * Chosen ids the answer does not list (a filter that leaves nothing) stay visible with a count of 0,
 * so they can be unchosen.
 */
function withChosen(options: FacetOption[], chosen: string[], names: ReadonlyMap<string, string>): FacetOption[] {
  const missing = chosen.filter((id) => !options.some((o) => o.id === id));
  return [...options, ...missing.map((id) => ({ id, name: names.get(id) ?? id, count: 0 }))];
}

/** The facets the current type offers, with their counts (spec §5: genres + subgenres or sfx categories, moods). */
function facetsFor(props: SearchFiltersProps): Facet[] {
  const { state, facets, genres, names, fallback } = props;
  const pick = (key: 'genres' | 'moods' | 'categories') => (facets ? toOptions(facets[key]) : fallback[key]);
  if (state.type === 'sfx') {
    return [
      {
        field: 'categories',
        label: 'category',
        options: withChosen(pick('categories'), state.categories, names),
        testId: 'search-facet-categories',
      },
    ];
  }
  const list: Facet[] = [
    {
      field: 'genres',
      label: 'genre',
      options: withChosen(pick('genres'), state.genres, names),
      testId: 'search-facet-genres',
    },
  ];
  // Subgenres are offered for the chosen genres (a flat list of every subgenre would be a wall).
  if (state.genres.length && genres) {
    const allowed = new Set(
      genres.filter((g) => state.genres.includes(g.id)).flatMap((g) => g.children.map((c) => c.id)),
    );
    const options = toOptions(facets?.subGenres).filter((o) => allowed.has(o.id));
    if (options.length || state.subGenres.length) {
      list.push({
        field: 'subGenres',
        label: 'subgenre',
        options: withChosen(options, state.subGenres, names),
        testId: 'search-facet-subgenres',
      });
    }
  }
  list.push({
    field: 'moods',
    label: 'mood',
    options: withChosen(pick('moods'), state.moods, names),
    testId: 'search-facet-moods',
  });
  return list;
}

/**
 * The overlay's filters: vocal/instrumental, BPM and duration ranges (bounds from
 * /search/parameters) and the facets with their counts, as a row of popovers on desktop and a
 * bottom sheet behind a "Filters" button on mobile — the catalogue's own controls, reused.
 */
export function SearchFilters(props: SearchFiltersProps) {
  const { state, bounds, onChange, count, onSheetChange } = props;
  const [sheetOpen, setSheetOpen] = useState(false);
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const music = state.type === 'music';
  const facets = facetsFor(props);
  const active = countSearchFilters(state, bounds);
  const bpm = normaliseRange(state.bpm, bounds.bpm);
  const duration = normaliseRange(state.duration, bounds.duration);

  const openSheet = (open: boolean) => {
    setSheetOpen(open);
    onSheetChange?.(open);
  };
  const clear = () => onChange(clearedFilters(state));

  const vocal = music ? (
    <VocalChoice value={state.vocal} counts={props.facets?.vocal ?? null} onChange={(v) => onChange({ vocal: v })} />
  ) : null;
  const bpmControl = music ? (
    <RangeFilter
      label={t('filters.bpm')}
      testId="bpm"
      bounds={bounds.bpm}
      from={bpm.from}
      to={bpm.to}
      unit={t('filters.unitBpm')}
      onCommit={(from, to) => onChange({ bpm: { from, to } })}
    />
  ) : null;
  const durationControl = (
    <RangeFilter
      label={t('filters.duration')}
      testId="duration"
      bounds={bounds.duration}
      from={duration.from}
      to={duration.to}
      // The catalogue's bounds are any whole seconds: a coarser step could not reach them.
      step={1}
      unit={t('filters.unitSec')}
      format={(v) => formatTime(v)}
      onCommit={(from, to) => onChange({ duration: { from, to } })}
    />
  );
  const facetControl = (facet: Facet, columns: 1 | 2) => (
    <CheckboxFacet
      label={t(`filters.${facet.label}`)}
      options={facet.options}
      selected={state[facet.field]}
      onChange={(ids) => onChange({ [facet.field]: ids })}
      columns={columns}
      testId={facet.testId}
    />
  );

  return (
    <div className={styles.root}>
      <div className={styles.bar} role="group" aria-label={t('filters.results')} data-testid="search-filters">
        {vocal}
        {bpmControl ? (
          <FilterPopover
            label={t('filters.bpm')}
            summary={isRangeSet(bpm) ? rangeText(bpm.from, bpm.to, String) : undefined}
            active={isRangeSet(bpm)}
            testId="search-filter-bpm"
          >
            {bpmControl}
          </FilterPopover>
        ) : null}
        <FilterPopover
          label={t('filters.duration')}
          summary={isRangeSet(duration) ? rangeText(duration.from, duration.to, formatTime) : undefined}
          active={isRangeSet(duration)}
          testId="search-filter-duration"
        >
          {durationControl}
        </FilterPopover>
        {facets.map((facet) => {
          const chosen = state[facet.field].length;
          return (
            <FilterPopover
              key={facet.field}
              label={t(`filters.${facet.label}`)}
              summary={chosen ? String(chosen) : undefined}
              active={chosen > 0}
              width={480}
              testId={`search-filter-${facet.field}`}
            >
              {facetControl(facet, 2)}
            </FilterPopover>
          );
        })}
        {active > 0 ? (
          <button type="button" className={styles.clear} onClick={clear} data-testid="search-clear-filters">
            <X aria-hidden="true" />
            {t('listing.clearFilters')}
          </button>
        ) : null}
      </div>

      <div className={styles.mobile}>
        <Button
          variant="secondary"
          size="sm"
          icon={<SlidersHorizontal />}
          onClick={() => openSheet(true)}
          aria-haspopup="dialog"
          data-testid="search-open-filters"
        >
          {t('filters.title')}
          {active > 0 ? <span className={styles.badge}>{active}</span> : null}
        </Button>
      </div>
      <BottomSheet
        open={sheetOpen}
        onClose={() => openSheet(false)}
        title={t('filters.title')}
        data-testid="search-filters-panel"
        footer={
          <>
            <Button variant="ghost" onClick={clear} disabled={active === 0}>
              {t('listing.clearFilters')}
            </Button>
            <Button onClick={() => openSheet(false)} data-testid="search-show-results">
              {count !== null ? t('filters.showCount', { count, n: number(count) }) : t('filters.showResults')}
            </Button>
          </>
        }
      >
        <div className={styles.panel}>
          {vocal}
          {bpmControl}
          {durationControl}
          {facets.map((facet) => (
            <div key={facet.field}>{facetControl(facet, 1)}</div>
          ))}
        </div>
      </BottomSheet>
    </div>
  );
}

export function VocalChoice({
  value,
  counts,
  onChange,
}: {
  value: SearchState['vocal'];
  counts: SearchFacets['vocal'] | null;
  onChange: (value: SearchState['vocal']) => void;
}) {
  const name = useId();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const choices: Array<{ key: string; label: string; value: SearchState['vocal']; count?: number }> = [
    { key: 'all', label: t('filters.all'), value: undefined },
    { key: 'vocal', label: t('filters.vocals'), value: 'vocal', count: counts?.vocal },
    { key: 'instrumental', label: t('filters.instrumental'), value: 'instrumental', count: counts?.instrumental },
  ];
  return (
    <fieldset className={styles.segmented} data-testid="search-filter-vocal">
      <legend className="visually-hidden">{t('filters.vocals')}</legend>
      {choices.map((choice) => (
        <label key={choice.key} className={styles.segment}>
          <input
            type="radio"
            name={name}
            checked={value === choice.value}
            // a choice that would leave no results cannot be picked (it stays pickable once chosen)
            disabled={choice.count === 0 && value !== choice.value}
            onChange={() => onChange(choice.value)}
            className={styles.segmentInput}
          />
          <span>{choice.label}</span>
          {choice.count !== undefined ? (
            <span className={styles.segmentCount}>
              <span className="visually-hidden">, </span>
              {number(choice.count)}
            </span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}

export type ActiveChip = { key: string; label: string; remove: () => void };

/** The chosen filters as removable chips, under the controls. */
export function ActiveFilterChips({
  state,
  bounds,
  names,
  onChange,
}: {
  state: SearchState;
  bounds: Bounds;
  names: ReadonlyMap<string, string>;
  onChange: (patch: Partial<SearchState>) => void;
}): ReactNode {
  const { t } = useTranslation('catalog');
  const chips: ActiveChip[] = [];
  if (state.vocal) {
    chips.push({
      key: 'vocal',
      label: state.vocal === 'vocal' ? t('filters.vocals') : t('filters.instrumental'),
      remove: () => onChange({ vocal: undefined }),
    });
  }
  const bpm = normaliseRange(state.bpm, bounds.bpm);
  if (isRangeSet(bpm)) {
    chips.push({
      key: 'bpm',
      label: t('filters.bpmChip', { range: rangeText(bpm.from, bpm.to, String) }),
      remove: () => onChange({ bpm: {} }),
    });
  }
  const duration = normaliseRange(state.duration, bounds.duration);
  if (isRangeSet(duration)) {
    chips.push({
      key: 'duration',
      label: rangeText(duration.from, duration.to, formatTime),
      remove: () => onChange({ duration: {} }),
    });
  }
  for (const field of ['genres', 'subGenres', 'categories', 'moods', 'artists'] as const) {
    for (const id of state[field]) {
      const label = names.get(id) ?? id;
      chips.push({
        key: `${field}-${id}`,
        label,
        remove: () => onChange({ [field]: state[field].filter((x) => x !== id) }),
      });
    }
  }
  if (!chips.length) return null;
  return (
    <ul role="list" className={styles.chips} aria-label={t('filters.active')} data-testid="search-active-filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <RemovableChip size="sm" onRemove={chip.remove} removeLabel={t('filters.remove', { filter: chip.label })}>
            {chip.label}
          </RemovableChip>
        </li>
      ))}
    </ul>
  );
}
