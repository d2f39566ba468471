import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, TEST_PASSWORD } from '../../../test/factories';
import { fromIp, nextIp, tokenRequest } from '../../../test/auth-helpers';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { createRedisRateLimiter } from '../../providers/rate-limit/redis-rate-limit';
import type { RateLimiter } from '../../providers/rate-limit/rate-limit';

/**
 * Decision 048: only counters keyed by the caller's address refuse a sign-in; failures for an email
 * from anywhere only make the captcha mandatory. The same journeys run on the in-process limiter and,
 * when TEST_REDIS_URL is set, on Redis.
 */
function signInThrottling(makeLimiter: () => RateLimiter | undefined) {
  let ctx: TestContext;
  let limiter: RateLimiter | undefined;

  beforeAll(async () => {
    limiter = makeLimiter();
    ctx = await createTestApp(limiter ? { providers: { rateLimiter: limiter } } : {});
  });
  afterAll(async () => {
    await ctx.close();
    await limiter?.close();
  });

  const attempt = async (email: string, password: string, ip: string, captcha = false) =>
    tokenRequest(
      ctx.app,
      {
        grant_type: 'password',
        username: email,
        password,
        ...(captcha ? { captcha: await solveCaptcha(ctx.app) } : {}),
      },
      fromIp(ip),
    );

  it('an attacker with solved captchas from many addresses cannot lock the owner out', async () => {
    const { email } = await accountFactory(ctx.db).account();
    // Fifteen wrong passwords in a minute, well past the old per-email limit of ten, each from its own
    // address and each with a solved captcha.
    for (let i = 0; i < 15; i++) {
      const res = await attempt(email, `Guess-${i}-password`, nextIp(), true);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('wrong credentials or client not found');
    }
    const ownerIp = nextIp();
    // The failures escalate to the captcha for everyone...
    const withoutCaptcha = await attempt(email, TEST_PASSWORD, ownerIp);
    expect(withoutCaptcha.statusCode).toBe(400);
    expect(withoutCaptcha.json()).toEqual({ error: 'recaptcha error', message: expect.any(String) });
    // ...but the owner's right password with a solved captcha goes through.
    const owner = await attempt(email, TEST_PASSWORD, ownerIp, true);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().access_token).toEqual(expect.any(String));
  });

  it('escalates to the captcha after 3 failures for an email from any address, never to a lock', async () => {
    const { email } = await accountFactory(ctx.db).account();
    for (let i = 0; i < 3; i++) expect((await attempt(email, `Nope-${i}-password`, nextIp())).statusCode).toBe(401);
    const res = await attempt(email, TEST_PASSWORD, nextIp());
    expect(res.json().error).toBe('recaptcha error');
    expect((await attempt(email, TEST_PASSWORD, nextIp(), true)).statusCode).toBe(200);
  });

  it('throttles one address guessing one account (10 per 5 minutes) and no other address', async () => {
    const { email } = await accountFactory(ctx.db).account();
    const attackerIp = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await attempt(email, `Guess-${i}-password`, attackerIp, i >= 3);
      expect(res.statusCode).toBe(401);
    }
    const limited = await attempt(email, TEST_PASSWORD, attackerIp, true);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'TOO_MANY_REQUESTS', message: expect.stringContaining('Try again') });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(300);

    // The same account from another address, and another account from the same address, still sign in.
    expect((await attempt(email, TEST_PASSWORD, nextIp(), true)).statusCode).toBe(200);
    const other = await accountFactory(ctx.db).account();
    expect((await attempt(other.email, TEST_PASSWORD, attackerIp, true)).statusCode).toBe(200);
  });

  it('throttles one address trying many accounts (30 per 5 minutes), whoever they belong to', async () => {
    const sprayIp = nextIp();
    for (let i = 0; i < 30; i++) {
      const res = await attempt(`sprayed-${i}-${randomBytes(3).toString('hex')}@example.com`, 'x', sprayIp, i >= 3);
      expect(res.statusCode).toBe(401);
    }
    const victim = await accountFactory(ctx.db).account();
    const limited = await attempt(victim.email, TEST_PASSWORD, sprayIp, true);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('TOO_MANY_REQUESTS');
    expect(limited.headers['retry-after']).toBeDefined();
    // The account itself is not touched: its owner elsewhere signs in without even a captcha.
    expect((await attempt(victim.email, TEST_PASSWORD, nextIp())).statusCode).toBe(200);
  });
}

describe('sign-in throttling, in-process limiter', () => {
  signInThrottling(() => undefined);
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('sign-in throttling, Redis limiter', () => {
  signInThrottling(() =>
    createRedisRateLimiter({
      url: redisUrl!,
      prefix: `cuewave-test:signin:${Date.now()}:${randomBytes(4).toString('hex')}:`,
    }),
  );
});
