import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_DAYS, type TokenResponse } from '@cuewave/contract/account';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { signAccessToken } from './access-token';
import {
  bumpTokenVersion,
  deleteUnusedOneTimeTokens,
  insertOneTimeToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeAccountRefreshTokens,
  revokeRefreshFamily,
  selectLiveOneTimeToken,
  selectRefreshToken,
  selectTokenVersion,
  useOneTimeToken,
  type OneTimePurpose,
} from './auth.repo';

export type SessionDeps = { db: Db; clock: Clock };

const REFRESH_TTL_MS = REFRESH_TOKEN_DAYS * 24 * 60 * 60 * 1000;
/** Two tabs refreshing at once must not sign the user out: a just-rotated token is refused, not treated as theft. */
export const REUSE_GRACE_MS = 10_000;

export const invalidToken = () =>
  new AppError('verify jwt token', 'Your session has expired or was signed out. Please sign in again.');

/** Opaque tokens are 32 random bytes; only their SHA-256 is stored, so a database leak hands out nothing usable. */
function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function issueTokens(
  deps: SessionDeps,
  accountId: string,
  familyId: string,
  db: Db = deps.db,
): Promise<TokenResponse> {
  const tokenVersion = await selectTokenVersion(db, accountId);
  if (tokenVersion === undefined) throw invalidToken();
  const now = deps.clock.now();
  const refresh = newOpaqueToken();
  await insertRefreshToken(db, {
    id: randomUUID(),
    familyId,
    accountId,
    tokenHash: refresh.hash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
  });
  const access = await signAccessToken(deps, { accountId, tokenVersion });
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_in: access.expiresIn,
    refresh_token: refresh.token,
  };
}

/** A new sign-in: a fresh refresh-token family and an access token. */
export function createSession(deps: SessionDeps, accountId: string): Promise<TokenResponse> {
  return issueTokens(deps, accountId, randomUUID());
}

/**
 * The refresh_token grant: the presented token is used up and a new one issued in its family. A token
 * used again more than REUSE_GRACE_MS after its rotation means two parties hold it: the whole family is
 * revoked, so a stolen token stops working as soon as either side rotates (decision 031).
 */
export async function rotateRefreshToken(deps: SessionDeps, token: string): Promise<TokenResponse> {
  const now = deps.clock.now();
  const row = await selectRefreshToken(deps.db, hashToken(token));
  if (!row || row.revoked_at || row.expires_at <= now) throw invalidToken();
  if (row.used_at) {
    if (now.getTime() - row.used_at.getTime() > REUSE_GRACE_MS) await revokeRefreshFamily(deps.db, row.family_id, now);
    throw invalidToken();
  }
  return deps.db.transaction().execute(async (trx) => {
    // Lost the race to a concurrent refresh with the same token: like a reuse within the grace window.
    if (!(await markRefreshTokenUsed(trx, row.id, now))) throw invalidToken();
    return issueTokens(deps, row.account_id, row.family_id, trx);
  });
}

/** Sign-out: revokes the family of the presented refresh token. Unknown tokens are ignored silently. */
export async function revokeRefreshToken(deps: SessionDeps, token: string): Promise<void> {
  const row = await selectRefreshToken(deps.db, hashToken(token));
  if (row) await revokeRefreshFamily(deps.db, row.family_id, deps.clock.now());
}

/**
 * Signs out every session of an account at once: outstanding access tokens die with the bumped
 * token_version, every refresh family is revoked. Used after a password change or reset.
 */
export async function revokeAllSessions(deps: SessionDeps, accountId: string, db: Db = deps.db): Promise<void> {
  const now = deps.clock.now();
  await bumpTokenVersion(db, accountId, now);
  await revokeAccountRefreshTokens(db, accountId, now);
}

/** A single-use token for a link or a device hand-over; only its hash is stored. */
export async function createOneTimeToken(
  deps: SessionDeps,
  accountId: string,
  purpose: OneTimePurpose,
  ttlSeconds: number,
): Promise<string> {
  const now = deps.clock.now();
  const { token, hash } = newOpaqueToken();
  await insertOneTimeToken(deps.db, {
    id: randomUUID(),
    accountId,
    purpose,
    tokenHash: hash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return token;
}

/** Uses a one-time token: the account it belongs to, or null when it is unknown, expired or used. */
export async function consumeOneTimeToken(
  deps: SessionDeps,
  token: string,
  purpose: OneTimePurpose,
  db: Db = deps.db,
): Promise<string | null> {
  return (await useOneTimeToken(db, hashToken(token), purpose, deps.clock.now())) ?? null;
}

/** The account of a live one-time token without using it (to validate a form before spending the link). */
export async function peekOneTimeToken(
  deps: SessionDeps,
  token: string,
  purpose: OneTimePurpose,
): Promise<string | null> {
  return (await selectLiveOneTimeToken(deps.db, hashToken(token), purpose, deps.clock.now())) ?? null;
}

/** Drops an account's unused links of one purpose, e.g. older verification links once a new one is sent. */
export function discardOneTimeTokens(deps: SessionDeps, accountId: string, purpose: OneTimePurpose): Promise<void> {
  return deleteUnusedOneTimeTokens(deps.db, accountId, purpose);
}
