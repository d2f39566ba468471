export type RateRule = { limit: number; windowSeconds: number };
export type RateResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Fixed-window counters: in process by default, Redis (REDIS_URL) when several instances share
 * the load. Keys are namespaced by the caller, e.g. `token:ip:203.0.113.9`.
 */
export type RateLimiter = {
  kind: 'memory' | 'redis';
  /** Counts one event and says whether it is within the rule. */
  hit(key: string, rule: RateRule): Promise<RateResult>;
  /** Events counted in the key's current window, without counting one. */
  count(key: string, rule: RateRule): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};
