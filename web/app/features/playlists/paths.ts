/** Where playlists live (spec §2). The public link has no edition prefix: it is shared across editions. */
export const playlistPaths = {
  favorites: () => '/c/playlists/favorites',
  shared: (id: string) => `/c/playlists/u/${encodeURIComponent(id)}`,
  dashboard: () => '/dashboard/playlists',
  edit: (id: string) => `/dashboard/playlists/${encodeURIComponent(id)}`,
};

/** The absolute link a user shares for a public playlist. */
export function shareUrl(id: string, origin = typeof window !== 'undefined' ? window.location.origin : ''): string {
  return origin + playlistPaths.shared(id);
}
