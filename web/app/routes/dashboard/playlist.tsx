import { loadOr404, notFound } from '../../features/catalog/api';
import { playlistsApi } from '../../features/playlists/api';
import { PlaylistEditor } from '../../features/playlists/playlist-editor';
import { PlaylistDownloadButton } from '../../features/playlist-download/playlist-download-button';
import type { Route } from './+types/playlist';

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: data
      ? `${data.playlist.favorites ? 'Favourites' : data.playlist.name} · Playlists · Cuewave`
      : 'Playlist not found · Cuewave',
  },
  { name: 'robots', content: 'noindex' },
];

/** The layout's guard has run. Only the owner edits: anyone else's playlist (public or not) is a 404 here. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const playlist = await loadOr404(() => playlistsApi.get(params.playlistId, { request }));
  if (!playlist.owned) throw notFound();
  return { playlist };
}

/** /dashboard/playlists/{id}: the playlist editor, with the playlist archives' download button. */
export default function PlaylistPage({ loaderData }: Route.ComponentProps) {
  return (
    <PlaylistEditor
      key={loaderData.playlist.id}
      playlist={loaderData.playlist}
      renderDownload={(playlist) => <PlaylistDownloadButton playlist={playlist} />}
    />
  );
}
