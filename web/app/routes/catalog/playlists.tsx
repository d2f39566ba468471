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

export async function loader() {
  const [music, sfx] = await Promise.all([
    loadList(() => catalogApi.publicPlaylists('music'), []),
    loadList(() => catalogApi.publicPlaylists('sfx'), []),
  ]);
  return { music: music.value, musicFailed: music.failed, sfx: sfx.value, sfxFailed: sfx.failed };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Curated playlists',
    'Playlists of royalty-free music and sound effects, curated by the Cuewave team for every kind of project.',
  );

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
  return (
    <section className={styles.section} aria-labelledby={id}>
      <SectionHeader id={id} title={title} description={description} />
      {failed ? (
        <LoadFailed what="these playlists" />
      ) : playlists.length === 0 ? (
        <EmptyState
          icon={<ListMusic />}
          title="No playlists yet"
          description="Our curators are on it. Check back soon."
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
  return (
    <div className="container">
      <PageHeader
        compact
        eyebrow="Playlists"
        icon={<ListMusic />}
        title="Curated playlists"
        description="Hand-picked by our music team: start with a vibe, leave with the perfect track."
        seed="playlists"
      />
      <PlaylistSection
        id="music-playlists"
        title="Music playlists"
        description="Soundtracks for vlogs, brand films, trailers and everything between."
        playlists={music}
        failed={musicFailed}
      />
      <PlaylistSection
        id="sfx-playlists"
        title="Sound effect packs"
        description="Ready-made kits of transitions, impacts and atmospheres."
        playlists={sfx}
        failed={sfxFailed}
      />
    </div>
  );
}
