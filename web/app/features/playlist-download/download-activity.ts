import { useSyncExternalStore } from 'react';

/**
 * Whether this tab has started a playlist download. The root shell is on every page and playlist
 * downloads start on few, so the status modal and the download store behind it (API client, event
 * stream reader) load from the first download on (issue 15: first-load script), not with every page.
 */
let started = false;
const listeners = new Set<() => void>();

/** Called by the download store when a download starts; the root shell then loads the status modal. */
export function announcePlaylistDownload(): void {
  if (started) return;
  started = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** False on the server and until the first playlist download of this tab. */
export function usePlaylistDownloadStarted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => started,
    () => false,
  );
}
