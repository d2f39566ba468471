import { redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formattersFor, useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
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
  const { t, language } = requestTexts(request, 'catalog-meta');
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const [categories, products] = await Promise.all([
    loadList(() => catalogApi.categories('sfx'), []),
    loadList(() => catalogApi.products('sfx', toProductQuery(filters)), emptyProductList()),
  ]);
  // Ids this page doesn't offer leave the URL instead of filtering the list to nothing.
  const { redirectTo } = dropUnknownFilterIds(url, filters, { category: offeredIds(categories) });
  if (redirectTo) throw redirect(redirectTo);
  const count = products.value.count;
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = {
    title: t('sfx.title'),
    description: count
      ? t('sfx.descriptionCounted', { count, n: formattersFor(language).number(count) })
      : t('sfx.description'),
  };
  return {
    meta,
    categories: categories.value,
    categoriesFailed: categories.failed,
    products: products.value,
    failed: products.failed,
    skip: filters.skip,
    filtered: countActiveFilters(filters) > 0,
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

export default function SfxPage({ loaderData }: Route.ComponentProps) {
  const { categories, categoriesFailed, products, failed, skip, filtered } = loaderData;
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow={t('sfx.title')}
        icon={<AudioWaveform />}
        title={t('sfx.title')}
        description={t('sfx.description')}
        seed="sfx"
        meta={failed || filtered ? undefined : [trackCount(t, number, products.count, 'sound')]}
      />
      <section className={styles.section} aria-labelledby="sfx-categories">
        <SectionHeader id="sfx-categories" title={t('sfx.categories')} />
        {categoriesFailed ? (
          <LoadFailed what="categories" />
        ) : categories.length ? (
          <CardGrid variant="compact" label={t('sfx.categoriesLabel')} testId="sfx-category-grid">
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
        title={t('sfx.allTitle')}
        label={t('sfx.title')}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        filters={{ type: 'sfx', categories: categories.map(({ id, name }) => ({ id, name })) }}
        emptyText={t('sfx.empty')}
      />
    </div>
  );
}
