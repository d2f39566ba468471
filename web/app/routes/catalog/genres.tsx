import { Disc3 } from 'lucide-react';
import { catalogApi, loadList } from '../../features/catalog/api';
import { CardGrid, CardGridItem } from '../../features/catalog/components/card-grid';
import { CategoryCard } from '../../features/catalog/components/category-card';
import { LoadFailed } from '../../features/catalog/components/load-failed';
import { PageHeader } from '../../features/catalog/components/page-header';
import { EmptyState } from '../../components/ui/empty-state';
import { catalogPaths, useLocalize } from '../../features/catalog/paths';
import { pageMeta, trackCount } from '../../features/catalog/meta';
import type { Route } from './+types/genres';

export async function loader() {
  const genres = await loadList(() => catalogApi.genres(), []);
  return { genres: genres.value, failed: genres.failed };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    'Music catalog: browse by genre',
    `Royalty-free music by genre${
      data?.genres.length
        ? ` — ${data.genres
            .map((g) => g.name)
            .slice(0, 8)
            .join(', ')} and more`
        : ''
    }. Preview every track, license with one Cuewave subscription.`,
  );

export default function GenresPage({ loaderData }: Route.ComponentProps) {
  const { genres, failed } = loaderData;
  const localize = useLocalize();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow="Music catalog"
        icon={<Disc3 />}
        title="Browse by genre"
        description="From cinematic swells to lo-fi grooves: every genre, hand-picked subgenres and tracks cleared for your content."
        seed="genres"
        meta={genres.length ? [trackCount(genres.length, 'genre')] : undefined}
      />
      {failed ? (
        <LoadFailed what="the genres" />
      ) : genres.length === 0 ? (
        <EmptyState
          icon={<Disc3 />}
          title="No genres yet"
          description="The catalogue is being stocked. Check back soon."
        />
      ) : (
        <CardGrid label="Genres" testId="genre-grid">
          {genres.map((genre, i) => (
            <CardGridItem key={genre.id}>
              <CategoryCard
                id={genre.id}
                name={genre.name}
                fileId={genre.fileID}
                to={localize(catalogPaths.genre(genre.id))}
                meta={genre.children.length ? trackCount(genre.children.length, 'subgenre') : undefined}
                links={genre.children.map((sub) => ({
                  id: sub.id,
                  name: sub.name,
                  to: localize(catalogPaths.subgenre(genre.id, sub.id)),
                }))}
                moreTo={localize(catalogPaths.genre(genre.id))}
                priority={i < 4}
              />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </div>
  );
}
