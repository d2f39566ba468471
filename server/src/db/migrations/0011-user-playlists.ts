import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Users' own playlists, their Favorites and their private notes on products (issue 12, decision 054).
 * Curated playlists keep owner_id null; a user's playlist has an owner and no placement, so curated
 * listings (which select by placement) never show one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    ALTER TABLE playlists
      ADD COLUMN owner_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
      -- the special playlist of spec §3, picked out of the user's playlists
      ADD COLUMN favorites boolean NOT NULL DEFAULT false;
    ALTER TABLE playlists
      ADD CONSTRAINT playlists_owned_not_placed CHECK (owner_id IS NULL OR placement IS NULL),
      ADD CONSTRAINT playlists_favorites_owned CHECK (NOT favorites OR owner_id IS NOT NULL);
    -- at most one Favorites per user, even when two tabs favourite a first track at the same moment
    CREATE UNIQUE INDEX playlists_one_favorites_idx ON playlists (owner_id) WHERE favorites;
    -- GET /v1/playlist: a user's playlists, most recently changed first
    CREATE INDEX playlists_owner_idx ON playlists (owner_id, updated_at DESC) WHERE owner_id IS NOT NULL;

    CREATE TABLE product_notes (
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      note text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, product_id)
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
