import type { TFunction } from 'i18next';

export type PlaylistsT = TFunction<'playlists'>;

/**
 * The playlist messages of spec §8: keys of the `playlists` texts, whose English is the spec's word for
 * word. Callers show `t(PLAYLIST_MESSAGES.created)` with the `t` of their component.
 */
export const PLAYLIST_MESSAGES = {
  trackAdded: 'messages.trackAdded',
  addFailed: 'messages.addFailed',
  trackDeleted: 'messages.trackDeleted',
  removeFailed: 'messages.removeFailed',
  created: 'messages.created',
  createFailed: 'messages.createFailed',
  updated: 'messages.updated',
  nowPublic: 'messages.nowPublic',
  nowPrivate: 'messages.nowPrivate',
  updateFailed: 'messages.updateFailed',
  deleted: 'messages.deleted',
  deleteFailed: 'messages.deleteFailed',
} as const;

/** Playlist names in toasts are cut at this many characters, with an ellipsis (spec §8). */
export const TOAST_NAME_MAX = 20;

/** A playlist name as a toast shows it: at most 20 characters, then an ellipsis. */
export function toastName(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length > TOAST_NAME_MAX ? chars.slice(0, TOAST_NAME_MAX).join('').trimEnd() + '…' : chars.join('');
}

/** 'Track added to' plus the playlist's name (cut), or the plain success message when there is no name. */
export function trackAddedMessage(t: PlaylistsT, playlistName?: string | null): string {
  const name = playlistName?.trim();
  return name ? t('messages.trackAddedTo', { name: toastName(name) }) : t(PLAYLIST_MESSAGES.trackAdded);
}
