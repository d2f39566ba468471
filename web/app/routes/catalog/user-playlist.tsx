import { ListMusic } from 'lucide-react';
import { loadOr404 } from '../../features/catalog/api';
import { PageHeader } from '../../features/catalog/components/page-header';
import { PlayAllButton } from '../../features/catalog/components/play-all-button';
import { PlaylistDownloadButton } from '../../features/playlist-download/playlist-download-button';
import { playlistMeta } from '../../features/catalog/components/playlist-card';
import { TrackList } from '../../features/catalog/components/track-list';
import { notFoundMeta, pageMeta } from '../../features/catalog/meta';
import { playlistsApi } from '../../features/playlists/api';
import { OwnerBar } from '../../features/playlists/owner-bar';
import { formatDate } from '../../lib/format';
import type { Route } from './+types/user-playlist';

/**
 * A user's playlist by its shareable link: anyone may open a public one, signed in or not; a private
 * one only its owner. Anything else (private, deleted, unknown) is the page's 404 (spec §8: a failed
 * public playlist fetch means "playlist not found").
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const playlist = await loadOr404(() => playlistsApi.get(params.playlistId, { request }));
  return { playlist };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return notFoundMeta();
  const { playlist } = data;
  const tags = pageMeta(
    `${playlist.name} playlist`,
    playlist.description || `${playlist.trackCount} royalty-free tracks collected on Cuewave.`,
  );
  // A private playlist is only ever seen by its owner: keep it out of search engines.
  return playlist.public ? tags : [...tags, { name: 'robots', content: 'noindex' }];
};

export default function UserPlaylistPage({ loaderData }: Route.ComponentProps) {
  const { playlist } = loaderData;
  const updated = formatDate(playlist.updateTS);
  const duration = playlist.items.reduce((sum, p) => sum + p.duration, 0);
  return (
    <div className="container">
      <PageHeader
        eyebrow={playlist.public ? 'Shared playlist' : 'Private playlist'}
        icon={<ListMusic />}
        title={playlist.name}
        description={playlist.description || undefined}
        fileId={playlist.fileID ?? playlist.items[0]?.cover ?? null}
        seed={playlist.id}
        meta={[playlistMeta(playlist.items.length, duration), ...(updated ? [`Updated ${updated}`] : [])]}
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
        label={`${playlist.name} tracks`}
        empty={{ title: 'This playlist is empty for now' }}
      />
    </div>
  );
}
