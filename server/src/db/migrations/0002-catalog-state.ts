import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Catalogue state shared by all processes: a version bumped by every catalogue write (API processes key
 * their short caches by it) and the demo build status (an interrupted first start is completed on the
 * next). Written defensively (IF NOT EXISTS) because development databases were created from earlier
 * drafts of 0001; it also backfills the public flag of preview and cover files for such databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    ALTER TABLE files ADD COLUMN IF NOT EXISTS public boolean NOT NULL DEFAULT false;

    CREATE TABLE IF NOT EXISTS catalog_state (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      version bigint NOT NULL DEFAULT 0
    );
    ALTER TABLE catalog_state ADD COLUMN IF NOT EXISTS demo_status text CHECK (demo_status IN ('building', 'done'));
    INSERT INTO catalog_state (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;

    UPDATE files SET public = true
    WHERE NOT public
      AND (id IN (SELECT file_id FROM product_files WHERE type IN ('vocal', 'instrumental', 'cover'))
        OR id IN (SELECT cover_file_id FROM products)
        OR id IN (SELECT cover_file_id FROM categories)
        OR id IN (SELECT cover_file_id FROM moods)
        OR id IN (SELECT cover_file_id FROM playlists));
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
