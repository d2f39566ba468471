import { Clapperboard } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { catalogApi, loadList } from '../../features/catalog/api';
import { CardGrid, CardGridItem } from '../../features/catalog/components/card-grid';
import { CategoryCard } from '../../features/catalog/components/category-card';
import { LoadFailed } from '../../features/catalog/components/load-failed';
import { PageHeader } from '../../features/catalog/components/page-header';
import { playlistMeta } from '../../features/catalog/components/playlist-card';
import { pageMeta, trackCount } from '../../features/catalog/meta';
import { catalogPaths, useLocalize } from '../../features/catalog/paths';
import type { Route } from './+types/reels';

export async function loader() {
  const reels = await loadList(() => catalogApi.reels(), []);
  return { reels: reels.value, failed: reels.failed };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Music for Reels & Shorts',
    'Short, punchy, trend-ready music for Instagram Reels, TikTok and YouTube Shorts. Preview free, post without claims with Cuewave.',
  );

export default function ReelsPage({ loaderData }: Route.ComponentProps) {
  const { reels, failed } = loaderData;
  const localize = useLocalize();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow="Reels & shorts"
        icon={<Clapperboard />}
        title="Music for Reels & Shorts"
        description="Hooks that land in the first second. Curated collections for vertical video on every platform."
        seed="reels"
        meta={reels.length ? [trackCount(reels.length, 'collection')] : undefined}
      />
      {failed ? (
        <LoadFailed what="the collections" />
      ) : reels.length === 0 ? (
        <EmptyState
          icon={<Clapperboard />}
          title="No collections yet"
          description="New collections are on the way. Check back soon."
        />
      ) : (
        <CardGrid variant="reel" label="Reels and shorts collections" testId="reel-grid">
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
