import { useTranslation } from 'react-i18next';
import { formattersFor, useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { ListMusic } from 'lucide-react';
import { loadOr404 } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { PlaylistDownloadButton } from '../../features/playlist-download/playlist-download-button';
import { usePlaylistMeta } from '../../features/catalog/components/playlist-card';
import { TrackList } from '../../features/catalog/components/track-list';
import { notFoundMeta, pageMeta } from '../../features/catalog/meta';
import { playlistsApi } from '../../features/playlists/api';
import { OwnerBar } from '../../features/playlists/owner-bar';
import type { Route } from './+types/user-playlist';

/**
 * A user's playlist by its shareable link: anyone may open a public one, signed in or not; a private
 * one only its owner. Anything else (private, deleted, unknown) is the page's 404 (spec §8: a failed
 * public playlist fetch means "playlist not found").
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const { t, language } = requestTexts(request, 'catalog-meta');
  const playlist = await loadOr404(() => playlistsApi.get(params.playlistId, { request }));
  const count = playlist.trackCount;
  // meta runs outside React: its texts come in the request's language (decision 075).
  const meta = {
    title: t('playlist.title', { name: playlist.name }),
    description:
      playlist.description || t('userPlaylist.description', { count, n: formattersFor(language).number(count) }),
  };
  return { playlist, meta };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return notFoundMeta(matches);
  const { playlist } = data;
  const tags = pageMeta(data.meta.title, data.meta.description);
  // A private playlist is only ever seen by its owner: keep it out of search engines.
  return playlist.public ? tags : [...tags, { name: 'robots', content: 'noindex' }];
};

export default function UserPlaylistPage({ loaderData }: Route.ComponentProps) {
  const { playlist } = loaderData;
  const { t } = useTranslation('catalog');
  const { date } = useFormat();
  const playlistMeta = usePlaylistMeta();
  const updated = date(playlist.updateTS);
  const duration = playlist.items.reduce((sum, p) => sum + p.duration, 0);
  return (
    <div className="container">
      <PageHeader
        eyebrow={playlist.public ? t('userPlaylist.shared') : t('userPlaylist.private')}
        icon={<ListMusic />}
        title={playlist.name}
        description={playlist.description || undefined}
        fileId={playlist.fileID ?? playlist.items[0]?.cover ?? null}
        seed={playlist.id}
        meta={[
          playlistMeta(playlist.items.length, duration),
          ...(updated ? [t('playlist.updated', { date: updated })] : []),
        ]}
        actions={
          <>
            <PlayAllButton items={playlist.items} />
            <PlaylistDownloadButton playlist={playlist} />
          </>
        }
      >
        {playlist.owned ? <OwnerBar playlist={playlist} /> : null}
      </PageHeader>
      <TrackList
        items={playlist.items}
        label={t('listTitle', { name: playlist.name })}
        empty={{ title: t('playlist.empty') }}
      />
    </div>
  );
}
