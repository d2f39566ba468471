import { redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formattersFor, useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
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
  const { t, language } = requestTexts(request, 'catalog-meta');
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
  const count = products.value.count;
  const vars = {
    name: genre.name,
    lower: genre.name.toLowerCase(),
    count,
    n: formattersFor(language).number(count),
    subgenres: genre.children.map((c) => c.name).join(', '),
  };
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = {
    title: t('genre.title', vars),
    description: t(genre.children.length ? 'genre.descriptionSubgenres' : 'genre.description', vars),
  };
  return {
    meta,
    genre,
    products: products.value,
    failed: products.failed,
    moods: moods.value,
    skip: filters.skip,
    filtered: countActiveFilters(filters) > 0,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(data.meta.title, data.meta.description) : notFoundMeta(matches);

export default function GenrePage({ loaderData }: Route.ComponentProps) {
  const { genre, products, failed, moods, skip, filtered } = loaderData;
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return (
    <div className="container">
      <PageHeader
        eyebrow={t('genre.eyebrow')}
        icon={<Disc3 />}
        title={genre.name}
        fileId={genre.fileID}
        seed={genre.id}
        meta={[
          // The header states the genre's size, not the size of a filtered view.
          ...(failed || filtered ? [] : [trackCount(t, number, products.count)]),
          ...(genre.children.length ? [trackCount(t, number, genre.children.length, 'subgenre')] : []),
        ]}
        actions={<PlayAllButton items={products.items} />}
      >
        <SubgenreChips genre={genre} current="all" />
      </PageHeader>
      <ProductListing
        title={t('listTitle', { name: genre.name })}
        label={t('listTitle', { name: genre.name })}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        filters={{ type: 'music', moods }}
      />
    </div>
  );
}
