import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type Db } from '../src/db/client';
import { migrateToLatest } from '../src/db/migrate';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on
 * the PostgreSQL server at TEST_DATABASE_URL (dropped again by `drop`), so one suite runs on both.
 */
export async function createTestDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = createDb({ memory: true });
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const name = `cuewave_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb({ url: url.toString() });
  await migrateToLatest(db);
  return {
    db,
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pg's pool resolves end() before its sockets are gone; forcing the drop while they close makes
      // the server kill them and the dying clients raise unhandled FATAL 57P01 errors. Wait them out.
      for (let attempt = 0; attempt < 100; attempt++) {
        const { rows } = await cleanup.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
