import { PlaylistList } from '../../features/playlists/playlist-list';
import { playlistsApi } from '../../features/playlists/api';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/playlists';

/** The title in the request's language comes with the loader's data (meta runs outside React). */
export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: 'robots', content: 'noindex' },
];

/** The dashboard layout's guard has run (signed in, with a plan). */
export async function loader({ request }: Route.LoaderArgs) {
  const title = requestTexts(request, 'dashboard').t('meta.playlistsTitle');
  try {
    return { title, playlists: await playlistsApi.list({ request }), failed: false };
  } catch {
    return { title, playlists: [], failed: true };
  }
}

/** /dashboard/playlists: the user's playlists; create and delete. */
export default function PlaylistsPage({ loaderData }: Route.ComponentProps) {
  return <PlaylistList initial={loaderData.playlists} failed={loaderData.failed} />;
}
