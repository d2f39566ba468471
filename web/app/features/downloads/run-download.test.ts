// @vitest-environment node
// Byte work on Blobs: Node's Blob can be read back, jsdom's cannot.
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import type { DownloadItem, ProductDownload } from '@cuewave/contract/downloads';
import { percentOf, PrepareTimeoutError, runDownload, type DownloadDeps, type DownloadProgress } from './run-download';

const product = { id: 'p1', title: 'Golden Hour', artist: { id: 'a1', name: 'Mila Grey' } };
const bytes = (text: string) => new TextEncoder().encode(text);

function item(file: DownloadItem['file'], format: DownloadItem['format'], ready: boolean): DownloadItem {
  const suffix = {
    vocal: '',
    instrumental: ' (Instrumental)',
    stem_bass: ' (Bass stem)',
    stem_instruments: ' (Instruments stem)',
    master: ' (Master)',
  }[file];
  return {
    file,
    format,
    fileName: `Golden Hour - Mila Grey${suffix}.${format}`,
    status: ready ? 'ready' : 'preparing',
    url: ready ? `/api/v1/download/file/${file}.${format}?sig=x` : null,
    jobId: ready ? null : `job_${file}`,
    size: ready ? 8 : null,
  };
}

/**
 * An API that prepares WAVs for `preparingRounds` calls, then answers ready; answers the pairs in the
 * order asked, as one download; records every call.
 */
function fakeDeps(preparingRounds = 0) {
  const calls: { file: string; format: string }[][] = [];
  const waits: number[] = [];
  const saved: { blob: Blob; fileName: string }[] = [];
  let round = 0;
  const deps: DownloadDeps = {
    async request(_id, picks) {
      calls.push(picks);
      const formats = [...new Set(picks.map((p) => p.format))];
      const wavRound = formats.includes('wav') ? round++ : 0;
      const ready = !formats.includes('wav') || wavRound >= preparingRounds;
      const answer: ProductDownload = {
        status: ready ? 'ready' : 'preparing',
        productId: 'p1',
        downloadId: ready ? `dl-${formats.join('-')}` : null,
        expiresAt: ready ? '2026-11-25T16:00:00Z' : null,
        retryAfterMs: ready ? null : 1500,
        // While preparing, the MP3s are already there; only a ready answer carries URLs.
        items: picks.map((p) => ({
          ...item(p.file, p.format, ready || p.format !== 'wav'),
          ...(ready ? {} : { url: null }),
        })),
      };
      return answer;
    },
    async fetchFile(url, onChunk) {
      const name = /file\/([^?]+)/.exec(url)![1]!;
      onChunk(bytes(name.slice(0, 4)));
      onChunk(bytes(name.slice(4).padEnd(4, '_').slice(0, 4)));
    },
    save(blob, fileName) {
      saved.push({ blob, fileName });
    },
    async wait(ms) {
      waits.push(ms);
    },
  };
  return { deps, calls, waits, saved };
}

describe('runDownload', () => {
  it('saves a single file as name.format with its bytes, reporting the percentage', async () => {
    const { deps, calls, saved } = fakeDeps();
    const progress: DownloadProgress[] = [];
    const result = await runDownload(
      product,
      [{ file: 'vocal', format: 'mp3' }],
      deps,
      (p) => progress.push(p),
      new AbortController().signal,
    );
    expect(calls).toEqual([[{ file: 'vocal', format: 'mp3' }]]);
    expect(result).toEqual({
      fileName: 'Golden Hour - Mila Grey.mp3',
      files: ['Golden Hour - Mila Grey.mp3'],
      downloadIds: ['dl-mp3'],
    });
    expect(saved).toHaveLength(1);
    expect(saved[0]!.fileName).toBe('Golden Hour - Mila Grey.mp3');
    expect(saved[0]!.blob.type).toBe('audio/mpeg');
    expect(await saved[0]!.blob.text()).toBe('vocal.mp');
    expect(progress.map(percentOf).filter((p) => p !== null)).toEqual([0, 50, 100]);
  });

  it('asks again while files are being prepared, then zips every file as name.zip', async () => {
    const { deps, calls, waits, saved } = fakeDeps(2);
    const progress: DownloadProgress[] = [];
    const result = await runDownload(
      product,
      [
        { file: 'stem_bass', format: 'wav' },
        { file: 'stem_instruments', format: 'mp3' },
      ],
      deps,
      (p) => progress.push(p),
      new AbortController().signal,
    );
    // One request per round for both pairs; two rounds answered "preparing", each asked the same.
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call).toEqual([
        { file: 'stem_bass', format: 'wav' },
        { file: 'stem_instruments', format: 'mp3' },
      ]);
    }
    expect(waits).toEqual([1500, 1500]);
    expect(progress.filter((p) => p.phase === 'preparing')).toEqual([
      { phase: 'preparing', ready: 1, total: 2 },
      { phase: 'preparing', ready: 1, total: 2 },
    ]);

    expect(result.fileName).toBe('Golden Hour - Mila Grey.zip');
    // One recorded download for the mixed pick.
    expect(result.downloadIds).toEqual(['dl-wav-mp3']);
    expect(saved[0]!.fileName).toBe('Golden Hour - Mila Grey.zip');
    const entries = unzipSync(new Uint8Array(await saved[0]!.blob.arrayBuffer()));
    expect(Object.keys(entries)).toEqual([
      'Golden Hour - Mila Grey (Bass stem).wav',
      'Golden Hour - Mila Grey (Instruments stem).mp3',
    ]);
    expect(new TextDecoder().decode(entries['Golden Hour - Mila Grey (Bass stem).wav'])).toBe('stem_bas');
  });

  it('gives up when the files are not ready before the deadline', async () => {
    const { deps } = fakeDeps(1_000);
    let clock = 0;
    const run = runDownload(
      product,
      [{ file: 'vocal', format: 'wav' }],
      { ...deps, wait: async (ms) => void (clock += ms * 100) },
      () => {},
      new AbortController().signal,
      () => clock,
    );
    await expect(run).rejects.toBeInstanceOf(PrepareTimeoutError);
  });

  it('saves nothing once aborted', async () => {
    const { deps, saved } = fakeDeps();
    const abort = new AbortController();
    const run = runDownload(
      product,
      [{ file: 'vocal', format: 'mp3' }],
      {
        ...deps,
        fetchFile: async (url, onChunk) => {
          abort.abort();
          onChunk(bytes('x'));
        },
      },
      () => {},
      abort.signal,
    );
    await expect(run).rejects.toThrow();
    expect(saved).toEqual([]);
  });

  it('refuses an empty pick', async () => {
    const { deps, calls } = fakeDeps();
    await expect(runDownload(product, [], deps, () => {}, new AbortController().signal)).rejects.toThrow(/Nothing/);
    expect(calls).toEqual([]);
  });
});
