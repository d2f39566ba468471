import { redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formattersFor, useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { AudioWaveform } from 'lucide-react';
import type { Category } from '@cuewave/contract/catalog';
import { catalogApi, emptyProductList, loadList, loadOr404, notFound } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { countActiveFilters, dropUnknownFilterIds, parseFilters, toProductQuery } from '../../features/catalog/filters';
import { notFoundMeta, pageMeta, trackCount } from '../../features/catalog/meta';
import type { Route } from './+types/sfx-category';

function findCategory(categories: Category[], id: string): Category | undefined {
  for (const category of categories) {
    if (category.id === id) return category;
    const child = findCategory(category.children, id);
    if (child) return child;
  }
  return undefined;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { t, language } = requestTexts(request, 'catalog-meta');
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const [categories, products] = await Promise.all([
    loadOr404(() => catalogApi.categories('sfx')),
    loadList(
      () => catalogApi.products('sfx', toProductQuery(filters, { category: [params.categoryId] })),
      emptyProductList(),
    ),
  ]);
  // Ids this page doesn't offer leave the URL instead of filtering the list to nothing.
  const { redirectTo } = dropUnknownFilterIds(url, filters, {});
  if (redirectTo) throw redirect(redirectTo);
  const category = findCategory(categories, params.categoryId);
  if (!category) throw notFound();
  const count = products.value.count;
  const vars = {
    name: category.name,
    lower: category.name.toLowerCase(),
    count,
    n: formattersFor(language).number(count),
  };
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = { title: t('sfxCategory.title', vars), description: t('sfxCategory.description', vars) };
  return {
    meta,
    category,
    products: products.value,
    failed: products.failed,
    skip: filters.skip,
    filtered: countActiveFilters(filters) > 0,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(data.meta.title, data.meta.description) : notFoundMeta(matches);

export default function SfxCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, products, failed, skip, filtered } = loaderData;
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return (
    <div className="container">
      <PageHeader
        eyebrow={t('sfx.title')}
        icon={<AudioWaveform />}
        title={category.name}
        fileId={category.fileID}
        seed={category.id}
        meta={failed || filtered ? [] : [trackCount(t, number, products.count, 'sound')]}
        actions={<PlayAllButton items={products.items} />}
      />
      <ProductListing
        title={t('sfxCategory.listTitle', { name: category.name })}
        label={t('sfxCategory.metaTitle', { name: category.name })}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        filters={{ type: 'sfx' }}
        emptyText={t('sfx.empty')}
      />
    </div>
  );
}
