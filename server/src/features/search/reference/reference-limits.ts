import type { RateRule } from '../../../providers/rate-limit/rate-limit';
import type { RateLimiter } from '../../../providers/rate-limit/rate-limit';

const MINUTE = 60;

/**
 * Fetches (pages and audio) and analyses (audio decoded on this server) per client. The counter is the
 * signed-in account's, else the client address's: a signed-in user's allowance is theirs alone, so nobody
 * on the same network (or anywhere) can use it up; an anonymous address shares with its own network only.
 * Counters live in the rate limiter (Redis when REDIS_URL is set), so every instance counts together.
 */
export const REFERENCE_RATE = {
  fetches: { limit: 60, windowSeconds: 10 * MINUTE },
  analyses: { limit: 20, windowSeconds: 60 * MINUTE },
} satisfies Record<string, RateRule>;

export type ReferenceClient = { ip: string; accountId: string | null };

const keyOf = (what: string, client: ReferenceClient) =>
  client.accountId ? `ref-${what}:acct:${client.accountId}` : `ref-${what}:ip:${client.ip}`;

/** One event against the client's counter → null when allowed, else seconds until it is. */
export async function chargeReference(
  limiter: RateLimiter,
  what: keyof typeof REFERENCE_RATE,
  client: ReferenceClient,
): Promise<number | null> {
  const result = await limiter.hit(keyOf(what, client), REFERENCE_RATE[what]);
  return result.allowed ? null : result.retryAfterSeconds;
}
