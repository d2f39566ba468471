import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { createTestDb } from '../../../test/test-db';
import { createMemoryRateLimiter } from '../rate-limit/memory-rate-limit';
import { createAltchaCaptcha } from './altcha-captcha';
import type { Captcha } from './captcha';

const ctx = { ip: '203.0.113.9', action: 'register' as const };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

async function solved(
  captcha: Captcha,
): Promise<{ challenge: Challenge; solution: { counter: number; derivedKey: string } }> {
  const answer = await captcha.challenge();
  if (answer.provider !== 'altcha') throw new Error('expected altcha');
  const challenge = answer.challenge as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('unsolved');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}

describe('ALTCHA captcha', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const clock = fixedClock(new Date('2030-01-01T12:00:00Z'));
  let captcha: Captcha;

  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
    captcha = createAltchaCaptcha({ db, clock, rateLimiter: createMemoryRateLimiter({ clock }) }, { cost: 1 });
  });
  afterAll(() => drop());

  it('issues signed PBKDF2 challenges with an expiry, keeping the secret in server_secrets', async () => {
    const answer = await captcha.challenge();
    expect(answer.provider).toBe('altcha');
    const challenge = (answer as unknown as { challenge: Challenge }).challenge;
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.data?.exp).toBe(Date.parse('2030-01-01T12:10:00Z') / 1000);
    const secrets = await db.selectFrom('server_secrets').selectAll().execute();
    expect(secrets.map((s) => s.name)).toEqual(['altcha_hmac']);
  });

  it('accepts a genuine solution once, then refuses it', async () => {
    const payload = encode(await solved(captcha));
    expect(await captcha.verify(payload, ctx)).toBe(true);
    expect(await captcha.verify(payload, ctx)).toBe(false);
  });

  it('accepts a challenge made by another instance sharing the database', async () => {
    const other = createAltchaCaptcha({ db, clock, rateLimiter: createMemoryRateLimiter({ clock }) }, { cost: 1 });
    expect(await other.verify(encode(await solved(captcha)), ctx)).toBe(true);
  });

  it('lets an outage of the used-solution store surface instead of calling the answer wrong', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    const rateLimiter = { ...createMemoryRateLimiter({ clock }), hit: () => Promise.reject(down) };
    const outage = createAltchaCaptcha({ db, clock, rateLimiter }, { cost: 1 });
    await expect(outage.verify(encode(await solved(captcha)), ctx)).rejects.toBe(down);
  });

  it('refuses empty, garbage and malformed payloads without throwing', async () => {
    for (const bad of [
      '',
      'garbage',
      '!!!',
      encode(null),
      encode([]),
      encode({}),
      encode({ challenge: {}, solution: {} }),
    ]) {
      expect(await captcha.verify(bad, ctx)).toBe(false);
    }
    expect(await captcha.verify('x'.repeat(30_000), ctx)).toBe(false);
    expect(await captcha.verify(undefined as unknown as string, ctx)).toBe(false);
  });

  it('refuses a wrong answer and tampered parameters', async () => {
    const good = await solved(captcha);
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: '00'.repeat(32) } };
    expect(await captcha.verify(encode(wrongKey), ctx)).toBe(false);
    const flipped = good.solution.derivedKey.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(await captcha.verify(encode({ ...good, solution: { ...good.solution, derivedKey: flipped } }), ctx)).toBe(
      false,
    );
    const notHex = { ...good, solution: { ...good.solution, derivedKey: 'zz' } };
    expect(await captcha.verify(encode(notHex), ctx)).toBe(false);
    const longer = {
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, data: { exp: 4_000_000_000 } } },
    };
    expect(await captcha.verify(encode(longer), ctx)).toBe(false);
    const unsigned = { ...good, challenge: { parameters: good.challenge.parameters } };
    expect(await captcha.verify(encode(unsigned), ctx)).toBe(false);
    // the untouched solution is still good (none of the above used it up)
    expect(await captcha.verify(encode(good), ctx)).toBe(true);
  });

  it('refuses a solution signed with another secret', async () => {
    const { db: otherDb, drop: dropOther } = await createTestDb();
    try {
      const foreign = createAltchaCaptcha(
        { db: otherDb, clock, rateLimiter: createMemoryRateLimiter({ clock }) },
        { cost: 1 },
      );
      expect(await captcha.verify(encode(await solved(foreign)), ctx)).toBe(false);
    } finally {
      await dropOther();
    }
  });

  it('refuses a solution once its challenge has expired', async () => {
    const payload = encode(await solved(captcha));
    clock.advance(10 * 60 * 1000 + 1000);
    expect(await captcha.verify(payload, ctx)).toBe(false);
  });
});
