import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ChannelRef } from '@cuewave/contract/licence';
import type { Db } from '../../db/client';
import type { SubscriptionsTable } from '../../db/schema';

export type LicenceRow = {
  id: string;
  code: string;
  account_id: string;
  subscription_id: string;
  licensee: string;
  plan: string;
  valid_from: Date;
  valid_until: Date | null;
  channels: ChannelRef[];
  issued_at: Date;
  superseded_at: Date | null;
};

/** What a licence needs of its subscription (read only; the subscriptions feature writes them). */
export type LicenceSubscription = {
  id: string;
  account_id: string;
  plan: SubscriptionsTable['plan'];
  status: SubscriptionsTable['status'];
  started_at: Date;
  next_pay_at: Date | null;
  ended_at: Date | null;
};

const licenceColumns = [
  'id',
  'code',
  'account_id',
  'subscription_id',
  'licensee',
  'plan',
  'valid_from',
  'valid_until',
  'channels',
  'issued_at',
  'superseded_at',
] as const;

const date = (v: Date | string) => new Date(v);
const maybeDate = (v: Date | string | null) => (v === null ? null : new Date(v));

function normaliseLicence(row: Omit<LicenceRow, 'channels'> & { channels: unknown }): LicenceRow {
  // pg parses jsonb; PGlite does too, but a string is accepted in case a driver hands one over.
  const channels = typeof row.channels === 'string' ? JSON.parse(row.channels) : row.channels;
  return {
    ...row,
    channels: channels as ChannelRef[],
    valid_from: date(row.valid_from),
    valid_until: maybeDate(row.valid_until),
    issued_at: date(row.issued_at),
    superseded_at: maybeDate(row.superseded_at),
  };
}

function normaliseSubscription(row: LicenceSubscription): LicenceSubscription {
  return {
    ...row,
    started_at: date(row.started_at),
    next_pay_at: maybeDate(row.next_pay_at),
    ended_at: maybeDate(row.ended_at),
  };
}

const subscriptionColumns = ['id', 'account_id', 'plan', 'status', 'started_at', 'next_pay_at', 'ended_at'] as const;

/** The subscription when it belongs to the account; undefined otherwise (the caller answers 404). */
export async function selectOwnedSubscription(
  db: Db,
  accountId: string,
  subscriptionId: string,
): Promise<LicenceSubscription | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select(subscriptionColumns)
    .where('id', '=', subscriptionId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row && normaliseSubscription(row);
}

/** Serialises certificate issuing per subscription, so two downloads at once issue one licence. */
export async function lockSubscriptionLicences(db: Db, subscriptionId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`licences:${subscriptionId}`}, 0))`.execute(db);
}

/** The newest certificate of the subscription that nothing has replaced. */
export async function selectCurrentLicence(db: Db, subscriptionId: string): Promise<LicenceRow | undefined> {
  const row = await db
    .selectFrom('licences')
    .select(licenceColumns)
    .where('subscription_id', '=', subscriptionId)
    .where('superseded_at', 'is', null)
    .orderBy('issued_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && normaliseLicence(row);
}

/** The newest certificate of the subscription, replaced or not. */
export async function selectLatestLicence(db: Db, subscriptionId: string): Promise<LicenceRow | undefined> {
  const row = await db
    .selectFrom('licences')
    .select(licenceColumns)
    .where('subscription_id', '=', subscriptionId)
    .orderBy('issued_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && normaliseLicence(row);
}

export async function insertLicence(db: Db, licence: Omit<LicenceRow, 'id' | 'superseded_at'>): Promise<LicenceRow> {
  const row = await db
    .insertInto('licences')
    .values({
      id: randomUUID(),
      code: licence.code,
      account_id: licence.account_id,
      subscription_id: licence.subscription_id,
      licensee: licence.licensee,
      plan: licence.plan,
      valid_from: licence.valid_from,
      valid_until: licence.valid_until,
      channels: JSON.stringify(licence.channels),
      issued_at: licence.issued_at,
      superseded_at: null,
    })
    .returning(licenceColumns)
    .executeTakeFirstOrThrow();
  return normaliseLicence(row);
}

export async function updateLicenceValidUntil(db: Db, id: string, validUntil: Date | null): Promise<void> {
  await db.updateTable('licences').set({ valid_until: validUntil }).where('id', '=', id).execute();
}

/** Marks the account's current certificates replaced, except `keepId`. */
export async function supersedeAccountLicences(
  db: Db,
  accountId: string,
  now: Date,
  keepId: string | null,
): Promise<void> {
  let query = db
    .updateTable('licences')
    .set({ superseded_at: now })
    .where('account_id', '=', accountId)
    .where('superseded_at', 'is', null);
  if (keepId) query = query.where('id', '!=', keepId);
  await query.execute();
}

/** Marks the account's current certificates that list `url` replaced. */
export async function supersedeLicencesListing(db: Db, accountId: string, url: string, now: Date): Promise<number> {
  const rows = await db
    .updateTable('licences')
    .set({ superseded_at: now })
    .where('account_id', '=', accountId)
    .where('superseded_at', 'is', null)
    .where(
      sql<boolean>`exists (select 1 from jsonb_array_elements(channels) c where lower(c->>'url') = ${url.toLowerCase()})`,
    )
    .returning('id')
    .execute();
  return rows.length;
}

/** A certificate by its public code, with its subscription; undefined for an unknown code. */
export async function selectLicenceByCode(
  db: Db,
  code: string,
): Promise<{ licence: LicenceRow; subscription: LicenceSubscription } | undefined> {
  const licence = await db.selectFrom('licences').select(licenceColumns).where('code', '=', code).executeTakeFirst();
  if (!licence) return undefined;
  const subscription = await db
    .selectFrom('subscriptions')
    .select(subscriptionColumns)
    .where('id', '=', licence.subscription_id)
    .executeTakeFirstOrThrow();
  return { licence: normaliseLicence(licence), subscription: normaliseSubscription(subscription) };
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  const row = await db.selectFrom('licences').select('id').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/** A certificate by id, with its subscription (per-track certificates point at the licence in force). */
export async function selectLicenceById(
  db: Db,
  id: string,
): Promise<{ licence: LicenceRow; subscription: LicenceSubscription } | undefined> {
  const licence = await db.selectFrom('licences').select('code').where('id', '=', id).executeTakeFirst();
  return licence ? selectLicenceByCode(db, licence.code) : undefined;
}
