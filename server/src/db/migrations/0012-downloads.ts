import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Downloads (decision 055): stem previews and lossless version sources on product_files, renditions
 * (formats produced once from a lossless source and kept) and the download records with their
 * per-track certificate codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    -- stems: the public MP3 preview a subscriber auditions before picking stems
    ALTER TABLE product_files ADD COLUMN preview_file_id text REFERENCES files(id);
    -- versions (vocal, instrumental): the private lossless file downloads are made from; the public
    -- file_id of those rows is only a preview
    ALTER TABLE product_files ADD COLUMN lossless_file_id text REFERENCES files(id);

    -- a format not stored is produced from the lossless source once and kept (private files rows)
    CREATE TABLE renditions (
      source_file_id text NOT NULL REFERENCES files(id) ON DELETE CASCADE,
      format text NOT NULL CHECK (format IN ('mp3', 'wav')),
      file_id text NOT NULL REFERENCES files(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (source_file_id, format)
    );

    -- one row per download the API issued URLs for; title and artist are kept as they were, the
    -- product may later leave the catalogue (so no foreign key to products)
    CREATE TABLE downloads (
      id text PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
      -- the subscription's licence certificate in force when the track was downloaded
      licence_id uuid NOT NULL REFERENCES licences(id) ON DELETE CASCADE,
      -- the plan that licensed it, as it was then
      plan text NOT NULL,
      product_id text NOT NULL,
      title text NOT NULL,
      artist text NOT NULL,
      items jsonb NOT NULL,
      -- the per-track certificate's public verification code (same form as licence codes)
      code text NOT NULL UNIQUE,
      -- the UTC day (YYYY-MM-DD), for the fair-use count of distinct products per account and day
      day text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX downloads_account_idx ON downloads (account_id, created_at DESC, id);
    CREATE INDEX downloads_account_day_idx ON downloads (account_id, day, product_id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
