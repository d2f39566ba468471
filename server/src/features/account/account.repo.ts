import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Language } from '@cuewave/contract/languages';
import type { AccountsTable } from '../../db/schema';

export type AccountRow = {
  id: string;
  email: string;
  password_hash: string;
  confirmed_email: boolean;
  pending_email: string | null;
  phone: string | null;
  confirmed_phone: boolean;
  newsletter: boolean;
  mobile_notifications: boolean;
  rating: number | null;
  signup_plan: AccountsTable['signup_plan'];
  signup_period: AccountsTable['signup_period'];
  language: Language;
  created_at: Date;
};

const columns = [
  'id',
  'email',
  'password_hash',
  'confirmed_email',
  'pending_email',
  'phone',
  'confirmed_phone',
  'newsletter',
  'mobile_notifications',
  'rating',
  'signup_plan',
  'signup_period',
  'language',
  'created_at',
] as const;

function normalise(row: AccountRow): AccountRow {
  return { ...row, rating: row.rating === null ? null : Number(row.rating), created_at: new Date(row.created_at) };
}

/** Postgres unique_violation: the email is taken (the unique index is on lower(email)). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

export async function insertAccount(
  db: Db,
  values: { id: string; email: string; passwordHash: string; newsletter: boolean; language: Language; now: Date },
): Promise<AccountRow> {
  const row = await db
    .insertInto('accounts')
    .values({
      id: values.id,
      email: values.email,
      password_hash: values.passwordHash,
      newsletter: values.newsletter,
      rating: null,
      phone: null,
      signup_plan: null,
      signup_period: null,
      language: values.language,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return normalise(row);
}

export async function selectAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  const row = await db.selectFrom('accounts').select(columns).where('id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

/**
 * Whether an address is taken: some account signs in with it, or, once `now` is given, an account
 * may still take it back with an unused undo link of an email change (decision 048). `exceptAccountId`
 * leaves the caller's own undo links out: going back to your own old address is not a conflict.
 */
export async function emailExists(
  db: Db,
  email: string,
  reserved?: { now: Date; exceptAccountId?: string },
): Promise<boolean> {
  const lower = email.toLowerCase();
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where(sql<string>`lower(email)`, '=', lower)
    .executeTakeFirst();
  if (row !== undefined || !reserved) return row !== undefined;
  let undo = db
    .selectFrom('email_change_undos')
    .select('id')
    .where(sql<string>`lower(old_email)`, '=', lower)
    .where('used_at', 'is', null)
    .where('expires_at', '>', reserved.now);
  if (reserved.exceptAccountId) undo = undo.where('account_id', '!=', reserved.exceptAccountId);
  return (await undo.executeTakeFirst()) !== undefined;
}

export async function selectAccountIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

export type AccountChanges = Partial<{
  email: string;
  password_hash: string;
  confirmed_email: boolean;
  pending_email: string | null;
  phone: string | null;
  confirmed_phone: boolean;
  newsletter: boolean;
  mobile_notifications: boolean;
  rating: number;
  signup_plan: AccountsTable['signup_plan'];
  signup_period: AccountsTable['signup_period'];
  language: Language;
}>;

/** Updates the account's own row; `where` adds conditions (e.g. the email a code was sent to still being current). */
export async function updateAccount(
  db: Db,
  id: string,
  changes: AccountChanges,
  now: Date,
  where: { email?: string; phone?: string; pendingEmail?: string } = {},
): Promise<AccountRow | undefined> {
  let query = db
    .updateTable('accounts')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id);
  if (where.email !== undefined) query = query.where(sql<string>`lower(email)`, '=', where.email.toLowerCase());
  if (where.phone !== undefined) query = query.where('phone', '=', where.phone);
  if (where.pendingEmail !== undefined) {
    query = query.where(sql<string>`lower(pending_email)`, '=', where.pendingEmail.toLowerCase());
  }
  const row = await query.returning(columns).executeTakeFirst();
  return row && normalise(row);
}

export async function deleteAccountRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('accounts').where('id', '=', id).execute();
}

/**
 * The stored emails and SMS addressed to the account, which are personal data too: its current email
 * and phone, and every address or number it ever had a code sent to (codes are kept, spent, for this).
 */
export async function deleteOutboxFor(
  db: Db,
  accountId: string,
  current: { email: string; phone: string | null },
): Promise<void> {
  const history = await db
    .selectFrom('verification_codes')
    .select('target')
    .distinct()
    .where('account_id', '=', accountId)
    .execute();
  const recipients = [...new Set([current.email, current.phone, ...history.map((row) => row.target)])]
    .filter((r): r is string => !!r)
    .map((r) => r.toLowerCase());
  await db
    .deleteFrom('outbox_messages')
    .where(sql<string>`lower(recipient)`, 'in', recipients)
    .execute();
}

export type CodeRow = {
  id: string;
  target: string;
  code_hash: string;
  attempts: number;
  expires_at: Date;
  consumed_at: Date | null;
};

export async function insertCode(
  db: Db,
  row: {
    id: string;
    accountId: string;
    channel: 'email' | 'phone';
    target: string;
    codeHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('verification_codes')
    .values({
      id: row.id,
      account_id: row.accountId,
      channel: row.channel,
      target: row.target,
      code_hash: row.codeHash,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

/**
 * Spends the account's open codes on a channel (a new code replaces them, or the address was verified
 * or removed). The rows stay until the account goes: they remember where messages were sent.
 */
export async function retireOpenCodes(db: Db, accountId: string, channel: 'email' | 'phone', now: Date): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('account_id', '=', accountId)
    .where('channel', '=', channel)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function selectLatestCode(
  db: Db,
  accountId: string,
  channel: 'email' | 'phone',
): Promise<CodeRow | undefined> {
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'target', 'code_hash', 'attempts', 'expires_at', 'consumed_at'])
    .where('account_id', '=', accountId)
    .where('channel', '=', channel)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (
    row && { ...row, expires_at: new Date(row.expires_at), consumed_at: row.consumed_at && new Date(row.consumed_at) }
  );
}

/** Counts a wrong try unless the code is already spent; the new count, or undefined when it was spent. */
export async function countWrongTry(db: Db, codeId: string, maxAttempts: number): Promise<number | undefined> {
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', codeId)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Uses the code once; false when a concurrent request used or burnt it first. */
export async function consumeCode(db: Db, codeId: string, maxAttempts: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('id', '=', codeId)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
