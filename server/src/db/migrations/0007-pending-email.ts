import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * A changed sign-in email waits in `pending_email` until the new address is confirmed; the old one
 * stays the sign-in email meanwhile. Once switched, the old address gets a one-time undo link
 * (decision 048): `email_change_undos` keeps what to restore, and only the link's SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    ALTER TABLE accounts ADD COLUMN pending_email text;

    CREATE TABLE email_change_undos (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      old_email text NOT NULL,
      new_email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      -- set when the link is used, or voided by another undo of the same account
      used_at timestamptz
    );
    CREATE INDEX email_change_undos_account_idx ON email_change_undos (account_id);
    -- an address some account may still take back is not free for sign-up (decision 048)
    CREATE INDEX email_change_undos_old_email_idx ON email_change_undos (lower(old_email)) WHERE used_at IS NULL;
    `,
  );
}
