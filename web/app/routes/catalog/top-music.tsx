import { useTranslation } from 'react-i18next';
import { formattersFor, useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { TrendingUp } from 'lucide-react';
import { catalogApi, loadList } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { pageMeta, trackCount } from '../../features/catalog/meta';
import type { Route } from './+types/top-music';

export async function loader({ request }: Route.LoaderArgs) {
  const { t, language } = requestTexts(request, 'catalog-meta');
  const top = await loadList(() => catalogApi.topTracks(), { products: [] });
  const count = top.value.products.length;
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = {
    title: t('topMusic.title'),
    description: count
      ? t('topMusic.descriptionCounted', { count, n: formattersFor(language).number(count) })
      : t('topMusic.description'),
  };
  return { items: top.value.products, failed: top.failed, meta };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

export default function TopMusicPage({ loaderData }: Route.ComponentProps) {
  const { items, failed } = loaderData;
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow={t('home.chartsEyebrow')}
        icon={<TrendingUp />}
        title={t('topMusic.title')}
        description={t('topMusic.description')}
        seed="top-music"
        meta={items.length ? [trackCount(t, number, items.length)] : undefined}
        actions={<PlayAllButton items={items} label={t('topMusic.playChart')} />}
      />
      <ProductListing
        title={t('topMusic.listTitle')}
        label={t('topMusic.title')}
        items={items}
        count={items.length}
        skip={0}
        failed={failed}
        ranked
      />
    </div>
  );
}
