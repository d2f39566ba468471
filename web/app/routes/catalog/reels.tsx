import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { Clapperboard } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { catalogApi, loadList } from '../../features/catalog/api';
import { CardGrid, CardGridItem } from '../../features/catalog/components/card-grid';
import { CategoryCard } from '../../features/catalog/components/category-card';
import { LoadFailed } from '../../features/catalog/components/load-failed';
import { PageHeader } from '../../features/catalog/components/page-header';
import { usePlaylistMeta } from '../../features/catalog/components/playlist-card';
import { pageMeta, trackCount } from '../../features/catalog/meta';
import { catalogPaths, useLocalize } from '../../features/catalog/paths';
import type { Route } from './+types/reels';

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'catalog-meta');
  const reels = await loadList(() => catalogApi.reels(), []);
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = { title: t('reels.title'), description: t('reels.description') };
  return { reels: reels.value, failed: reels.failed, meta };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

export default function ReelsPage({ loaderData }: Route.ComponentProps) {
  const { reels, failed } = loaderData;
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const playlistMeta = usePlaylistMeta();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow={t('reels.eyebrow')}
        icon={<Clapperboard />}
        title={t('reels.title')}
        description={t('reels.description')}
        seed="reels"
        meta={reels.length ? [trackCount(t, number, reels.length, 'collection')] : undefined}
      />
      {failed ? (
        <LoadFailed what="collections" />
      ) : reels.length === 0 ? (
        <EmptyState icon={<Clapperboard />} title={t('reels.emptyTitle')} description={t('reels.emptyDescription')} />
      ) : (
        <CardGrid variant="reel" label={t('reels.label')} testId="reel-grid">
          {reels.map((reel, i) => (
            <CardGridItem key={reel.id}>
              <CategoryCard
                id={reel.id}
                name={reel.name}
                fileId={reel.fileID}
                to={localize(catalogPaths.reel(reel.id))}
                meta={playlistMeta(reel.trackCount, reel.duration)}
                priority={i < 6}
              />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </div>
  );
}
