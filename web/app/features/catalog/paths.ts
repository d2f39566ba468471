import { useCallback } from 'react';
import { useEdition, type Edition } from '../shell/edition';

/**
 * Where the catalogue's pages live (spec §2). Paths are given without the regional prefix; pass them
 * through `useLocalize()` so links from a /us page stay under /us.
 */
export const catalogPaths = {
  genres: () => '/c/genres',
  genre: (genreId: string) => `/c/genres/${encodeURIComponent(genreId)}`,
  subgenre: (genreId: string, subgenreId: string) =>
    `/c/genres/${encodeURIComponent(genreId)}/${encodeURIComponent(subgenreId)}`,
  moods: () => '/c/moods',
  mood: (moodId: string) => `/c/moods/${encodeURIComponent(moodId)}`,
  sfx: () => '/c/sfx',
  sfxCategory: (categoryId: string) => `/c/sfx/${encodeURIComponent(categoryId)}`,
  reels: () => '/c/reels',
  reel: (reelId: string) => `/c/reels/${encodeURIComponent(reelId)}`,
  playlists: () => '/c/playlists',
  playlist: (playlistId: string) => `/c/playlists/${encodeURIComponent(playlistId)}`,
  topMusic: () => '/c/top-music',
  song: (songId: string) => `/c/song/${encodeURIComponent(songId)}`,
};

/**
 * Catalogue links keep the visitor in the edition tree they are browsing (/us/c/... from a /us page),
 * like the catalogue switcher does. The shell's `localizedPath` only prefixes the pages spec §2 lists
 * as regional, so it's the right tool for /, /licenses or /register but would drop /us here.
 */
export function localize(path: string, edition: Edition): string {
  if (edition !== 'us' || !path.startsWith('/') || /^\/us(?=\/|$|\?)/.test(path)) return path;
  return path === '/' ? '/us' : `/us${path}`;
}

/** A stable function that localises a catalogue path for the current page's edition. */
export function useLocalize(): (path: string) => string {
  const edition = useEdition();
  return useCallback((path: string) => localize(path, edition), [edition]);
}
