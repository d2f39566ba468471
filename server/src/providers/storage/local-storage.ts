import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { createOpenFiles } from './open-files';
import type { FileStorage } from './storage';

/**
 * Whole-file reads and streamed writes move 1–2 MB per system call instead of Node's 64 KB / 16 KB:
 * a playlist zip copies gigabytes, and the per-chunk cost (a thread-pool round trip and an event-loop
 * turn) dominated it (decision 056). Ranged reads (audio seeking) go through shared open handles
 * (open-files.ts, decision 073).
 */
const WHOLE_READ_CHUNK = 1024 * 1024;
const WRITE_BUFFER = 2 * 1024 * 1024;

/** Files under a local folder (default ./data/files). Writes go to a temp name first, so a crash never leaves half a file. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  const files = createOpenFiles();
  const atomically = async (key: string, write: (tmp: string) => Promise<void>) => {
    const target = pathOf(key);
    files.forget(target);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await write(tmp);
    await rename(tmp, target);
  };
  return {
    putFile: (key, sourcePath) => atomically(key, (tmp) => copyFile(sourcePath, tmp)),
    putBuffer: (key, data) => atomically(key, (tmp) => writeFile(tmp, data)),
    async write(key, body) {
      let size = 0;
      await atomically(key, async (tmp) => {
        try {
          const out = createWriteStream(tmp, { highWaterMark: WRITE_BUFFER });
          await pipeline(body, out);
          size = out.bytesWritten;
        } catch (error) {
          await rm(tmp, { force: true });
          throw error;
        }
      });
      return { size };
    },
    read: (key, range) =>
      range
        ? files.readRange(pathOf(key), range.start, range.end)
        : createReadStream(pathOf(key), { highWaterMark: WHOLE_READ_CHUNK }),
    readBytes: (key, range) => files.readBytes(pathOf(key), range.start, range.end),
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    remove: (key) => {
      files.forget(pathOf(key));
      return rm(pathOf(key), { force: true });
    },
    // The app serves local files itself, through its own signed URLs.
    presignedUrl: async () => null,
  };
}
