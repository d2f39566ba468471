import { redirect } from 'react-router';
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
  return {
    category,
    products: products.value,
    failed: products.failed,
    skip: filters.skip,
    filtered: countActiveFilters(filters) > 0,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        `${data.category.name} sound effects`,
        `${data.products.count} royalty-free ${data.category.name.toLowerCase()} sound effects, ready for video, games and podcasts. Preview free on Cuewave.`,
      )
    : notFoundMeta();

export default function SfxCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, products, failed, skip, filtered } = loaderData;
  return (
    <div className="container">
      <PageHeader
        eyebrow="Sound effects"
        icon={<AudioWaveform />}
        title={category.name}
        fileId={category.fileID}
        seed={category.id}
        meta={failed || filtered ? [] : [trackCount(products.count, 'sound')]}
        actions={<PlayAllButton items={products.items} />}
      />
      <ProductListing
        title={`${category.name} sounds`}
        label={`${category.name} sound effects`}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        filters={{ type: 'sfx' }}
        emptyText="No sound effects here yet"
      />
    </div>
  );
}
