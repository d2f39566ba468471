import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/format';
import { PRODUCT_PAGE_SIZE, type Product, type ProductType } from '@cuewave/contract/catalog';
import { Button, ButtonLink } from '../../../components/ui/button';
import { CLEARED_FILTERS, countActiveFilters } from '../filters';
import { countNoun, trackCount, type CountNoun } from '../meta';
import type { FacetOption } from './checkbox-facet';
import { FilterBar, useCatalogFilters } from './filter-bar';
import { Pager } from './pager';
import { SectionHeader } from './section-header';
import { TrackList } from './track-list';
import styles from './product-listing.module.css';

export type ProductListingProps = {
  title: string;
  /** Accessible name of the list of rows. */
  label: string;
  items: Product[];
  count: number;
  skip: number;
  failed?: boolean;
  /** With `filters`, a filter bar drives the list through the URL. */
  filters?: { type: ProductType; moods?: FacetOption[]; genres?: FacetOption[]; categories?: FacetOption[] };
  ranked?: boolean;
  id?: string;
  emptyText?: string;
  /** The word the counts use; defaults to "sound" for sound effects, else "track". */
  noun?: CountNoun;
};

/** A filterable, paged track list: filter bar, rows, "Showing 31–60 of 412" and page links. */
export function ProductListing({
  title,
  label,
  items,
  count,
  skip,
  failed,
  filters,
  ranked,
  id = 'tracks',
  emptyText,
  noun = countNoun(filters?.type),
}: ProductListingProps) {
  const { filters: current, update } = useCatalogFilters();
  const { search } = useLocation();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const filtered = !!filters && countActiveFilters(current) > 0;
  const headingId = `${id}-heading`;
  // A `skip` beyond the end (an old link, a hand-edited URL) finds nothing, though the list has items.
  const pastEnd = !failed && items.length === 0 && count > 0 && skip >= count;
  const lastPage = Math.max(1, Math.ceil(count / PRODUCT_PAGE_SIZE));
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <SectionHeader id={headingId} title={title} />
      {filters ? <FilterBar {...filters} count={failed ? undefined : count} noun={noun} /> : null}
      <TrackList
        id={id}
        items={items}
        label={label}
        failed={failed}
        ranked={ranked}
        offset={skip}
        empty={
          pastEnd
            ? {
                title: t('listing.pastEndTitle'),
                description: t('listing.pastEndDescription', {
                  count,
                  items: trackCount(t, number, count, noun),
                  pages: t('listing.pages', { count: lastPage, n: number(lastPage) }),
                }),
                action: (
                  <ButtonLink variant="secondary" to={pageHref(search, 0)} data-testid="first-page">
                    {t('listing.firstPage')}
                  </ButtonLink>
                ),
              }
            : filtered
              ? {
                  title: t('listing.noMatchTitle'),
                  description: t('listing.noMatchDescription'),
                  action: (
                    <Button variant="secondary" onClick={() => update(CLEARED_FILTERS)}>
                      {t('listing.clearFilters')}
                    </Button>
                  ),
                }
              : { title: emptyText ?? t('trackList.emptyTitle') }
        }
      />
      {!failed && !pastEnd && count > 0 ? <Pager count={count} skip={skip} shown={items.length} listId={id} /> : null}
    </section>
  );
}

/** This page's URL (filters kept) at another `skip`. */
function pageHref(search: string, skip: number): string {
  const params = new URLSearchParams(search);
  if (skip > 0) params.set('skip', String(skip));
  else params.delete('skip');
  const qs = params.toString();
  return qs ? `?${qs}` : '?';
}
