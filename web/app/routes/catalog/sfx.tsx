import { redirect } from 'react-router';
import { AudioWaveform } from 'lucide-react';
import { catalogApi, emptyProductList, loadList, offeredIds } from '../../features/catalog/api';
import { CardGrid, CardGridItem } from '../../features/catalog/components/card-grid';
import { CategoryCard } from '../../features/catalog/components/category-card';
import { LoadFailed } from '../../features/catalog/components/load-failed';
import { PageHeader } from '../../features/catalog/components/page-header';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { SectionHeader } from '../../features/catalog/components/section-header';
import { countActiveFilters, dropUnknownFilterIds, parseFilters, toProductQuery } from '../../features/catalog/filters';
import { pageMeta, trackCount } from '../../features/catalog/meta';
import { catalogPaths, useLocalize } from '../../features/catalog/paths';
import styles from '../../features/catalog/components/catalog-page.module.css';
import type { Route } from './+types/sfx';

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const [categories, products] = await Promise.all([
    loadList(() => catalogApi.categories('sfx'), []),
    loadList(() => catalogApi.products('sfx', toProductQuery(filters)), emptyProductList()),
  ]);
  // Ids this page doesn't offer leave the URL instead of filtering the list to nothing.
  const { redirectTo } = dropUnknownFilterIds(url, filters, { category: offeredIds(categories) });
  if (redirectTo) throw redirect(redirectTo);
  return {
    categories: categories.value,
    categoriesFailed: categories.failed,
    products: products.value,
    failed: products.failed,
    skip: filters.skip,
    filtered: countActiveFilters(filters) > 0,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    'Sound effects',
    `${data?.products.count ? `${data.products.count} royalty-free sound effects` : 'Royalty-free sound effects'}: whooshes, impacts, ambiences, UI sounds and more, cleared for every platform.`,
  );

export default function SfxPage({ loaderData }: Route.ComponentProps) {
  const { categories, categoriesFailed, products, failed, skip, filtered } = loaderData;
  const localize = useLocalize();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow="Sound effects"
        icon={<AudioWaveform />}
        title="Sound effects"
        description="Whooshes, hits, textures and foley, recorded and mastered to sit right in your edit."
        seed="sfx"
        meta={failed || filtered ? undefined : [trackCount(products.count, 'sound')]}
      />
      <section className={styles.section} aria-labelledby="sfx-categories">
        <SectionHeader id="sfx-categories" title="Categories" />
        {categoriesFailed ? (
          <LoadFailed what="the categories" />
        ) : categories.length ? (
          <CardGrid variant="compact" label="Sound effect categories" testId="sfx-category-grid">
            {categories.map((category) => (
              <CardGridItem key={category.id}>
                <CategoryCard
                  id={category.id}
                  name={category.name}
                  fileId={category.fileID}
                  to={localize(catalogPaths.sfxCategory(category.id))}
                />
              </CardGridItem>
            ))}
          </CardGrid>
        ) : null}
      </section>
      <ProductListing
        title="All sound effects"
        label="Sound effects"
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        filters={{ type: 'sfx', categories: categories.map(({ id, name }) => ({ id, name })) }}
        emptyText="No sound effects here yet"
      />
    </div>
  );
}
