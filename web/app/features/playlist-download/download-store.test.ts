import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closePlaylistDownload,
  downloadStore,
  startPlaylistDownload,
  type PlaylistDownloadState,
} from './download-store';

const encoder = new TextEncoder();

/** A response whose body arrives in the given chunks; `hold` keeps it open until the signal aborts. */
function streamed(
  chunks: Array<string | Uint8Array>,
  headers: Record<string, string>,
  signal?: AbortSignal,
  hold = false,
) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      if (!hold) controller.close();
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { status: 200, headers });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let states: PlaylistDownloadState[] = [];
let saved: Array<{ name: string; size: number }> = [];
let unsubscribe: () => void;

beforeEach(() => {
  states = [];
  saved = [];
  unsubscribe = downloadStore.subscribe(() => states.push(downloadStore.getSnapshot()));
  URL.createObjectURL = vi.fn(() => 'blob:zip');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, size: 0 });
  });
});
afterEach(() => {
  unsubscribe();
  closePlaylistDownload();
  vi.restoreAllMocks();
});

describe('playlist download store', () => {
  it('goes preparing → downloading (files, then percentage) → downloaded → saved as <name>.zip → reset', async () => {
    const zip = new Uint8Array(1000).fill(7);
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ fileFormat: 'wav', stems: true, items: ['a', 'b'] });
        return json(202, { jobId: 'job_1' });
      }
      const accept = new Headers(init?.headers).get('accept');
      expect(url).toBe('/api/cdn/job_1');
      if (accept === 'text/event-stream') {
        return streamed(
          [
            'retry: 2000\n\ndata: {"filesProcessed":0,"totalFiles":0,"status":"queued"}\n\n',
            'data: {"filesProcessed":1,"totalFiles":2,"status":"running"}\n\n',
            'data: {"filesProcessed":2,"totalFiles":2,"status":"done"}\n\n',
          ],
          { 'content-type': 'text/event-stream' },
        );
      }
      return streamed([zip.subarray(0, 333), zip.subarray(333)], { 'content-length': '1000' });
    });
    vi.stubGlobal('fetch', fetchMock);

    await startPlaylistDownload(
      { id: 'pl_1', name: 'Road Trip' },
      { fileFormat: 'wav', stems: true, items: ['a', 'b'] },
    );

    const statuses = states.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
    expect(statuses).toEqual(['preparing', 'downloading', 'downloaded', 'idle']);
    expect(states.find((s) => s.filesProcessed === 1)).toMatchObject({ status: 'downloading', totalFiles: 2 });
    expect(states.map((s) => s.percentage).filter((p) => p !== null)).toEqual(expect.arrayContaining([0, 33, 100]));
    expect(saved).toEqual([{ name: 'Road Trip.zip', size: 0 }]);
    expect(downloadStore.getSnapshot()).toMatchObject({
      status: 'idle',
      filesProcessed: 0,
      totalFiles: 0,
      percentage: null,
    });
  });

  it('a failed job: status failure, counters reset, the error kept for the shared handler', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json(202, { jobId: 'job_2' })
          : streamed(
              [
                'data: {"filesProcessed":3,"totalFiles":9,"status":"running"}\n\n',
                'event: error\ndata: {"error":"ARCHIVE_FAILED","message":"The download could not be prepared. Please try again."}\n\n',
              ],
              { 'content-type': 'text/event-stream' },
            ),
      ),
    );
    await startPlaylistDownload({ id: 'pl_2', name: 'Broken' }, { fileFormat: 'mp3', stems: false, items: ['a'] });
    const state = downloadStore.getSnapshot();
    expect(state).toMatchObject({ status: 'failure', filesProcessed: 0, totalFiles: 0, percentage: null });
    expect((state.error?.cause as Error).message).toBe(
      'ARCHIVE_FAILED: The download could not be prepared. Please try again.',
    );
  });

  it('closing the modal aborts the stream and resets everything', async () => {
    let streamSignal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'POST') return json(202, { jobId: 'job_3' });
        streamSignal = init?.signal ?? undefined;
        return streamed(['data: {"filesProcessed":0,"totalFiles":4,"status":"running"}\n\n'], {}, streamSignal, true);
      }),
    );
    const running = startPlaylistDownload(
      { id: 'pl_3', name: 'Long' },
      { fileFormat: 'mp3', stems: false, items: ['a'] },
    );
    await vi.waitFor(() => expect(downloadStore.getSnapshot().totalFiles).toBe(4));
    closePlaylistDownload();
    await running;
    expect(streamSignal?.aborted).toBe(true);
    expect(downloadStore.getSnapshot()).toMatchObject({ status: 'idle', error: null, playlistId: null });
  });
});
