import { redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formattersFor, useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { Disc3 } from 'lucide-react';
import { catalogApi, emptyProductList, loadList, offeredIds, loadOr404, notFound } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { SubgenreChips } from '../../features/catalog/components/subgenre-chips';
import { countActiveFilters, dropUnknownFilterIds, parseFilters, toProductQuery } from '../../features/catalog/filters';
import { notFoundMeta, pageMeta, trackCount } from '../../features/catalog/meta';
import type { Route } from './+types/subgenre';

/** 'all' stands for the whole genre (the error page links to /c/genres/{id}/all). */
const ALL = 'all';

export async function loader({ params, request }: Route.LoaderArgs) {
  const { t, language } = requestTexts(request, 'catalog-meta');
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const { genreId, subgenreId } = params;
  const fixed = subgenreId === ALL ? { genre: [genreId] } : { genre: [genreId], subgenre: [subgenreId] };
  const [genre, products, moods] = await Promise.all([
    loadOr404(() => catalogApi.genre(genreId)),
    loadList(() => catalogApi.products('music', toProductQuery(filters, fixed)), emptyProductList()),
    loadList(() => catalogApi.moods(), []),
  ]);
  // Ids this page doesn't offer leave the URL instead of filtering the list to nothing.
  const { redirectTo } = dropUnknownFilterIds(url, filters, { mood: offeredIds(moods) });
  if (redirectTo) throw redirect(redirectTo);
  const subgenre = subgenreId === ALL ? null : genre.children.find((c) => c.id === subgenreId);
  if (subgenre === undefined) throw notFound();
  const count = products.value.count;
  const vars = { genre: genre.name, subgenre: subgenre?.name, count, n: formattersFor(language).number(count) };
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = subgenre
    ? { title: t('subgenre.title', vars), description: t('subgenre.description', vars) }
    : { title: t('subgenre.allTitle', vars), description: t('subgenre.allDescription', vars) };
  return {
    meta,
    genre,
    subgenre,
    products: products.value,
    failed: products.failed,
    moods: moods.value,
    skip: filters.skip,
    filtered: countActiveFilters(filters) > 0,
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(data.meta.title, data.meta.description) : notFoundMeta(matches);

export default function SubgenrePage({ loaderData }: Route.ComponentProps) {
  const { genre, subgenre, products, failed, moods, skip, filtered } = loaderData;
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const title = subgenre ? subgenre.name : t('subgenreChips.all', { name: genre.name });
  return (
    <div className="container">
      <PageHeader
        eyebrow={subgenre ? t('subgenre.eyebrow', { genre: genre.name }) : t('genre.eyebrow')}
        icon={<Disc3 />}
        title={title}
        fileId={subgenre?.fileID ?? genre.fileID}
        seed={subgenre?.id ?? genre.id}
        meta={failed || filtered ? [] : [trackCount(t, number, products.count)]}
        actions={<PlayAllButton items={products.items} />}
      >
        <SubgenreChips genre={genre} current={subgenre?.id ?? ALL} />
      </PageHeader>
      <ProductListing
        title={t('listTitle', { name: title })}
        label={t('listTitle', { name: title })}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        filters={{ type: 'music', moods }}
      />
    </div>
  );
}
