import { Smile } from 'lucide-react';
import { EmptyState } from '../../components/ui/empty-state';
import { catalogApi, loadList } from '../../features/catalog/api';
import { CardGrid, CardGridItem } from '../../features/catalog/components/card-grid';
import { CategoryCard } from '../../features/catalog/components/category-card';
import { LoadFailed } from '../../features/catalog/components/load-failed';
import { PageHeader } from '../../features/catalog/components/page-header';
import { pageMeta, trackCount } from '../../features/catalog/meta';
import { catalogPaths, useLocalize } from '../../features/catalog/paths';
import type { Route } from './+types/moods';

export async function loader() {
  const moods = await loadList(() => catalogApi.moods(), []);
  return { moods: moods.value, failed: moods.failed };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Music by mood',
    'Find royalty-free music by how it feels: uplifting, dark, dreamy, epic and more. Preview free on Cuewave.',
  );

export default function MoodsPage({ loaderData }: Route.ComponentProps) {
  const { moods, failed } = loaderData;
  const localize = useLocalize();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow="Moods"
        icon={<Smile />}
        title="Music by mood"
        description="Start from the feeling. Every mood gathers tracks across genres, so you can score the moment, not the category."
        seed="moods"
        meta={moods.length ? [trackCount(moods.length, 'mood')] : undefined}
      />
      {failed ? (
        <LoadFailed what="the moods" />
      ) : moods.length === 0 ? (
        <EmptyState
          icon={<Smile />}
          title="No moods yet"
          description="The catalogue is being stocked. Check back soon."
        />
      ) : (
        <CardGrid label="Moods" testId="mood-grid">
          {moods.map((mood, i) => (
            <CardGridItem key={mood.id}>
              <CategoryCard
                id={mood.id}
                name={mood.name}
                fileId={mood.fileID}
                to={localize(catalogPaths.mood(mood.id))}
                shape="wide"
                priority={i < 4}
              />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </div>
  );
}
