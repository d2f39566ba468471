import { useSyncExternalStore } from 'react';
import { downloadStore, type PlaylistDownloadState } from './download-store';

/** The tab's active playlist download (idle on the server and before one starts). */
export function usePlaylistDownload(): PlaylistDownloadState {
  return useSyncExternalStore(downloadStore.subscribe, downloadStore.getSnapshot, downloadStore.getServerSnapshot);
}
