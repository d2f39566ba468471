import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * When the "your free trial ends soon" email went out (decision 051): the renewal job sends it once
 * per trial, a few days before the end, and this column is what makes it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    ALTER TABLE subscriptions ADD COLUMN trial_reminded_at timestamptz
    `,
  );
}
