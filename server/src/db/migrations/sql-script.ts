import { sql, type Kysely } from 'kysely';

/**
 * Runs a migration written as one SQL script. Prepared statements take one command each, so the
 * script is split on semicolons that end a line (migrations keep one statement per such ending).
 */
export async function runSqlScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
