import type { CaptchaAction } from '../../providers/captcha/captcha';
import type { Providers } from '../../providers/providers';
import type { RateRule } from '../../providers/rate-limit/rate-limit';
import { AppError } from '../../lib/errors';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Rate limits of decisions 031 and 048, one rule per counter. */
export const RATE = {
  tokenPerIp: { limit: 30, windowSeconds: 5 * MINUTE },
  /**
   * Password sign-ins for one email from one address. Keyed by the address too, so nobody elsewhere can
   * use it up: per email alone, anyone could lock any customer out (decision 048).
   */
  tokenPerEmailAndIp: { limit: 10, windowSeconds: 5 * MINUTE },
  registerPerIp: { limit: 10, windowSeconds: HOUR },
  codePerIp: { limit: 30, windowSeconds: HOUR },
  codePerAccountBurst: { limit: 1, windowSeconds: 30 },
  codePerAccountHour: { limit: 6, windowSeconds: HOUR },
  resetPerIp: { limit: 10, windowSeconds: HOUR },
  resetPerEmail: { limit: 3, windowSeconds: HOUR },
  signinLinkPerIp: { limit: 10, windowSeconds: HOUR },
  signinLinkPerEmail: { limit: 3, windowSeconds: HOUR },
  /** Failed sign-ins (per email, per address) before the captcha is required; never a lock. */
  signinFailures: { limit: 3, windowSeconds: 15 * MINUTE },
} satisfies Record<string, RateRule>;

/**
 * Counts one event against each counter in order and refuses with 429 + Retry-After at the first one
 * over its limit. Later counters are not charged for a refused event, so a user retrying too quickly
 * (1 per 30 s) does not also use up the hourly allowance.
 */
export async function enforceRateLimits(
  providers: Pick<Providers, 'rateLimiter'>,
  checks: { key: string; rule: RateRule }[],
): Promise<void> {
  for (const { key, rule } of checks) {
    const result = await providers.rateLimiter.hit(key, rule);
    if (!result.allowed) {
      throw new AppError('TOO_MANY_REQUESTS', `Too many attempts. Try again in ${result.retryAfterSeconds} seconds.`, {
        'retry-after': String(result.retryAfterSeconds),
      });
    }
  }
}

/** A missing or failing captcha answers the spec's 'recaptcha error'. */
export async function requireCaptcha(
  providers: Pick<Providers, 'captcha'>,
  solution: string | undefined,
  context: { ip: string; action: CaptchaAction },
): Promise<void> {
  const ok = solution ? await providers.captcha.verify(solution, context) : false;
  if (!ok) throw new AppError('recaptcha error', 'Please complete the captcha and try again.');
}
