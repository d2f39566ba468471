import { captchaChallengeSchema } from '@cuewave/contract/account';
import type { FeatureDeps, ZodApp } from '../../deps';

/**
 * GET /api/captcha/challenge: what the form needs before a protected call (register, sign-in after
 * failures, reset, resend): an ALTCHA challenge to solve, or the reCAPTCHA site key. Every answer is a
 * fresh, single-use challenge, so nothing may cache it.
 */
export async function registerCaptchaRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  app.get(
    '/api/captcha/challenge',
    {
      schema: {
        tags: ['captcha'],
        summary: 'A captcha challenge (ALTCHA proof of work) or the reCAPTCHA v3 site key',
        response: { 200: captchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.providers.captcha.challenge();
    },
  );
}
