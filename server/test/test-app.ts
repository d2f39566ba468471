import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../src/app';
import type { Db } from '../src/db/client';
import { createLocalStorage } from '../src/providers/storage/local-storage';
import type { FileStorage } from '../src/providers/storage/storage';
import { systemClock, type Clock } from '../src/lib/clock';
import { createTestDb } from './test-db';

export type TestContext = { app: App; db: Db; storage: FileStorage; filesDir: string; close: () => Promise<void> };

/** buildApp() on a fresh database and a temporary file store; use app.inject() against it. */
export async function createTestApp(options: { clock?: Clock } = {}): Promise<TestContext> {
  const { db, drop } = await createTestDb();
  const filesDir = await mkdtemp(join(tmpdir(), 'cuewave-files-'));
  const storage = createLocalStorage(filesDir);
  const app = await buildApp({ db, storage, clock: options.clock ?? systemClock });
  await app.ready();
  return {
    app,
    db,
    storage,
    filesDir,
    close: async () => {
      await app.close();
      await drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
