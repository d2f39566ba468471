import { useTranslation } from 'react-i18next';
import { formattersFor, useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { ListMusic } from 'lucide-react';
import { catalogApi, emptyProductList, loadList, loadOr404 } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { usePlaylistMeta } from '../../features/catalog/components/playlist-card';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { parseFilters } from '../../features/catalog/filters';
import { notFoundMeta, pageMeta } from '../../features/catalog/meta';
import type { Route } from './+types/playlist';

export async function loader({ params, request }: Route.LoaderArgs) {
  const { t, language } = requestTexts(request, 'catalog-meta');
  const { skip } = parseFilters(new URL(request.url).searchParams);
  const [playlist, products] = await Promise.all([
    loadOr404(() => catalogApi.playlist(params.playlistId)),
    loadList(() => catalogApi.playlistProducts(params.playlistId, skip), emptyProductList()),
  ]);
  // The paged call lists the tracks; the page only needs the playlist's summary.
  const { items: _items, ...summary } = playlist;
  const count = playlist.trackCount;
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = {
    title: t('playlist.title', { name: playlist.name }),
    description: playlist.description || t('playlist.description', { count, n: formattersFor(language).number(count) }),
  };
  return { playlist: summary, products: products.value, failed: products.failed, skip, meta };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(data.meta.title, data.meta.description) : notFoundMeta(matches);

export default function PlaylistPage({ loaderData }: Route.ComponentProps) {
  const { playlist, products, failed, skip } = loaderData;
  const { t } = useTranslation('catalog');
  const { date } = useFormat();
  const playlistMeta = usePlaylistMeta();
  const updated = date(playlist.updateTS);
  return (
    <div className="container">
      <PageHeader
        eyebrow={t('playlist.eyebrow')}
        icon={<ListMusic />}
        title={playlist.name}
        description={playlist.description || undefined}
        fileId={playlist.fileID}
        seed={playlist.id}
        meta={[
          playlistMeta(playlist.trackCount, playlist.duration),
          ...(updated ? [t('playlist.updated', { date: updated })] : []),
        ]}
        actions={<PlayAllButton items={products.items} />}
      />
      <ProductListing
        title={t('reel.tracks')}
        label={t('listTitle', { name: playlist.name })}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        emptyText={t('playlist.empty')}
      />
    </div>
  );
}
