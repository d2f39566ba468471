import type { Captcha } from './captcha';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

type SiteverifyAnswer = { success?: unknown; score?: unknown; action?: unknown };

/**
 * reCAPTCHA v3 (RECAPTCHA_SITE_KEY + RECAPTCHA_SECRET_KEY): the page runs grecaptcha.execute with the
 * site key and the call's action and sends the token; we ask Google's siteverify whether the token is
 * genuine, was made for this action, and scores at least `minScore` (1.0 very likely a person, 0.0 a
 * bot). Google keeps tokens single-use and 2-minute fresh. Any failure, including Google being
 * unreachable, counts as not verified: the caller answers 'recaptcha error'.
 */
export function createRecaptchaCaptcha(options: {
  siteKey: string;
  secretKey: string;
  minScore?: number;
  verifyUrl?: string;
  timeoutMs?: number;
}): Captcha {
  const minScore = options.minScore ?? 0.5;
  return {
    kind: 'recaptcha',
    async challenge() {
      return { provider: 'recaptcha', siteKey: options.siteKey };
    },
    async verify(solution, context) {
      if (typeof solution !== 'string' || solution.length === 0 || solution.length > 20_000) return false;
      try {
        const form = new URLSearchParams({ secret: options.secretKey, response: solution });
        if (context.ip) form.set('remoteip', context.ip);
        const res = await fetch(options.verifyUrl ?? RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
        });
        if (!res.ok) return false;
        const answer = (await res.json()) as SiteverifyAnswer;
        return (
          answer.success === true &&
          typeof answer.score === 'number' &&
          answer.score >= minScore &&
          answer.action === context.action
        );
      } catch {
        return false;
      }
    },
  };
}
