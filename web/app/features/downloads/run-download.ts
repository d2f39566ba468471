import type { Product } from '@cuewave/contract/catalog';
import type { DownloadItem, ProductDownload } from '@cuewave/contract/downloads';
import { savePlan, type FilePick } from './selection';

/**
 * One download from the control, start to finish: ask the API in one request for exactly the picked
 * file:format pairs (so a mixed pick such as vocal WAV + stems MP3 is recorded as one download), ask
 * again with the same pairs while some are being prepared, fetch every signed URL, then save one file
 * as `name.format` or several zipped as `name.zip` (spec §7). The steps that touch the network or the
 * page are passed in, so the whole sequence is testable without a browser.
 */

export type DownloadProgress =
  | { phase: 'requesting' }
  | { phase: 'preparing'; ready: number; total: number }
  | { phase: 'fetching'; received: number; total: number | null; file: number; files: number }
  | { phase: 'saving' };

export type DownloadDeps = {
  /** GET /v1/product/{id}/download?items=file:format,... for exactly these pairs, in this order. */
  request(productId: string, picks: FilePick[], signal: AbortSignal): Promise<ProductDownload>;
  fetchFile(url: string, onChunk: (chunk: Uint8Array) => void, signal: AbortSignal): Promise<void>;
  save(blob: Blob, fileName: string): void;
  /** Resolves after `ms` (rejects when the signal aborts). */
  wait(ms: number, signal: AbortSignal): Promise<void>;
};

export type DownloadResult = { fileName: string; files: string[]; downloadIds: string[] };

/** Preparing a WAV from the master takes seconds to a minute; past this the user is told it failed. */
export const PREPARE_DEADLINE_MS = 10 * 60_000;
const MIN_POLL_MS = 500;
const MAX_POLL_MS = 5_000;

export class PrepareTimeoutError extends Error {
  constructor() {
    super('The files took too long to prepare');
  }
}

export async function runDownload(
  product: Pick<Product, 'id' | 'title' | 'artist'>,
  picked: FilePick[],
  deps: DownloadDeps,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
  now: () => number = Date.now,
): Promise<DownloadResult> {
  if (!picked.length) throw new Error('Nothing is selected');
  onProgress({ phase: 'requesting' });

  const started = now();
  let answer: ProductDownload;
  for (;;) {
    answer = await deps.request(product.id, picked, signal);
    if (answer.status === 'ready') break;
    const ready = answer.items.filter((i) => i.status === 'ready').length;
    onProgress({ phase: 'preparing', ready, total: answer.items.length });
    if (now() - started > PREPARE_DEADLINE_MS) throw new PrepareTimeoutError();
    const after = answer.retryAfterMs ?? 0;
    await deps.wait(Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, after)), signal);
  }

  // In the order the user sees them in the control (the API answers in the order asked; this holds either way).
  const byKey = new Map(answer.items.map((i) => [`${i.file}:${i.format}`, i] as const));
  const items = picked.map((p) => byKey.get(`${p.file}:${p.format}`)).filter((i): i is DownloadItem => !!i?.url);
  if (!items.length) throw new Error('The API returned no file to download');

  const plan = savePlan(product, items);
  const sizes = items.map((i) => i.size);
  const total = sizes.every((s): s is number => typeof s === 'number') ? sizes.reduce((a, b) => a + b, 0) : null;
  let received = 0;
  const report = (file: number) => onProgress({ phase: 'fetching', received, total, file, files: items.length });

  let blob: Blob;
  if (plan.kind === 'file') {
    const parts: Uint8Array<ArrayBuffer>[] = [];
    report(1);
    await deps.fetchFile(
      items[0]!.url!,
      (chunk) => {
        parts.push(chunk as Uint8Array<ArrayBuffer>);
        received += chunk.length;
        report(1);
      },
      signal,
    );
    blob = new Blob(parts, { type: mimeOf(items[0]!.format) });
  } else {
    // The zip writer (and its deflate library) loads only when several files are zipped, not with the page.
    const { ZipWriter } = await import('./zip');
    const zip = new ZipWriter();
    for (const [index, item] of items.entries()) {
      const entry = zip.entry(plan.entries[index]!);
      report(index + 1);
      await deps.fetchFile(
        item.url!,
        (chunk) => {
          entry.push(chunk);
          received += chunk.length;
          report(index + 1);
        },
        signal,
      );
      entry.end();
    }
    onProgress({ phase: 'saving' });
    blob = zip.finish();
  }
  signal.throwIfAborted();
  deps.save(blob, plan.fileName);
  return {
    fileName: plan.fileName,
    files: plan.kind === 'zip' ? plan.entries : [plan.fileName],
    downloadIds: answer.downloadId ? [answer.downloadId] : [],
  };
}

function mimeOf(format: string): string {
  return format === 'wav' ? 'audio/wav' : format === 'mp3' ? 'audio/mpeg' : 'application/octet-stream';
}

/** setTimeout as a promise that an abort cuts short. */
export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The percentage shown while files arrive (spec §9: rounded bytes received over the total). */
export function percentOf(progress: DownloadProgress): number | null {
  if (progress.phase !== 'fetching' || !progress.total) return null;
  return Math.min(100, Math.round((progress.received / progress.total) * 100));
}
