import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
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

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'catalog-meta');
  const genres = await loadList(() => catalogApi.genres(), []);
  const names = genres.value
    .map((g) => g.name)
    .slice(0, 8)
    .join(', ');
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = {
    title: t('genres.title'),
    description: names ? t('genres.descriptionNamed', { names }) : t('genres.description'),
  };
  return { genres: genres.value, failed: genres.failed, meta };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

export default function GenresPage({ loaderData }: Route.ComponentProps) {
  const { genres, failed } = loaderData;
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow={t('genres.eyebrow')}
        icon={<Disc3 />}
        title={t('genres.title')}
        description={t('genres.description')}
        seed="genres"
        meta={genres.length ? [trackCount(t, number, genres.length, 'genre')] : undefined}
      />
      {failed ? (
        <LoadFailed what="genres" />
      ) : genres.length === 0 ? (
        <EmptyState icon={<Disc3 />} title={t('genres.emptyTitle')} description={t('stocking')} />
      ) : (
        <CardGrid label={t('genres.label')} testId="genre-grid">
          {genres.map((genre, i) => (
            <CardGridItem key={genre.id}>
              <CategoryCard
                id={genre.id}
                name={genre.name}
                fileId={genre.fileID}
                to={localize(catalogPaths.genre(genre.id))}
                meta={genre.children.length ? trackCount(t, number, genre.children.length, 'subgenre') : undefined}
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
