import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
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

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'catalog-meta');
  const moods = await loadList(() => catalogApi.moods(), []);
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = { title: t('moods.title'), description: t('moods.description') };
  return { moods: moods.value, failed: moods.failed, meta };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

export default function MoodsPage({ loaderData }: Route.ComponentProps) {
  const { moods, failed } = loaderData;
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow={t('moods.eyebrow')}
        icon={<Smile />}
        title={t('moods.title')}
        description={t('moods.description')}
        seed="moods"
        meta={moods.length ? [trackCount(t, number, moods.length, 'mood')] : undefined}
      />
      {failed ? (
        <LoadFailed what="moods" />
      ) : moods.length === 0 ? (
        <EmptyState icon={<Smile />} title={t('moods.emptyTitle')} description={t('stocking')} />
      ) : (
        <CardGrid label={t('moods.eyebrow')} testId="mood-grid">
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
