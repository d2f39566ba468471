import { useTranslation } from 'react-i18next';
import { requestTexts } from '../../i18n/request-texts.server';
import { ListMusic } from 'lucide-react';
import type { PlaylistSummary } from '@cuewave/contract/catalog';
import { EmptyState } from '../../components/ui/empty-state';
import { catalogApi, loadList } from '../../features/catalog/api';
import { CardGrid, CardGridItem } from '../../features/catalog/components/card-grid';
import { LoadFailed } from '../../features/catalog/components/load-failed';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlaylistCard } from '../../features/catalog/components/playlist-card';
import { SectionHeader } from '../../features/catalog/components/section-header';
import { pageMeta } from '../../features/catalog/meta';
import { catalogPaths, useLocalize } from '../../features/catalog/paths';
import styles from '../../features/catalog/components/catalog-page.module.css';
import type { Route } from './+types/playlists';

export async function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'catalog-meta');
  const [music, sfx] = await Promise.all([
    loadList(() => catalogApi.publicPlaylists('music'), []),
    loadList(() => catalogApi.publicPlaylists('sfx'), []),
  ]);
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = { title: t('playlists.title'), description: t('playlists.description') };
  return { music: music.value, musicFailed: music.failed, sfx: sfx.value, sfxFailed: sfx.failed, meta };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.meta.title, data.meta.description) : []);

function PlaylistSection({
  id,
  title,
  description,
  playlists,
  failed,
}: {
  id: string;
  title: string;
  description: string;
  playlists: PlaylistSummary[];
  failed: boolean;
}) {
  const localize = useLocalize();
  const { t } = useTranslation('catalog');
  return (
    <section className={styles.section} aria-labelledby={id}>
      <SectionHeader id={id} title={title} description={description} />
      {failed ? (
        <LoadFailed what="playlists" />
      ) : playlists.length === 0 ? (
        <EmptyState
          icon={<ListMusic />}
          title={t('playlists.emptyTitle')}
          description={t('playlists.emptyDescription')}
          compact
          headingLevel={3}
        />
      ) : (
        <CardGrid variant="playlist" label={title}>
          {playlists.map((playlist, i) => (
            <CardGridItem key={playlist.id}>
              <PlaylistCard playlist={playlist} to={localize(catalogPaths.playlist(playlist.id))} priority={i < 5} />
            </CardGridItem>
          ))}
        </CardGrid>
      )}
    </section>
  );
}

export default function PlaylistsPage({ loaderData }: Route.ComponentProps) {
  const { music, musicFailed, sfx, sfxFailed } = loaderData;
  const { t } = useTranslation('catalog');
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow={t('playlists.eyebrow')}
        icon={<ListMusic />}
        title={t('playlists.title')}
        description={t('playlists.description')}
        seed="playlists"
      />
      <PlaylistSection
        id="music-playlists"
        title={t('playlists.musicTitle')}
        description={t('playlists.musicDescription')}
        playlists={music}
        failed={musicFailed}
      />
      <PlaylistSection
        id="sfx-playlists"
        title={t('playlists.sfxTitle')}
        description={t('playlists.sfxDescription')}
        playlists={sfx}
        failed={sfxFailed}
      />
    </div>
  );
}
