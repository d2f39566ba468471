import { loadOr404, notFound } from '../../features/catalog/api';
import { playlistsApi } from '../../features/playlists/api';
import { PlaylistEditor } from '../../features/playlists/playlist-editor';
import { PlaylistDownloadButton } from '../../features/playlist-download/playlist-download-button';
import { notFoundMeta } from '../../features/catalog/meta';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/playlist';

/** The title in the request's language comes with the loader's data; a 404 takes the document's own. */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? [{ title: data.title }, { name: 'robots', content: 'noindex' }] : notFoundMeta(matches);

/** The layout's guard has run. Only the owner edits: anyone else's playlist (public or not) is a 404 here. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const playlist = await loadOr404(() => playlistsApi.get(params.playlistId, { request }));
  if (!playlist.owned) throw notFound();
  const { t } = requestTexts(request, 'dashboard');
  const title = playlist.favorites ? t('meta.favouritesTitle') : t('meta.playlistTitle', { name: playlist.name });
  return { playlist, title };
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
