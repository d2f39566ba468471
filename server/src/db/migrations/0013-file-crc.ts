import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Playlist zips (decision 056): each stored file's CRC-32, computed once (when a rendition is produced,
 * or the first time a zip reads an older file) so later zips copy bytes without checksumming them
 * again; and the archive job a download record belongs to, so a retried job records each track once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    -- the CRC-32 (ISO-HDLC, as zip uses) of the stored bytes; null until first computed
    ALTER TABLE files ADD COLUMN crc32 bigint;
    -- the playlist-archive job that recorded this download (null for a track download)
    ALTER TABLE downloads ADD COLUMN archive_job_id text;
    -- nulls are distinct, so track downloads (no job) are not constrained
    CREATE UNIQUE INDEX downloads_archive_product_idx ON downloads (archive_job_id, product_id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
