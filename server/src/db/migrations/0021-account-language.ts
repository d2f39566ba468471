import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * The language of an account (issue 15, decision 076): emails, licence certificates and receipts are
 * written in it. Set at sign-up from the request's language and changed when a signed-in user switches;
 * accounts from before it read English, the language everything was sent in until now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    ALTER TABLE accounts ADD COLUMN language text NOT NULL DEFAULT 'en'
      CONSTRAINT accounts_language_check CHECK (language IN ('en', 'pl'));
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
