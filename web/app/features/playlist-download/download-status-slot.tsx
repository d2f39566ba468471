import { lazy, Suspense } from 'react';
import { usePlaylistDownloadStarted } from './download-activity';

const DownloadStatusModal = lazy(() =>
  import('./download-status-modal').then((m) => ({ default: m.DownloadStatusModal })),
);

/**
 * The root shell's place for the download status modal (spec §2, first in the shell). The modal's
 * code loads with the tab's first playlist download; it shows nothing while it loads (the download
 * itself has only just been asked for) and picks up the store's state, a failure included, once here.
 */
export function DownloadStatusSlot() {
  const started = usePlaylistDownloadStarted();
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <DownloadStatusModal />
    </Suspense>
  );
}
