import type { Clock } from '../../lib/clock';
import type { RateLimiter, RateResult, RateRule } from './rate-limit';

type Window = { count: number; resetAt: number };

/**
 * In-process fixed windows. A key's window opens at its first hit and lasts `windowSeconds` (the same
 * semantics as the Redis limiter's INCR + PEXPIRE), so a once-only key (limit 1) stays taken for the
 * whole window. Memory stays bounded: expired windows are swept every `sweepEvery` hits, and past
 * `maxKeys` the oldest windows are dropped (forgetting a counter only ever lets a request through).
 */
export function createMemoryRateLimiter(
  deps: { clock: Clock },
  options: { maxKeys?: number; sweepEvery?: number } = {},
): RateLimiter & { size(): number } {
  const maxKeys = options.maxKeys ?? 100_000;
  const sweepEvery = options.sweepEvery ?? 1000;
  const windows = new Map<string, Window>();
  let hitsSinceSweep = 0;

  const live = (key: string, now: number): Window | undefined => {
    const window = windows.get(key);
    if (window && window.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  const sweep = (now: number) => {
    hitsSinceSweep = 0;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };

  const result = (window: Window, rule: RateRule, now: number): RateResult => {
    const allowed = window.count <= rule.limit;
    return {
      allowed,
      remaining: Math.max(0, rule.limit - window.count),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  };

  return {
    kind: 'memory',
    async hit(key, rule) {
      const now = deps.clock.now().getTime();
      let window = live(key, now);
      if (!window) {
        window = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
        windows.set(key, window);
        // Map iteration follows insertion order, so the first key is the oldest window.
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
      }
      window.count += 1;
      if (++hitsSinceSweep >= sweepEvery) sweep(now);
      return result(window, rule, now);
    },
    async count(key) {
      return live(key, deps.clock.now().getTime())?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
    size: () => windows.size,
  };
}
