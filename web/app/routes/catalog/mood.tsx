import { redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formattersFor, useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { Smile } from 'lucide-react';
import { catalogApi, emptyProductList, loadList, offeredIds, loadOr404, notFound } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { countActiveFilters, dropUnknownFilterIds, parseFilters, toProductQuery } from '../../features/catalog/filters';
import { notFoundMeta, pageMeta, trackCount } from '../../features/catalog/meta';
import type { Route } from './+types/mood';

export async function loader({ params, request }: Route.LoaderArgs) {
  const { t, language } = requestTexts(request, 'catalog-meta');
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const [moods, products, genres] = await Promise.all([
    loadOr404(() => catalogApi.moods()),
    loadList(
      () => catalogApi.products('music', toProductQuery(filters, { mood: [params.moodId] })),
      emptyProductList(),
    ),
    loadList(() => catalogApi.genres(), []),
  ]);
  // Ids this page doesn't offer leave the URL instead of filtering the list to nothing.
  const { redirectTo } = dropUnknownFilterIds(url, filters, { genre: offeredIds(genres) });
  if (redirectTo) throw redirect(redirectTo);
  const mood = moods.find((m) => m.id === params.moodId);
  if (!mood) throw notFound();
  const count = products.value.count;
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = {
    title: t('mood.title', { name: mood.name }),
    description: t('mood.description', {
      count,
      n: formattersFor(language).number(count),
      lower: mood.name.toLowerCase(),
    }),
  };
  return {
    meta,
    mood,
    products: products.value,
    failed: products.failed,
    genres: genres.value.map(({ id, name }) => ({ id, name })),
    skip: filters.skip,
    filtered: countActiveFilters(filters) > 0,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(data.meta.title, data.meta.description) : notFoundMeta(matches);

export default function MoodPage({ loaderData }: Route.ComponentProps) {
  const { mood, products, failed, genres, skip, filtered } = loaderData;
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return (
    <div className="container">
      <PageHeader
        eyebrow={t('mood.eyebrow')}
        icon={<Smile />}
        title={mood.name}
        fileId={mood.fileID}
        seed={mood.id}
        meta={failed || filtered ? [] : [trackCount(t, number, products.count)]}
        actions={<PlayAllButton items={products.items} />}
      />
      <ProductListing
        title={t('listTitle', { name: mood.name })}
        label={t('listTitle', { name: mood.name })}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        filters={{ type: 'music', genres }}
      />
    </div>
  );
}
