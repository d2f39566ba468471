import { TrendingUp } from 'lucide-react';
import { catalogApi, loadList } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { pageMeta, trackCount } from '../../features/catalog/meta';
import type { Route } from './+types/top-music';

export async function loader() {
  const top = await loadList(() => catalogApi.topTracks(), { products: [] });
  return { items: top.value.products, failed: top.failed };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    'Top music',
    `The ${data?.items.length || ''} most-used royalty-free tracks on Cuewave right now. Preview the charts and license for your next video.`.replace(
      '  ',
      ' ',
    ),
  );

export default function TopMusicPage({ loaderData }: Route.ComponentProps) {
  const { items, failed } = loaderData;
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow="Charts"
        icon={<TrendingUp />}
        title="Top music"
        description="The tracks creators are reaching for most this week."
        seed="top-music"
        meta={items.length ? [trackCount(items.length)] : undefined}
        actions={<PlayAllButton items={items} label="Play the chart" />}
      />
      <ProductListing
        title="This week's chart"
        label="Top music"
        items={items}
        count={items.length}
        skip={0}
        failed={failed}
        ranked
      />
    </div>
  );
}
