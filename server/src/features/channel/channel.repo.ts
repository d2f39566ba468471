import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { ChannelType } from '../../db/schema';

export type ChannelRow = { id: string; type: ChannelType; url: string; created_at: Date };

const columns = ['id', 'type', 'url', 'created_at'] as const;

const normalise = (row: ChannelRow): ChannelRow => ({ ...row, created_at: new Date(row.created_at) });

/** The account's channels, oldest first (a downgrade or a smaller plan keeps the first ones). */
export async function selectChannels(db: Db, accountId: string): Promise<ChannelRow[]> {
  const rows = await db
    .selectFrom('channels')
    .select(columns)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(normalise);
}

/**
 * Serialises channel changes of one account until the transaction ends: two adds at the limit then
 * run one after the other, and the second sees the first's row. An advisory lock keeps this feature
 * off the accounts table, which belongs to the account feature.
 */
export async function lockAccountChannels(db: Db, accountId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`channels:${accountId}`}, 0))`.execute(db);
}

export async function hasChannelUrl(db: Db, accountId: string, url: string): Promise<boolean> {
  const row = await db
    .selectFrom('channels')
    .select('id')
    .where('account_id', '=', accountId)
    .where(sql<string>`lower(url)`, '=', url.toLowerCase())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertChannel(
  db: Db,
  accountId: string,
  channel: { type: ChannelType; url: string },
  now: Date,
): Promise<ChannelRow> {
  const row = await db
    .insertInto('channels')
    .values({ id: randomUUID(), account_id: accountId, type: channel.type, url: channel.url, created_at: now })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return normalise(row);
}

/** Deletes one of the account's channels; undefined when it has no such channel. */
export async function deleteChannelRow(db: Db, accountId: string, id: string): Promise<ChannelRow | undefined> {
  const row = await db
    .deleteFrom('channels')
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returning(columns)
    .executeTakeFirst();
  return row && normalise(row);
}
