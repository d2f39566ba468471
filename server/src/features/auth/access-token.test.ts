import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader } from 'jose';
import type { Db } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { createTestDb } from '../../../test/test-db';
import { KEY_SIGNS_FOR_MS, signAccessToken, verifyAccessToken } from './access-token';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await createTestDb()));
afterAll(() => drop());

const subject = { accountId: '7d1f0c1e-0000-4000-8000-000000000001', tokenVersion: 3 };

describe('signing keys', () => {
  it('are created on first use, shared through the database and rotated by age', async () => {
    const clock = fixedClock(new Date('2031-01-01T00:00:00Z'));
    const first = await signAccessToken({ db, clock }, subject);
    const { kid } = decodeProtectedHeader(first.token);
    expect(await verifyAccessToken({ db, clock }, first.token)).toEqual(subject);

    // Concurrent first uses in one process converge on one key.
    const burst = await Promise.all([1, 2, 3].map(() => signAccessToken({ db, clock }, subject)));
    expect(new Set(burst.map((t) => decodeProtectedHeader(t.token).kid))).toEqual(new Set([kid]));

    // Just before the key's signing period ends it still signs...
    clock.advance(KEY_SIGNS_FOR_MS - 60_000);
    const late = await signAccessToken({ db, clock }, subject);
    expect(decodeProtectedHeader(late.token).kid).toBe(kid);
    // ...then a new key takes over while tokens of the old one stay valid until they expire.
    clock.advance(120_000);
    const next = await signAccessToken({ db, clock }, subject);
    expect(decodeProtectedHeader(next.token).kid).not.toBe(kid);
    expect(await verifyAccessToken({ db, clock }, late.token)).toEqual(subject);
    expect(await db.selectFrom('signing_keys').select('kid').execute()).toHaveLength(2);

    clock.advance(15 * 60_000);
    expect(await verifyAccessToken({ db, clock }, late.token)).toBeNull();
    expect(await verifyAccessToken({ db, clock }, next.token)).toBeNull();
  });

  it('a token is only as good as its kid: unknown or missing kids verify nothing', async () => {
    const clock = fixedClock(new Date('2032-06-01T00:00:00Z'));
    const { token } = await signAccessToken({ db, clock }, subject);
    const [head, payload, signature] = token.split('.');
    const header = JSON.parse(Buffer.from(head!, 'base64url').toString()) as Record<string, unknown>;
    const withHeader = (h: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify(h)).toString('base64url')}.${payload}.${signature}`;
    expect(await verifyAccessToken({ db, clock }, withHeader({ ...header, kid: 'unknown' }))).toBeNull();
    expect(await verifyAccessToken({ db, clock }, withHeader({ alg: 'ES256' }))).toBeNull();
    expect(await verifyAccessToken({ db, clock }, token)).toEqual(subject);
  });
});
