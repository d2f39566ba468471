import {
  isArchiveProgress,
  type ArchiveProgress,
  type PlaylistDownloadJob,
  type PlaylistDownloadRequest,
} from '@cuewave/contract/archives';
import type { ErrorBody } from '@cuewave/contract/errors';
import { ApiError, apiBase, apiSend, refreshSession } from '../../lib/api';
import { readCookie, USER_TOKEN_COOKIE } from '../../lib/cookies';
import { readSse } from './sse';

/** POST /v1/playlist/{id}/download: the job that builds the zip. */
export function requestPlaylistDownload(
  playlistId: string,
  body: PlaylistDownloadRequest,
  signal?: AbortSignal,
): Promise<PlaylistDownloadJob> {
  return apiSend<PlaylistDownloadJob>('POST', `/v1/playlist/${encodeURIComponent(playlistId)}/download`, {
    json: body,
    signal,
  });
}

export const archiveUrl = (jobId: string) => `${apiBase()}/cdn/${encodeURIComponent(jobId)}`;

const token = () => (typeof document === 'undefined' ? null : readCookie(document.cookie, USER_TOKEN_COOKIE));

/**
 * A GET with the bearer, like the API client's calls, that hands back the Response itself so its body
 * can be streamed. An expired session is refreshed once, as the API client does.
 */
async function authedGet(url: string, accept: string, signal: AbortSignal): Promise<Response> {
  const send = (bearer: string | null) =>
    fetch(url, {
      signal,
      credentials: 'same-origin',
      headers: { accept, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    });
  const used = token();
  let response = await send(used);
  if (response.status === 401 && used && (await refreshSession(used))) response = await send(token());
  if (!response.ok) throw await apiErrorOf(response);
  return response;
}

async function apiErrorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  const error = body?.error ?? `HTTP_${response.status}`;
  // No sentence of the server's: the status modal says its own, in the page's language (messages.ts).
  return new ApiError(response.status, { error, message: body?.message ?? '' });
}

/** A stream that ended before the job did (the server is restarting): reconnect this many times. */
const RECONNECTS = 5;
const RECONNECT_DELAY_MS = 1000;

/**
 * Follows the job's progress events until it is done. Resolves on `done`; rejects with an ApiError on a
 * failed job (the server's `error` event), or when the signal aborts.
 */
export async function followArchive(
  jobId: string,
  signal: AbortSignal,
  onProgress: (progress: ArchiveProgress) => void,
): Promise<void> {
  for (let attempt = 0; attempt <= RECONNECTS; attempt++) {
    const response = await authedGet(archiveUrl(jobId), 'text/event-stream', signal);
    if (!response.body) throw new Error('The browser did not stream the progress');
    for await (const message of readSse(response.body)) {
      const data: unknown = JSON.parse(message.data);
      if (message.event === 'error') {
        const body = data as Partial<ErrorBody>;
        throw new ApiError(409, {
          error: body.error ?? 'ARCHIVE_FAILED',
          message: body.message ?? '',
        });
      }
      if (!isArchiveProgress(data)) throw new Error('The server sent a progress event this page cannot read');
      const progress = data;
      onProgress(progress);
      if (progress.status === 'done') return;
    }
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
    signal.throwIfAborted();
  }
  throw new Error('Lost the connection while the download was being prepared');
}

/**
 * Downloads the finished zip, reporting bytes received over Content-Length (total null when the
 * server did not say). The chunks become a Blob, which browsers keep on disk when it is large.
 */
export async function fetchArchive(
  jobId: string,
  signal: AbortSignal,
  onBytes: (received: number, total: number | null) => void,
): Promise<Blob> {
  const response = await authedGet(archiveUrl(jobId), 'application/zip', signal);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onBytes(0, total);
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onBytes(received, total);
  }
  return new Blob(chunks as BlobPart[], { type: 'application/zip' });
}
