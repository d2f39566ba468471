import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export type DbTarget = { url: string } | { pgliteDir: string } | { memory: true };

/** PostgreSQL when a URL is given, otherwise the embedded PGlite (on disk, or in memory for tests). */
export function createDb(target: DbTarget): Db {
  if ('url' in target) {
    // bigint counts come back as strings by default; they fit in a JS number for our sizes.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if ('pgliteDir' in target) mkdirSync(target.pgliteDir, { recursive: true });
  const pglite = 'pgliteDir' in target ? new PGlite(target.pgliteDir) : new PGlite();
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
