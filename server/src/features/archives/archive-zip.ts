import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { FileStorage } from '../../providers/storage/storage';
import { centralHeader, dataDescriptor, dosDateTime, endRecords, localHeader, type CentralEntry } from './zip-format';

export type ZipEntry = {
  /** Path inside the zip (already made safe, see archive-names.ts). */
  name: string;
  size: number;
  /** The bytes' CRC-32 when already known (stored with the file): then it is not computed again. */
  crc32?: number | null;
  /** Called with the CRC-32 computed while copying an entry that came without one (to keep it). */
  saveCrc?: (crc: number) => Promise<void>;
  /** Opened only when the entry's turn comes, so one source file is open at a time. */
  open: () => Readable;
};

/**
 * The zip's output buffer. Bigger chunks mean fewer system calls and event-loop turns per byte; this
 * much lets storage write one chunk while the next is read. Memory per zip stays a few megabytes.
 */
const OUTPUT_BUFFER = 2 * 1024 * 1024;

export type WriteZipOptions = {
  signal: AbortSignal;
  /** Every entry's timestamp: a retried job writes the same bytes. */
  mtime: Date;
  /** Called after each entry's bytes went into the zip. */
  onEntry: (entriesWritten: number) => Promise<void>;
};

/**
 * Streams `entries` into a zip written to storage under `key`, one entry at a time, stored without
 * compression (audio does not shrink; storing keeps the zip at disk speed), Zip64 where needed
 * (zip-format.ts). The CRC-32 is zlib's native one: a JavaScript CRC (what zip libraries such as
 * yazl use) ran at a seventh of the disk's speed (decision 056). Memory stays at a few stream buffers
 * whatever the zip's size: bytes go to `storage.write` with backpressure, never assembled. On failure
 * or abort the output is destroyed, so storage keeps no half-written object, and the error is rethrown.
 */
export async function writeZip(
  storage: FileStorage,
  key: string,
  entries: AsyncIterable<ZipEntry>,
  { signal, mtime, onEntry }: WriteZipOptions,
): Promise<{ size: number; entries: number }> {
  const output = new PassThrough({ highWaterMark: OUTPUT_BUFFER });
  // Stops waiting when the caller aborts or storage gave up (a full disk, a lost bucket).
  const stop = new AbortController();
  const onAbort = () => stop.abort(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  // Errors reach us through storage.write's rejection; this keeps a late one from going uncaught.
  output.on('error', () => undefined);
  const written = storage.write(key, output);
  written.catch((error: unknown) => stop.abort(error));

  /** `promise`, or the reason the writer stopped, whichever comes first. */
  const untilStopped = <T>(promise: Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const onStop = () => reject(stop.signal.reason);
      if (stop.signal.aborted) return onStop();
      stop.signal.addEventListener('abort', onStop, { once: true });
      promise.then(resolve, reject).finally(() => stop.signal.removeEventListener('abort', onStop));
    });

  let offset = 0;
  const write = async (chunk: Buffer | Uint8Array) => {
    stop.signal.throwIfAborted();
    offset += chunk.length;
    if (!output.write(chunk)) await untilStopped(once(output, 'drain'));
  };

  const { dosTime, dosDate } = dosDateTime(mtime);
  const central: CentralEntry[] = [];
  let source: Readable | null = null;
  const destroySource = () => source?.destroy();
  stop.signal.addEventListener('abort', destroySource, { once: true });
  try {
    for await (const entry of entries) {
      stop.signal.throwIfAborted();
      const name = Buffer.from(entry.name, 'utf8');
      const start = offset;
      await write(localHeader({ name, size: entry.size, dosTime, dosDate }));
      source = entry.open();
      // A stored CRC is trusted: checksumming every byte again cost a third of a zip's time (decision 056).
      const known = entry.crc32 ?? null;
      let crc = 0;
      let size = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (known === null) crc = crc32(chunk, crc);
        size += chunk.length;
        await write(chunk);
      }
      source = null;
      if (size !== entry.size) throw new Error(`${entry.name}: read ${size} bytes, expected ${entry.size}`);
      if (known !== null) crc = known;
      else await entry.saveCrc?.(crc);
      await write(dataDescriptor(crc, size));
      central.push({ name, crc, size, offset: start, dosTime, dosDate });
      await onEntry(central.length);
    }
    const centralOffset = offset;
    for (const entry of central) await write(centralHeader(entry));
    await write(endRecords(central.length, centralOffset, offset - centralOffset));
    output.end();
    const { size } = await untilStopped(written);
    return { size, entries: central.length };
  } catch (error) {
    const reason = stop.signal.aborted ? stop.signal.reason : error;
    source?.destroy();
    output.destroy(reason instanceof Error ? reason : new Error(String(reason)));
    await written.catch(() => undefined);
    throw reason;
  } finally {
    signal.removeEventListener('abort', onAbort);
    stop.signal.removeEventListener('abort', destroySource);
  }
}
