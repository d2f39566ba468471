import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { createMemoryRateLimiter } from './memory-rate-limit';
import { createRedisRateLimiter } from './redis-rate-limit';
import type { RateLimiter } from './rate-limit';

const rule = { limit: 3, windowSeconds: 60 };

/** What both limiters promise, whatever keeps the counters. */
function behavesLikeARateLimiter(make: () => RateLimiter) {
  const limiter = make();
  const key = () => `test:${randomBytes(6).toString('hex')}`;
  afterAll(() => limiter.close());

  it('allows up to the limit, then refuses with a Retry-After inside the window', async () => {
    const k = key();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.hit(k, rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(results[0]!.retryAfterSeconds).toBe(0);
    expect(results[4]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(results[4]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await limiter.count(k, rule)).toBe(5);
  });

  it('counts keys separately', async () => {
    const a = key();
    const b = key();
    for (let i = 0; i < 3; i++) await limiter.hit(a, rule);
    expect((await limiter.hit(a, rule)).allowed).toBe(false);
    expect((await limiter.hit(b, rule)).allowed).toBe(true);
    expect(await limiter.count(b, rule)).toBe(1);
  });

  it('count() does not count, and an unknown key counts zero', async () => {
    const k = key();
    expect(await limiter.count(k, rule)).toBe(0);
    await limiter.hit(k, rule);
    expect(await limiter.count(k, rule)).toBe(1);
    expect(await limiter.count(k, rule)).toBe(1);
  });

  it('reset() forgets a key', async () => {
    const k = key();
    for (let i = 0; i < 4; i++) await limiter.hit(k, rule);
    await limiter.reset(k);
    expect(await limiter.count(k, rule)).toBe(0);
    expect((await limiter.hit(k, rule)).allowed).toBe(true);
  });

  it('a limit of 1 lets exactly one of many concurrent hits through', async () => {
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => limiter.hit(k, { limit: 1, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
  });
}

describe('memory rate limiter', () => {
  behavesLikeARateLimiter(() => createMemoryRateLimiter({ clock: fixedClock(new Date('2030-01-01T00:00:00Z')) }));

  it('opens the window at the first hit and closes it windowSeconds later', async () => {
    const clock = fixedClock(new Date('2030-01-01T00:00:00Z'));
    const limiter = createMemoryRateLimiter({ clock });
    clock.advance(17_000); // not aligned to the minute: the window starts here
    for (let i = 0; i < 3; i++) await limiter.hit('k', rule);
    clock.advance(59_000);
    const refused = await limiter.hit('k', rule);
    expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    clock.advance(1_000);
    expect(await limiter.hit('k', rule)).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 0 });
  });

  it('reports Retry-After as the time left in the window, rounded up', async () => {
    const clock = fixedClock(new Date('2030-01-01T00:00:00Z'));
    const limiter = createMemoryRateLimiter({ clock });
    await limiter.hit('k', { limit: 1, windowSeconds: 30 });
    clock.advance(10_500);
    expect((await limiter.hit('k', { limit: 1, windowSeconds: 30 })).retryAfterSeconds).toBe(20);
    clock.advance(19_499);
    expect((await limiter.hit('k', { limit: 1, windowSeconds: 30 })).retryAfterSeconds).toBe(1);
    expect(await limiter.count('k', rule)).toBe(3);
    clock.advance(1);
    expect(await limiter.count('k', rule)).toBe(0);
  });

  it('sweeps expired windows so memory stays bounded', async () => {
    const clock = fixedClock(new Date('2030-01-01T00:00:00Z'));
    const limiter = createMemoryRateLimiter({ clock }, { sweepEvery: 100 });
    for (let i = 0; i < 99; i++) await limiter.hit(`ip:${i}`, { limit: 5, windowSeconds: 10 });
    expect(limiter.size()).toBe(99);
    clock.advance(11_000);
    await limiter.hit('fresh', rule); // the 100th hit sweeps
    expect(limiter.size()).toBe(1);
  });

  it('never holds more than maxKeys windows, dropping the oldest first', async () => {
    const clock = fixedClock(new Date('2030-01-01T00:00:00Z'));
    const limiter = createMemoryRateLimiter({ clock }, { maxKeys: 50 });
    await limiter.hit('oldest', { limit: 1, windowSeconds: 3600 });
    for (let i = 0; i < 500; i++) await limiter.hit(`flood:${i}`, { limit: 1, windowSeconds: 3600 });
    expect(limiter.size()).toBe(50);
    expect(await limiter.count('oldest', rule)).toBe(0);
    expect(await limiter.count('flood:499', rule)).toBe(1);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('redis rate limiter', () => {
  const prefix = `cuewave-test:${Date.now()}:${randomBytes(4).toString('hex')}:`;
  behavesLikeARateLimiter(() => createRedisRateLimiter({ url: redisUrl!, prefix }));

  it('expires the window in Redis', async () => {
    const limiter = createRedisRateLimiter({ url: redisUrl!, prefix });
    try {
      // Only the expiry is timed here (refusals are covered above with long windows): a pause of the
      // test process between two hits must not be able to turn this test red.
      expect((await limiter.hit('short', { limit: 1, windowSeconds: 1 })).allowed).toBe(true);
      expect(await limiter.count('short', { limit: 1, windowSeconds: 1 })).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await limiter.count('short', { limit: 1, windowSeconds: 1 })).toBe(0);
      expect((await limiter.hit('short', { limit: 1, windowSeconds: 1 })).allowed).toBe(true);
    } finally {
      await limiter.close();
    }
  });

  it('shares counters between instances', async () => {
    const a = createRedisRateLimiter({ url: redisUrl!, prefix });
    const b = createRedisRateLimiter({ url: redisUrl!, prefix });
    try {
      await a.hit('shared', { limit: 1, windowSeconds: 60 });
      expect((await b.hit('shared', { limit: 1, windowSeconds: 60 })).allowed).toBe(false);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fails loudly when Redis cannot be reached', async () => {
    const limiter = createRedisRateLimiter({ url: 'redis://127.0.0.1:1', prefix });
    await expect(limiter.hit('x', rule)).rejects.toThrow();
    await limiter.close();
  });
});
