import { Clapperboard } from 'lucide-react';
import { catalogApi, emptyProductList, loadList, loadOr404, notFound } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { playlistMeta } from '../../features/catalog/components/playlist-card';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { parseFilters } from '../../features/catalog/filters';
import { notFoundMeta, pageMeta } from '../../features/catalog/meta';
import type { Route } from './+types/reel';

export async function loader({ params, request }: Route.LoaderArgs) {
  const { skip } = parseFilters(new URL(request.url).searchParams);
  const [reels, products] = await Promise.all([
    loadOr404(() => catalogApi.reels()),
    loadList(() => catalogApi.playlistProducts(params.reelId, skip), emptyProductList()),
  ]);
  const reel = reels.find((r) => r.id === params.reelId);
  if (!reel) throw notFound();
  return { reel, products: products.value, failed: products.failed, skip };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        `${data.reel.name} · Music for Reels & Shorts`,
        `${data.reel.trackCount} tracks for ${data.reel.name}: short, trend-ready music for Reels, TikTok and Shorts on Cuewave.`,
      )
    : notFoundMeta();

export default function ReelPage({ loaderData }: Route.ComponentProps) {
  const { reel, products, failed, skip } = loaderData;
  return (
    <div className="container">
      <PageHeader
        eyebrow="Reels & shorts"
        icon={<Clapperboard />}
        title={reel.name}
        fileId={reel.fileID}
        seed={reel.id}
        meta={[playlistMeta(reel.trackCount, reel.duration)]}
        actions={<PlayAllButton items={products.items} />}
      />
      <ProductListing
        title="Tracks"
        label={`${reel.name} tracks`}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
      />
    </div>
  );
}
