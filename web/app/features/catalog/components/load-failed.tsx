import { useRevalidator } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';

/** What failed to load: each has its own sentence, since languages decline the noun differently. */
export type LoadFailedWhat = 'list' | 'tracks' | 'playlists' | 'genres' | 'collections' | 'categories' | 'moods';

/** A load failed on the server side: say so kindly and offer a retry (spec §8: the list is empty). */
export function LoadFailed({ what = 'list' }: { what?: LoadFailedWhat }) {
  const revalidator = useRevalidator();
  const { t } = useTranslation('catalog');
  return (
    <EmptyState
      icon={<AlertTriangle />}
      title={t(`loadFailed.title.${what}`)}
      description={t('loadFailed.description')}
      actions={
        <Button
          variant="secondary"
          icon={<RotateCw />}
          loading={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          {t('loadFailed.retry')}
        </Button>
      }
      headingLevel={3}
      role="alert"
      compact
    />
  );
}
