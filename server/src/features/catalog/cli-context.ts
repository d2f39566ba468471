import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type Db } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { parseEnv, type Env } from '../../env';
import { createStorage } from '../../providers/storage/create-storage';
import type { FileStorage } from '../../providers/storage/storage';

/** The same database and file storage the server uses (DATABASE_URL / DATA_DIR), for the catalogue CLIs. */
export async function openCliContext(): Promise<{
  env: Env;
  db: Db;
  storage: FileStorage;
  close: () => Promise<void>;
}> {
  const env = parseEnv();
  const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
  const dataDir = resolve(repoRoot, env.DATA_DIR);
  const db = createDb(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: join(dataDir, 'db') });
  await migrateToLatest(db);
  // The same store the server uses: DATA_DIR/files, or the S3 bucket when S3_BUCKET is set.
  return { env, db, storage: createStorage(env, dataDir).storage, close: () => db.destroy() };
}

/** npm runs workspace scripts inside server/; a relative path means what it meant where the user typed it. */
export function userPath(arg: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), arg);
}
