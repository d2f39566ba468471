import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';

/**
 * A named random secret shared by every instance through the `server_secrets` table, created on first
 * use. Two instances starting at once both try to insert; ON CONFLICT DO NOTHING lets exactly one win
 * and the SELECT afterwards gives everyone the winner's value.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  const existing = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.value;
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
