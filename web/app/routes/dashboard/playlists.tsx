import { PlaylistList } from '../../features/playlists/playlist-list';
import { playlistsApi } from '../../features/playlists/api';
import type { Route } from './+types/playlists';

export const meta = () => [{ title: 'Playlists · Cuewave' }, { name: 'robots', content: 'noindex' }];

/** The dashboard layout's guard has run (signed in, with a plan). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    return { playlists: await playlistsApi.list({ request }), failed: false };
  } catch {
    return { playlists: [], failed: true };
  }
}

/** /dashboard/playlists: the user's playlists; create and delete. */
export default function PlaylistsPage({ loaderData }: Route.ComponentProps) {
  return <PlaylistList initial={loaderData.playlists} failed={loaderData.failed} />;
}
