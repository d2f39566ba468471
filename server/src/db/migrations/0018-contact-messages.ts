import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Messages from the public contact form and the dashboard's support form (issue 15, decision 069).
 * Kept so the team has them even when mail fails and so a user sees their own support history. No IP
 * address or browser data is stored: the rate limits count those in the limiter, not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE contact_messages (
      id uuid PRIMARY KEY,
      -- 'contact' from /contact, 'support' from /dashboard/support
      source text NOT NULL CHECK (source IN ('contact', 'support')),
      -- the author's account for support requests (their history); a deleted account takes its requests along
      account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
      name text NOT NULL,
      email text NOT NULL,
      topic text NOT NULL,
      -- plain text as typed; shown as text, never as markup
      message text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX contact_messages_account_idx ON contact_messages (account_id, created_at DESC, id)
      WHERE account_id IS NOT NULL;
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
