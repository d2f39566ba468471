import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { ACCESS_TOKEN_MINUTES } from '@cuewave/contract/account';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { insertSigningKey, selectNewestSigningKey, selectSigningKey } from './auth.repo';

const ALG = 'ES256';
const DAY_MS = 24 * 60 * 60 * 1000;
export const ACCESS_TOKEN_SECONDS = ACCESS_TOKEN_MINUTES * 60;
/** A key signs for 30 days (decision 031)... */
export const KEY_SIGNS_FOR_MS = 30 * DAY_MS;
/** ...and verifies one day longer than the longest access token it may have signed. */
const KEY_VERIFIES_FOR_MS = KEY_SIGNS_FOR_MS + ACCESS_TOKEN_SECONDS * 1000 + DAY_MS;

type Signer = { kid: string; key: CryptoKey; signUntil: number };
type Verifier = { key: CryptoKey; retireAt: number };
type KeyCache = { signer?: Signer; loading?: Promise<Signer>; verifiers: Map<string, Verifier> };

/**
 * Keys live in `signing_keys` so every instance signs and verifies with the same set; this cache only
 * saves the database round trip. It is per database, so every feature that verifies tokens shares it.
 */
const caches = new WeakMap<Db, KeyCache>();
function cacheFor(db: Db): KeyCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { verifiers: new Map() };
    caches.set(db, cache);
  }
  return cache;
}

type KeyDeps = { db: Db; clock: Clock };

async function loadSigner({ db, clock }: KeyDeps): Promise<Signer> {
  const now = clock.now();
  const signedSince = new Date(now.getTime() - KEY_SIGNS_FOR_MS);
  let row = await selectNewestSigningKey(db, signedSince, now);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomBytes(12).toString('base64url');
    await insertSigningKey(db, {
      kid,
      privateJwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: ALG }),
      publicJwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: ALG }),
      createdAt: now,
      retireAt: new Date(now.getTime() + KEY_VERIFIES_FOR_MS),
    });
    // Another instance may have created a key at the same moment: read back the newest so every
    // instance converges on one signer. Both keys verify, so nothing breaks in the meantime.
    row = await selectNewestSigningKey(db, signedSince, now);
    if (!row) throw new Error('signing key vanished after insert');
  }
  const key = (await importJWK(JSON.parse(row.private_jwk) as JWK, ALG)) as CryptoKey;
  return { kid: row.kid, key, signUntil: row.created_at.getTime() + KEY_SIGNS_FOR_MS };
}

async function currentSigner(deps: KeyDeps): Promise<Signer> {
  const cache = cacheFor(deps.db);
  const now = deps.clock.now().getTime();
  if (cache.signer && now < cache.signer.signUntil && now >= cache.signer.signUntil - KEY_SIGNS_FOR_MS) {
    return cache.signer;
  }
  // One load at a time per process, so a burst of first requests creates one key, not one each.
  cache.loading ??= loadSigner(deps).finally(() => {
    cache.loading = undefined;
  });
  cache.signer = await cache.loading;
  return cache.signer;
}

async function verifierFor({ db, clock }: KeyDeps, kid: unknown): Promise<CryptoKey> {
  if (typeof kid !== 'string' || kid.length === 0 || kid.length > 64) throw new Error('no kid');
  const cache = cacheFor(db);
  const now = clock.now().getTime();
  let verifier = cache.verifiers.get(kid);
  if (!verifier) {
    const row = await selectSigningKey(db, kid);
    if (!row) throw new Error('unknown kid');
    const key = (await importJWK(JSON.parse(row.public_jwk) as JWK, ALG)) as CryptoKey;
    verifier = { key, retireAt: row.retire_at.getTime() };
    cache.verifiers.set(kid, verifier);
  }
  if (verifier.retireAt <= now) throw new Error('retired kid');
  return verifier.key;
}

/** A signed access token (ES256, kid in the header) carrying the account and its token_version. */
export async function signAccessToken(
  deps: KeyDeps,
  subject: { accountId: string; tokenVersion: number },
): Promise<{ token: string; expiresIn: number }> {
  const signer = await currentSigner(deps);
  const iat = Math.floor(deps.clock.now().getTime() / 1000);
  const token = await new SignJWT({ ver: subject.tokenVersion })
    .setProtectedHeader({ alg: ALG, kid: signer.kid, typ: 'JWT' })
    .setSubject(subject.accountId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .setJti(randomUUID())
    .sign(signer.key);
  return { token, expiresIn: ACCESS_TOKEN_SECONDS };
}

/** The token's account and version when its signature, key and expiry hold (by the injected clock); else null. */
export async function verifyAccessToken(
  deps: KeyDeps,
  token: string,
): Promise<{ accountId: string; tokenVersion: number } | null> {
  try {
    const { payload } = await jwtVerify(token, (header) => verifierFor(deps, header.kid), {
      algorithms: [ALG],
      currentDate: deps.clock.now(),
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return { accountId: payload.sub, tokenVersion: payload.ver };
  } catch {
    return null;
  }
}
