import { useTranslation } from 'react-i18next';
import { formattersFor } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { Clapperboard } from 'lucide-react';
import { catalogApi, emptyProductList, loadList, loadOr404, notFound } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { usePlaylistMeta } from '../../features/catalog/components/playlist-card';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { parseFilters } from '../../features/catalog/filters';
import { notFoundMeta, pageMeta } from '../../features/catalog/meta';
import type { Route } from './+types/reel';

export async function loader({ params, request }: Route.LoaderArgs) {
  const { t, language } = requestTexts(request, 'catalog-meta');
  const { skip } = parseFilters(new URL(request.url).searchParams);
  const [reels, products] = await Promise.all([
    loadOr404(() => catalogApi.reels()),
    loadList(() => catalogApi.playlistProducts(params.reelId, skip), emptyProductList()),
  ]);
  const reel = reels.find((r) => r.id === params.reelId);
  if (!reel) throw notFound();
  const vars = { name: reel.name, count: reel.trackCount, n: formattersFor(language).number(reel.trackCount) };
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = { title: t('reel.title', vars), description: t('reel.description', vars) };
  return { reel, products: products.value, failed: products.failed, skip, meta };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(data.meta.title, data.meta.description) : notFoundMeta(matches);

export default function ReelPage({ loaderData }: Route.ComponentProps) {
  const { reel, products, failed, skip } = loaderData;
  const { t } = useTranslation('catalog');
  const playlistMeta = usePlaylistMeta();
  return (
    <div className="container">
      <PageHeader
        eyebrow={t('reels.eyebrow')}
        icon={<Clapperboard />}
        title={reel.name}
        fileId={reel.fileID}
        seed={reel.id}
        meta={[playlistMeta(reel.trackCount, reel.duration)]}
        actions={<PlayAllButton items={products.items} />}
      />
      <ProductListing
        title={t('reel.tracks')}
        label={t('listTitle', { name: reel.name })}
        items={products.items}
        count={products.count}
        skip={skip}
        failed={failed}
      />
    </div>
  );
}
