import { ListMusic } from 'lucide-react';
import { catalogApi, emptyProductList, loadList, loadOr404 } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { playlistMeta } from '../../features/catalog/components/playlist-card';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { parseFilters } from '../../features/catalog/filters';
import { notFoundMeta, pageMeta } from '../../features/catalog/meta';
import { formatDate } from '../../lib/format';
import type { Route } from './+types/playlist';

export async function loader({ params, request }: Route.LoaderArgs) {
  const { skip } = parseFilters(new URL(request.url).searchParams);
  const [playlist, products] = await Promise.all([
    loadOr404(() => catalogApi.playlist(params.playlistId)),
    loadList(() => catalogApi.playlistProducts(params.playlistId, skip), emptyProductList()),
  ]);
  // The paged call lists the tracks; the page only needs the playlist's summary.
  const { items: _items, ...summary } = playlist;
  return { playlist: summary, products: products.value, failed: products.failed, skip };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        `${data.playlist.name} playlist`,
        data.playlist.description || `${data.playlist.trackCount} royalty-free tracks curated by Cuewave.`,
      )
    : notFoundMeta();

export default function PlaylistPage({ loaderData }: Route.ComponentProps) {
  const { playlist, products, failed, skip } = loaderData;
  const updated = formatDate(playlist.updateTS);
  return (
    <div className="container">
      <PageHeader
        eyebrow="Playlist"
        icon={<ListMusic />}
        title={playlist.name}
        description={playlist.description || undefined}
        fileId={playlist.fileID}
        seed={playlist.id}
        meta={[playlistMeta(playlist.trackCount, playlist.duration), ...(updated ? [`Updated ${updated}`] : [])]}
        actions={<PlayAllButton items={products.items} />}
      />
      <ProductListing
        title="Tracks"
        label={`${playlist.name} tracks`}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
        emptyText="This playlist is empty for now"
      />
    </div>
  );
}
