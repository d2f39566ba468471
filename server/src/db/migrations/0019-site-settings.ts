import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Settings an operator changes while the site runs, read by every instance (issue 15): for now the
 * maintenance switch. One row per setting; instances re-read it every few seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE site_settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
