import type { Product, ProductType } from '@cuewave/contract/catalog';
import { Button } from '../../../components/ui/button';
import { CLEARED_FILTERS, countActiveFilters } from '../filters';
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
}: ProductListingProps) {
  const { filters: current, update } = useCatalogFilters();
  const filtered = !!filters && countActiveFilters(current) > 0;
  const headingId = `${id}-heading`;
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <SectionHeader id={headingId} title={title} />
      {filters ? <FilterBar {...filters} count={failed ? undefined : count} /> : null}
      <TrackList
        id={id}
        items={items}
        label={label}
        failed={failed}
        ranked={ranked}
        offset={skip}
        empty={
          filtered
            ? {
                title: 'No tracks match these filters',
                description: 'Try a wider BPM or duration range, or fewer moods and genres.',
                action: (
                  <Button variant="secondary" onClick={() => update(CLEARED_FILTERS)}>
                    Clear filters
                  </Button>
                ),
              }
            : { title: emptyText ?? 'No tracks here yet' }
        }
      />
      {!failed && count > 0 ? <Pager count={count} skip={skip} shown={items.length} listId={id} /> : null}
    </section>
  );
}
