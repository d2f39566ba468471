import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';

export type OpenFilesOptions = {
  /** How long an unused handle stays open. */
  idleMs?: number;
  /** Handles kept open at most (each is a file descriptor). */
  max?: number;
  now?: () => number;
};

type Entry = { handle: Promise<FileHandle>; users: number; lastUsed: number; forgotten?: boolean };

/** Bytes read per system call; a player's range is usually one read. */
const CHUNK = 256 * 1024;

/**
 * Open file handles shared by ranged reads (decision 073). A player seeks with many small range
 * requests on the same few previews; opening and closing the file for each cost more than reading it
 * (two extra thread-pool round trips). Stored files never change under their key, so a handle stays
 * valid; reads are positional (pread), so any number of them share one handle. A handle closes when it
 * has been idle `idleMs` (checked as reads come), when more than `max` are open, or when its file is
 * removed, and never while a read uses it.
 */
export function createOpenFiles(options: OpenFilesOptions = {}) {
  const idleMs = options.idleMs ?? 30_000;
  const max = options.max ?? 256;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let nextSweep = 0;

  const close = (path: string, entry: Entry) => {
    entries.delete(path);
    entry.handle.then((h) => h.close()).catch(() => {});
  };

  function sweep(): void {
    const time = now();
    if (time < nextSweep && entries.size <= max) return;
    nextSweep = time + Math.min(idleMs, 5_000);
    for (const [path, entry] of entries) {
      if (entry.users === 0 && (time - entry.lastUsed > idleMs || entries.size > max)) close(path, entry);
    }
  }

  function acquire(path: string): { handle: Promise<FileHandle>; release: () => void } {
    sweep();
    let entry = entries.get(path);
    if (!entry) {
      const handle = open(path, 'r');
      entry = { handle, users: 0, lastUsed: now() };
      const created = entry;
      // A failed open (a missing file) must not stay cached: the next request tries again.
      handle.catch(() => entries.get(path) === created && entries.delete(path));
      entries.set(path, entry);
    }
    const held = entry;
    held.users++;
    let released = false;
    return {
      handle: held.handle,
      release: () => {
        if (released) return;
        released = true;
        held.users--;
        held.lastUsed = now();
        if (held.forgotten && held.users === 0) held.handle.then((h) => h.close()).catch(() => {});
      },
    };
  }

  async function* chunks(path: string, start: number, end: number): AsyncGenerator<Buffer> {
    const lease = acquire(path);
    try {
      const handle = await lease.handle;
      let position = start;
      while (position <= end) {
        const length = Math.min(CHUNK, end - position + 1);
        const buffer = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        if (bytesRead === 0) throw new Error(`${path} ended at byte ${position}, before ${end}`);
        position += bytesRead;
        yield bytesRead < length ? buffer.subarray(0, bytesRead) : buffer;
      }
    } finally {
      lease.release();
    }
  }

  async function bytes(path: string, start: number, end: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const part of chunks(path, start, end)) parts.push(part);
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  return {
    /** Bytes [start, end] of the file at `path` in one buffer, through a shared handle. */
    readBytes: bytes,
    /** Bytes [start, end] of the file at `path` as a stream, through a shared handle. */
    readRange(path: string, start: number, end: number): Readable {
      return Readable.from(chunks(path, start, end), { objectMode: false, highWaterMark: CHUNK });
    },
    /** Closes the handle of a file about to be removed or replaced (once no read uses it). */
    forget(path: string): void {
      const entry = entries.get(path);
      if (!entry) return;
      if (entry.users === 0) return close(path, entry);
      // The reads in flight finish on it and the last one closes it; nothing new reuses it.
      entries.delete(path);
      entry.forgotten = true;
    },
    /** Open handles (for tests). */
    size: () => entries.size,
  };
}
