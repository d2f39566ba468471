import { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limit';

/**
 * INCR and the window's expiry in one atomic step. The window opens at the first hit (PEXPIRE when the
 * count becomes 1); the PTTL guard repairs a key that somehow lost its expiry, which would otherwise
 * block its owner forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

type HitCommand = { cuewaveRateHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Fixed windows in Redis (REDIS_URL), shared by every instance. Redis keeps the time, so the windows
 * follow Redis's clock rather than the injected one. When Redis cannot be reached a call fails after
 * a couple of seconds instead of queueing, and the request answers 500: limits are not silently
 * switched off.
 */
export function createRedisRateLimiter(options: { url: string; prefix?: string }): RateLimiter {
  const prefix = options.prefix ?? 'cuewave:rate:';
  const redis = new Redis(options.url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    commandTimeout: 2_000,
    lazyConnect: true,
  });
  redis.defineCommand('cuewaveRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const commands = redis as unknown as HitCommand;
  // An 'error' listener keeps a lost connection from crashing the process; ioredis reconnects itself.
  redis.on('error', () => {});

  return {
    kind: 'redis',
    async hit(key, rule) {
      const [count, ttlMs] = await commands.cuewaveRateHit(prefix + key, rule.windowSeconds * 1000);
      const allowed = count <= rule.limit;
      return {
        allowed,
        remaining: Math.max(0, rule.limit - count),
        retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)),
      };
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      if (redis.status === 'end' || redis.status === 'wait') {
        redis.disconnect();
        return;
      }
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
