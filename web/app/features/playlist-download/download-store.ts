import { archiveFileName, type ArchiveFormat } from '@cuewave/contract/archives';
import { saveBlob } from '../../lib/save-blob';
import { fetchArchive, followArchive, requestPlaylistDownload } from './api';
import { announcePlaylistDownload } from './download-activity';

/**
 * The active playlist download of this tab (spec §3 Playlist download job, §4): one at a time, kept
 * outside React so it survives navigation while the root shell's status modal shows it.
 *
 * preparing (job requested) → downloading (progress events, then bytes over Content-Length) →
 * downloaded (archive fully received) → file saved, and everything resets. Any error: failure,
 * counters reset, the error handed to the shared handler (the modal shows a toast). Closing the
 * modal aborts the request and the streams.
 */
export type DownloadStatus = 'idle' | 'preparing' | 'downloading' | 'downloaded' | 'failure';

export type PlaylistDownloadState = {
  status: DownloadStatus;
  playlistId: string | null;
  playlistName: string | null;
  jobId: string | null;
  filesProcessed: number;
  totalFiles: number;
  /** Rounded bytes received over Content-Length (spec §9); null until the zip's bytes start arriving. */
  percentage: number | null;
  /** The last failure, for the shared error handler; `seq` tells a new failure from one already shown. */
  error: { seq: number; cause: unknown } | null;
};

export type PlaylistDownloadOptions = { fileFormat: ArchiveFormat; stems: boolean; items: string[] };

const IDLE: PlaylistDownloadState = {
  status: 'idle',
  playlistId: null,
  playlistName: null,
  jobId: null,
  filesProcessed: 0,
  totalFiles: 0,
  percentage: null,
  error: null,
};

let state: PlaylistDownloadState = IDLE;
let controller: AbortController | null = null;
/** What the last download asked for, so a failure can be tried again as it was. */
let lastRequest: { playlist: { id: string; name: string }; options: PlaylistDownloadOptions } | null = null;
let errorSeq = 0;
const listeners = new Set<() => void>();

function set(patch: Partial<PlaylistDownloadState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const downloadStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => state,
  getServerSnapshot: () => IDLE,
};

export const isActive = (s: PlaylistDownloadState) => s.status !== 'idle';

/** Starts a download (stopping one that is running: a tab follows one playlist at a time). */
export async function startPlaylistDownload(
  playlist: { id: string; name: string },
  options: PlaylistDownloadOptions,
): Promise<void> {
  announcePlaylistDownload();
  controller?.abort();
  lastRequest = { playlist, options };
  const own = new AbortController();
  controller = own;
  const { signal } = own;
  const current = () => controller === own;
  set({ ...IDLE, status: 'preparing', playlistId: playlist.id, playlistName: playlist.name });
  try {
    const { jobId } = await requestPlaylistDownload(playlist.id, options, signal);
    if (!current()) return;
    set({ jobId });
    await followArchive(jobId, signal, ({ filesProcessed, totalFiles, status }) => {
      if (!current()) return;
      set({ filesProcessed, totalFiles, ...(status === 'queued' ? {} : { status: 'downloading' as const }) });
    });
    if (!current()) return;
    set({ status: 'downloading', percentage: 0 });
    const zip = await fetchArchive(jobId, signal, (received, total) => {
      if (current() && total) set({ percentage: Math.min(100, Math.round((received / total) * 100)) });
    });
    if (!current()) return;
    set({ status: 'downloaded', percentage: 100 });
    saveBlob(zip, archiveFileName(playlist.name));
    controller = null;
    set(IDLE);
  } catch (cause) {
    if (!current() || signal.aborted) return;
    controller = null;
    set({
      ...IDLE,
      status: 'failure',
      playlistId: playlist.id,
      playlistName: playlist.name,
      error: { seq: ++errorSeq, cause },
    });
  }
}

/** "Try again" after a failure: the same playlist and options. */
export function retryPlaylistDownload(): Promise<void> {
  return lastRequest ? startPlaylistDownload(lastRequest.playlist, lastRequest.options) : Promise.resolve();
}

/** Closing the modal: stops the request and the streams, and resets everything. */
export function closePlaylistDownload(): void {
  controller?.abort();
  controller = null;
  set(IDLE);
}
