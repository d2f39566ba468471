import type { Language } from '@cuewave/contract/languages';
import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** SQL of sessions: signing keys, refresh-token families, one-time tokens and the account columns auth reads. */

export type SigningKeyRow = { kid: string; private_jwk: string; public_jwk: string; created_at: Date; retire_at: Date };

export async function selectNewestSigningKey(db: Db, signedSince: Date, now: Date): Promise<SigningKeyRow | undefined> {
  const row = await db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk', 'created_at', 'retire_at'])
    .where('algorithm', '=', 'ES256')
    .where('created_at', '>', signedSince)
    .where('retire_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('kid', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && normaliseKey(row);
}

export async function selectSigningKey(db: Db, kid: string): Promise<SigningKeyRow | undefined> {
  const row = await db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk', 'created_at', 'retire_at'])
    .where('kid', '=', kid)
    .where('algorithm', '=', 'ES256')
    .executeTakeFirst();
  return row && normaliseKey(row);
}

export async function insertSigningKey(
  db: Db,
  key: { kid: string; privateJwk: string; publicJwk: string; createdAt: Date; retireAt: Date },
): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values({
      kid: key.kid,
      algorithm: 'ES256',
      private_jwk: key.privateJwk,
      public_jwk: key.publicJwk,
      created_at: key.createdAt,
      retire_at: key.retireAt,
    })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}

function normaliseKey(row: SigningKeyRow): SigningKeyRow {
  return { ...row, created_at: new Date(row.created_at), retire_at: new Date(row.retire_at) };
}

export type Credentials = { id: string; email: string; password_hash: string; language: Language };

export async function selectCredentialsByEmail(db: Db, email: string): Promise<Credentials | undefined> {
  return db
    .selectFrom('accounts')
    .select(['id', 'email', 'password_hash', 'language'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function selectTokenVersion(db: Db, accountId: string): Promise<number | undefined> {
  const row = await db.selectFrom('accounts').select('token_version').where('id', '=', accountId).executeTakeFirst();
  return row?.token_version;
}

/** Bumps token_version: every access token issued before dies at its next use. */
export async function bumpTokenVersion(db: Db, accountId: string, now: Date): Promise<number | undefined> {
  const row = await db
    .updateTable('accounts')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', accountId)
    .returning('token_version')
    .executeTakeFirst();
  return row?.token_version;
}

export type RefreshTokenRow = {
  id: string;
  family_id: string;
  account_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
};

export async function insertRefreshToken(
  db: Db,
  row: { id: string; familyId: string; accountId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: row.id,
      family_id: row.familyId,
      account_id: row.accountId,
      token_hash: row.tokenHash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function selectRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['id', 'family_id', 'account_id', 'expires_at', 'used_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      expires_at: new Date(row.expires_at),
      used_at: row.used_at && new Date(row.used_at),
      revoked_at: row.revoked_at && new Date(row.revoked_at),
    }
  );
}

/** Marks a token used if nobody did first; false means another request rotated it a moment ago. */
export async function markRefreshTokenUsed(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeRefreshFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAccountRefreshTokens(db: Db, accountId: string, now: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

export type OneTimePurpose = 'signin' | 'password_reset' | 'email_verify';

export async function insertOneTimeToken(
  db: Db,
  row: { id: string; accountId: string; purpose: OneTimePurpose; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({
      id: row.id,
      account_id: row.accountId,
      purpose: row.purpose,
      token_hash: row.tokenHash,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The account of a live (unused, unexpired) token, without using it. */
export async function selectLiveOneTimeToken(
  db: Db,
  tokenHash: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('one_time_tokens')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.account_id;
}

/** Uses a live token in one statement, so two requests racing with the same token cannot both win. */
export async function useOneTimeToken(
  db: Db,
  tokenHash: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id;
}

/** Forgets an account's unused tokens of one purpose (a newer link replaces them, or they stopped making sense). */
export async function deleteUnusedOneTimeTokens(db: Db, accountId: string, purpose: OneTimePurpose): Promise<void> {
  await db
    .deleteFrom('one_time_tokens')
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
