import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Told about a pooled connection the database closed (a restart, a failover, an idle timeout). */
export type ConnectionErrorLog = (error: Error) => void;

export type DbTarget =
  { url: string; onConnectionError?: ConnectionErrorLog } | { pgliteDir: string } | { memory: true };

const logToStderr: ConnectionErrorLog = (error) => {
  const code = (error as { code?: unknown }).code;
  console.warn(
    JSON.stringify({
      level: 'warn',
      time: new Date().toISOString(),
      msg: 'Database: a pooled connection was closed; the pool opens a new one when needed',
      code: typeof code === 'string' ? code : undefined,
      error: error.message,
    }),
  );
};

/**
 * How long a request waits for a pooled connection (busy pool or unreachable server) before it fails
 * and answers 503, instead of hanging until the client gives up.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL when a URL is given, otherwise the embedded PGlite (on disk, or in memory for tests). */
export function createDb(target: DbTarget): Db {
  if ('url' in target) {
    // bigint counts come back as strings by default; they fit in a JS number for our sizes.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // A database restart terminates every connection (57P01). An idle one makes the pool emit 'error',
    // which would crash the process without a listener; the pool has already dropped that client.
    const onConnectionError = target.onConnectionError ?? logToStderr;
    pool.on('error', (error) => onConnectionError(error));
    // A connection that is checked out (a request between two statements, a transaction) emits 'error'
    // on the client itself, where the pool listens only while it is idle. The statement that runs gets
    // the error anyway and the pool discards the broken client on release: nothing more to do here.
    pool.on('connect', (client) => client.on('error', () => {}));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if ('pgliteDir' in target) mkdirSync(target.pgliteDir, { recursive: true });
  const pglite = 'pgliteDir' in target ? new PGlite(target.pgliteDir) : new PGlite();
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
