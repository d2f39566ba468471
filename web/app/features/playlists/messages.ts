/** The playlist messages of spec §8, word for word. */
export const PLAYLIST_MESSAGES = {
  trackAdded: 'Track added successfully!',
  addFailed: 'Failed to add track.',
  trackDeleted: 'Your track has been deleted',
  removeFailed: 'Failed to remove track.',
  created: 'Your playlist has been created in dashboard',
  createFailed: 'Failed to create playlist.',
  updated: 'Playlist updated successfully!',
  nowPublic: 'Your playlist is now public',
  nowPrivate: 'Your playlist is now private',
  updateFailed: 'Failed to update playlist.',
  deleted: 'Your playlist has been deleted',
  deleteFailed: 'Failed to delete playlist.',
} as const;

/** Playlist names in toasts are cut at this many characters, with an ellipsis (spec §8). */
export const TOAST_NAME_MAX = 20;

/** A playlist name as a toast shows it: at most 20 characters, then an ellipsis. */
export function toastName(name: string): string {
  const chars = Array.from(name.trim());
  return chars.length > TOAST_NAME_MAX ? chars.slice(0, TOAST_NAME_MAX).join('').trimEnd() + '…' : chars.join('');
}

/** 'Track added to' plus the playlist's name (cut), or the plain success message when there is no name. */
export function trackAddedMessage(playlistName?: string | null): string {
  const name = playlistName?.trim();
  return name ? `Track added to ${toastName(name)}` : PLAYLIST_MESSAGES.trackAdded;
}
