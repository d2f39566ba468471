import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FileStorage } from './storage';

/** Files under a local folder (default ./data/files). Writes go to a temp name first, so a crash never leaves half a file. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  const atomically = async (key: string, write: (tmp: string) => Promise<void>) => {
    const target = pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await write(tmp);
    await rename(tmp, target);
  };
  return {
    putFile: (key, sourcePath) => atomically(key, (tmp) => copyFile(sourcePath, tmp)),
    putBuffer: (key, data) => atomically(key, (tmp) => writeFile(tmp, data)),
    read: (key, range) => createReadStream(pathOf(key), range),
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}
