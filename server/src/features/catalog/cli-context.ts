import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type Db } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { ConfigError, parseEnv, type Env } from '../../env';
import { AppError } from '../../lib/errors';
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

/**
 * Runs a command's `main` and exits with its code. A mistake the user can mend (the command's usage
 * error, printed with its usage; bad configuration; a 4xx refusal of the service) prints its message
 * and exits 1; anything else prints the whole error and exits 2.
 */
export function runCli(
  main: () => Promise<number>,
  usage: { error: abstract new (...args: never[]) => Error; text: string },
): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof usage.error) {
        console.error(`${error.message}\n${usage.text}`);
        process.exit(1);
      }
      if (error instanceof ConfigError || (error instanceof AppError && error.status < 500)) {
        console.error(error.message);
        process.exit(1);
      }
      console.error(error);
      process.exit(2);
    },
  );
}
