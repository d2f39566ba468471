import type { ErrorBody } from '@cuewave/contract/errors';
import type { VideoMatchJob, VideoMatchProgress, VideoMatchStatus } from '@cuewave/contract/video-match';
import { ApiError, apiGet, apiSend } from '../../lib/api';
import { readSse } from '../playlist-download/sse';

/** The video match API (contract/src/video-match.ts). Cookies carry who owns the analysis. */

export type UploadHandle = { promise: Promise<VideoMatchJob>; abort: () => void };

const uploadFailed: ErrorBody = {
  error: 'UPLOAD_FAILED',
  message: 'The upload did not get through. Check your connection and try again.',
};

/**
 * Sends the file as the request body. XMLHttpRequest rather than fetch: only it reports upload
 * progress. The bytes go as they are; the server reads their type.
 */
export function uploadVideo(file: File, onProgress: (share: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<VideoMatchJob>((resolve, reject) => {
    xhr.open('POST', '/api/v1/video-match');
    xhr.setRequestHeader('content-type', file.type.startsWith('video/') ? file.type : 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's page): reported as a failed upload below.
      }
      if (xhr.status === 202 && body) return resolve(body as VideoMatchJob);
      const error = body && typeof body === 'object' && 'error' in body ? (body as ErrorBody) : uploadFailed;
      const retryAfter = Number(xhr.getResponseHeader('retry-after'));
      reject(new ApiError(xhr.status || 0, error, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null));
    };
    xhr.onerror = () => reject(new ApiError(0, uploadFailed));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(file);
  });
  return { promise, abort: () => xhr.abort() };
}

export type AnalysisEvent = { kind: 'progress'; progress: VideoMatchProgress } | { kind: 'failed'; error: ErrorBody };

/** Progress of the analysis until it ends (the stream closes), or until `signal` aborts. */
export async function* followAnalysis(jobId: string, signal: AbortSignal): AsyncGenerator<AnalysisEvent> {
  const res = await fetch(`/api/v1/video-match/${encodeURIComponent(jobId)}/events`, {
    headers: { accept: 'text/event-stream' },
    signal,
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => null)) as ErrorBody | null;
    throw new ApiError(
      res.status,
      body ?? { error: 'ANALYSIS_FAILED', message: 'The analysis could not be followed.' },
    );
  }
  for await (const message of readSse(res.body)) {
    const data = JSON.parse(message.data) as VideoMatchProgress & Partial<ErrorBody>;
    if (message.event === 'error')
      yield { kind: 'failed', error: { error: data.error ?? 'ANALYSIS_FAILED', message: data.message ?? '' } };
    else yield { kind: 'progress', progress: data };
  }
}

export const videoMatchApi = {
  status: (jobId: string, signal?: AbortSignal) =>
    apiGet<VideoMatchStatus>(`/v1/video-match/${encodeURIComponent(jobId)}`, { signal }),
  cancel: (jobId: string) => apiSend('DELETE', `/v1/video-match/${encodeURIComponent(jobId)}`),
};
