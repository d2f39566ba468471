import { useCallback, useId, useMemo, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { SlidersHorizontal, X } from 'lucide-react';
import type { ProductType } from '@cuewave/contract/catalog';
import { Button } from '../../../components/ui/button';
import { RemovableChip } from '../../../components/ui/chip';
import { cx } from '../../../components/ui/cx';
import { lazyDialog } from '../../../components/ui/lazy-part';
import { formatTime } from '../../../lib/format';
import {
  BPM_RANGE,
  CLEARED_FILTERS,
  DURATION_RANGE,
  LIST_KEYS,
  countActiveFilters,
  filtersToSearchParams,
  parseFilters,
  type CatalogFilters,
  type ListKey,
} from '../filters';
import { countNoun, trackCount, type CountNoun } from '../meta';
import { CheckboxFacet, type FacetOption } from './checkbox-facet';
import { FilterPopover } from './filter-popover';
import { RangeFilter } from './range-filter';
import styles from './filter-bar.module.css';

// The phone's filter panel loads when first opened, not with every catalogue page.
const BottomSheet = lazyDialog(() => import('../../../components/ui/bottom-sheet').then((m) => m.BottomSheet));

const FILTER_KEYS = ['vocal', 'bpmFrom', 'bpmTo', 'durationFrom', 'durationTo', 'skip', ...LIST_KEYS];

/**
 * The filters of the URL this page is on — or is about to be on, while a filter change loads, so
 * quick successive clicks build on each other instead of on the stale URL.
 */
export function useCatalogFilters() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const search =
    navigation.state === 'loading' && navigation.location?.pathname === location.pathname
      ? navigation.location.search
      : location.search;
  const filters = useMemo(() => parseFilters(new URLSearchParams(search)), [search]);

  const update = useCallback(
    (patch: Partial<CatalogFilters>) => {
      const next = { ...filters, ...patch, skip: 0 };
      // Keep unrelated params (e.g. searchQuery); rewrite the filter ones in canonical form.
      const params = new URLSearchParams(search);
      for (const key of FILTER_KEYS) params.delete(key);
      for (const [key, value] of filtersToSearchParams(next)) params.set(key, value);
      const qs = params.toString();
      void navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '' }, { preventScrollReset: true });
    },
    [filters, search, navigate, location.pathname],
  );

  return { filters, update };
}

export type FilterBarProps = {
  type: ProductType;
  /** Each facet is offered only when its options are given (a mood page has no mood facet). */
  moods?: FacetOption[];
  genres?: FacetOption[];
  categories?: FacetOption[];
  /** The server's total for the current filters. */
  count?: number;
  /** The word the count uses, the same as the page header's ("sound" for sound effects). */
  noun?: CountNoun;
  className?: string;
};

/** `label`: the facet's key in the `catalog` texts (filters.*). */
const FACETS: Array<{ key: ListKey; prop: 'moods' | 'genres' | 'categories'; label: 'mood' | 'genre' | 'category' }> = [
  { key: 'mood', prop: 'moods', label: 'mood' },
  { key: 'genre', prop: 'genres', label: 'genre' },
  { key: 'category', prop: 'categories', label: 'category' },
];

const bpmText = (from?: number, to?: number) =>
  from !== undefined && to !== undefined ? `${from}–${to}` : from !== undefined ? `${from}+` : `≤ ${to}`;
const durationText = (from?: number, to?: number) =>
  from !== undefined && to !== undefined
    ? `${formatTime(from)}–${formatTime(to)}`
    : from !== undefined
      ? `${formatTime(from)}+`
      : `≤ ${formatTime(to ?? 0)}`;

/**
 * Vocal/instrumental, BPM and duration ranges and multi-select facets. Every change rewrites the
 * URL's search params (so a filtered list is shareable and rendered on the server) and resets paging.
 * On mobile it collapses into a "Filters" button that opens a bottom sheet (spec §2).
 */
export function FilterBar({
  type,
  moods,
  genres,
  categories,
  count,
  noun = countNoun(type),
  className,
}: FilterBarProps) {
  const { filters, update } = useCatalogFilters();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const [panelOpen, setPanelOpen] = useState(false);
  // Mounted from the first open on, so the sheet's slide-out still plays when it closes.
  const [panelUsed, setPanelUsed] = useState(false);
  const music = type === 'music';
  const options = { moods, genres, categories };
  const facets = FACETS.filter((f) => options[f.prop] !== undefined);
  // What the bar shows as chosen: ids its facets offer (a stray URL id filters nothing here).
  const shown: CatalogFilters = { ...filters, mood: [], genre: [], subgenre: [], category: [] };
  for (const f of facets) shown[f.key] = knownIds(filters[f.key], options[f.prop]);
  const active = countActiveFilters(shown);

  const clear = () => update(CLEARED_FILTERS);

  const hasBpm = filters.bpmFrom !== undefined || filters.bpmTo !== undefined;
  const hasDuration = filters.durationFrom !== undefined || filters.durationTo !== undefined;

  const vocal = music ? <VocalToggle value={filters.vocal} onChange={(vocal) => update({ vocal })} /> : null;
  const bpm = music ? (
    <RangeFilter
      label={t('filters.bpm')}
      testId="bpm"
      bounds={BPM_RANGE}
      from={filters.bpmFrom}
      to={filters.bpmTo}
      unit={t('filters.unitBpm')}
      onCommit={(bpmFrom, bpmTo) => update({ bpmFrom, bpmTo })}
    />
  ) : null;
  const duration = (
    <RangeFilter
      label={t('filters.duration')}
      testId="duration"
      bounds={DURATION_RANGE}
      from={filters.durationFrom}
      to={filters.durationTo}
      step={5}
      unit={t('filters.unitSec')}
      format={(v) => formatTime(v)}
      onCommit={(durationFrom, durationTo) => update({ durationFrom, durationTo })}
    />
  );
  const facetControl = (f: (typeof FACETS)[number]) => (
    <CheckboxFacet
      label={t(`filters.${f.label}`)}
      options={options[f.prop] ?? []}
      selected={filters[f.key]}
      onChange={(ids) => update({ [f.key]: ids })}
      testId={`facet-${f.key}`}
    />
  );

  return (
    <div className={cx(styles.root, className)} data-testid="filter-bar">
      {/* Desktop and tablet: a row of controls. */}
      <div className={styles.bar} role="group" aria-label={t('filters.label')}>
        {vocal}
        {bpm ? (
          <FilterPopover
            label={t('filters.bpm')}
            summary={hasBpm ? bpmText(filters.bpmFrom, filters.bpmTo) : undefined}
            active={hasBpm}
            testId="filter-bpm"
          >
            {bpm}
          </FilterPopover>
        ) : null}
        <FilterPopover
          label={t('filters.duration')}
          summary={hasDuration ? durationText(filters.durationFrom, filters.durationTo) : undefined}
          active={hasDuration}
          testId="filter-duration"
        >
          {duration}
        </FilterPopover>
        {facets.map((f) => {
          const chosen = shown[f.key].length;
          return (
            <FilterPopover
              key={f.key}
              label={t(`filters.${f.label}`)}
              summary={chosen ? String(chosen) : undefined}
              active={chosen > 0}
              width={380}
              testId={`filter-${f.key}`}
            >
              {facetControl(f)}
            </FilterPopover>
          );
        })}
        {active > 0 ? (
          <button type="button" className={styles.clear} onClick={clear} data-testid="clear-filters">
            <X aria-hidden="true" />
            {t('listing.clearFilters')}
          </button>
        ) : null}
        {count !== undefined ? (
          <p className={styles.count} data-testid="filter-count">
            {trackCount(t, number, count, noun)}
          </p>
        ) : null}
      </div>

      {/* Mobile: one button, the controls in a panel. */}
      <div className={styles.mobile}>
        <Button
          variant="secondary"
          icon={<SlidersHorizontal />}
          onClick={() => {
            setPanelUsed(true);
            setPanelOpen(true);
          }}
          onPointerEnter={BottomSheet.preload}
          aria-haspopup="dialog"
          data-testid="open-filters"
        >
          {t('filters.title')}
          {active > 0 ? <span className={styles.badge}>{active}</span> : null}
        </Button>
        {count !== undefined ? (
          <p className={styles.count} data-testid="filter-count">
            {trackCount(t, number, count, noun)}
          </p>
        ) : null}
      </div>
      {panelUsed ? (
        <BottomSheet
          open={panelOpen}
          onClose={() => setPanelOpen(false)}
          title={t('filters.title')}
          data-testid="filters-panel"
          footer={
            <>
              <Button variant="ghost" onClick={clear} disabled={active === 0}>
                {t('listing.clearFilters')}
              </Button>
              <Button onClick={() => setPanelOpen(false)}>
                {count !== undefined
                  ? t('filters.show', { count, items: trackCount(t, number, count, noun) })
                  : t('filters.showResults')}
              </Button>
            </>
          }
        >
          <div className={styles.panel}>
            {vocal}
            {bpm}
            {duration}
            {facets.map((f) => (
              <div key={f.key}>{facetControl(f)}</div>
            ))}
          </div>
        </BottomSheet>
      ) : null}

      <ActiveFilters filters={filters} options={options} update={update} />
    </div>
  );
}

/** The chosen ids the facet's options know. */
function knownIds(ids: string[], options: FacetOption[] | undefined): string[] {
  return options ? ids.filter((id) => options.some((o) => o.id === id)) : ids;
}

function VocalToggle({ value, onChange }: { value: boolean | undefined; onChange: (v: boolean | undefined) => void }) {
  const name = useId();
  const { t } = useTranslation('catalog');
  const choices: Array<{ label: string; value: boolean | undefined; key: string }> = [
    { label: t('filters.all'), value: undefined, key: 'all' },
    { label: t('filters.vocals'), value: true, key: 'vocal' },
    { label: t('filters.instrumental'), value: false, key: 'instrumental' },
  ];
  return (
    <fieldset className={styles.segmented} data-testid="filter-vocal">
      <legend className="visually-hidden">{t('filters.vocals')}</legend>
      {choices.map((choice) => (
        <label key={choice.key} className={styles.segment}>
          <input
            type="radio"
            name={name}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            className={styles.segmentInput}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function ActiveFilters({
  filters,
  options,
  update,
}: {
  filters: CatalogFilters;
  options: Record<'moods' | 'genres' | 'categories', FacetOption[] | undefined>;
  update: (patch: Partial<CatalogFilters>) => void;
}) {
  const { t } = useTranslation('catalog');
  const chips: Array<{ key: string; label: string; remove: () => void }> = [];
  if (filters.vocal !== undefined) {
    chips.push({
      key: 'vocal',
      label: filters.vocal ? t('filters.vocals') : t('filters.instrumental'),
      remove: () => update({ vocal: undefined }),
    });
  }
  if (filters.bpmFrom !== undefined || filters.bpmTo !== undefined) {
    chips.push({
      key: 'bpm',
      label: t('filters.bpmChip', { range: bpmText(filters.bpmFrom, filters.bpmTo) }),
      remove: () => update({ bpmFrom: undefined, bpmTo: undefined }),
    });
  }
  if (filters.durationFrom !== undefined || filters.durationTo !== undefined) {
    chips.push({
      key: 'duration',
      label: durationText(filters.durationFrom, filters.durationTo),
      remove: () => update({ durationFrom: undefined, durationTo: undefined }),
    });
  }
  for (const f of FACETS) {
    const list = options[f.prop];
    if (!list) continue;
    for (const id of filters[f.key]) {
      // An id the page doesn't offer filters nothing (the loader drops it), so it gets no badge.
      const name = list.find((o) => o.id === id)?.name;
      if (!name) continue;
      chips.push({
        key: `${f.key}-${id}`,
        label: name,
        remove: () => update({ [f.key]: filters[f.key].filter((x) => x !== id) }),
      });
    }
  }
  if (!chips.length) return null;
  return (
    <ul role="list" className={styles.chips} aria-label={t('filters.active')} data-testid="active-filters">
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
