import { redirect } from 'react-router';
import { Disc3 } from 'lucide-react';
import { catalogApi, emptyProductList, loadList, offeredIds, loadOr404 } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { SubgenreChips } from '../../features/catalog/components/subgenre-chips';
import { countActiveFilters, dropUnknownFilterIds, parseFilters, toProductQuery } from '../../features/catalog/filters';
import { notFoundMeta, pageMeta, trackCount } from '../../features/catalog/meta';
import type { Route } from './+types/genre';

export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const [genre, products, moods] = await Promise.all([
    loadOr404(() => catalogApi.genre(params.genreId)),
    loadList(
      () => catalogApi.products('music', toProductQuery(filters, { genre: [params.genreId] })),
      emptyProductList(),
    ),
    loadList(() => catalogApi.moods(), []),
  ]);
  // Ids this page doesn't offer leave the URL instead of filtering the list to nothing.
  const { redirectTo } = dropUnknownFilterIds(url, filters, { mood: offeredIds(moods) });
  if (redirectTo) throw redirect(redirectTo);
  return {
    genre,
    products: products.value,
    failed: products.failed,
    moods: moods.value,
    skip: filters.skip,
    filtered: countActiveFilters(filters) > 0,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        `${data.genre.name} music`,
        `Royalty-free ${data.genre.name.toLowerCase()} music for videos, podcasts and ads: ${data.products.count} tracks` +
          (data.genre.children.length ? ` across ${data.genre.children.map((c) => c.name).join(', ')}.` : '.') +
          ' Preview free, license with a Cuewave subscription.',
      )
    : notFoundMeta();

export default function GenrePage({ loaderData }: Route.ComponentProps) {
  const { genre, products, failed, moods, skip, filtered } = loaderData;
  return (
    <div className="container">
      <PageHeader
        eyebrow="Genre"
        icon={<Disc3 />}
        title={genre.name}
        fileId={genre.fileID}
        seed={genre.id}
        meta={[
          // The header states the genre's size, not the size of a filtered view.
          ...(failed || filtered ? [] : [trackCount(products.count)]),
          ...(genre.children.length ? [trackCount(genre.children.length, 'subgenre')] : []),
        ]}
        actions={<PlayAllButton items={products.items} />}
      >
        <SubgenreChips genre={genre} current="all" />
      </PageHeader>
      <ProductListing
        title={`${genre.name} tracks`}
        label={`${genre.name} tracks`}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        filters={{ type: 'music', moods }}
      />
    </div>
  );
}
