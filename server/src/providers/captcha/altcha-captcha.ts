import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { isServiceUnavailable } from '../../lib/error-handler';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { getOrCreateSecret } from '../secrets';
import type { Captcha } from './captcha';

export type AltchaOptions = {
  /** PBKDF2 iterations per attempt. */
  cost?: number;
  /** The secret counter the client has to find is drawn from [counterMin, counterMax]. */
  counterMin?: number;
  counterMax?: number;
  /** How long a challenge can be solved and used. */
  ttlSeconds?: number;
};

/**
 * The defaults cost about 200 × 500 PBKDF2-SHA-256 iterations on average (at most 300 × 500): measured
 * at 20-120 ms with Node's native PBKDF2, which is what WebCrypto runs in a desktop browser, so still
 * well under a second on a slow phone, yet a script pays that for every sign-up or resend.
 * Tests pass a cost of 1.
 */
export const ALTCHA_DEFAULTS = { cost: 500, counterMin: 100, counterMax: 300, ttlSeconds: 600 } as const;
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const SECRET_NAME = 'altcha_hmac';

/**
 * ALTCHA proof of work (altcha-lib v2, deterministic mode). The HMAC secret comes from
 * `server_secrets`, so a challenge made by one instance verifies on any other. Expiry is our own
 * signed `data.exp` checked against the injected clock (altcha-lib's `expiresAt` reads the wall
 * clock). A solution is accepted once: its nonce is recorded in the rate limiter (limit 1) for the
 * challenge's lifetime, so with Redis the single use holds across instances too.
 *
 * The client's solution is what the ALTCHA widget submits: base64 of JSON `{ challenge, solution }`.
 */
export function createAltchaCaptcha(
  deps: { db: Db; clock: Clock; rateLimiter: RateLimiter },
  options: AltchaOptions = {},
): Captcha {
  const settings = { ...ALTCHA_DEFAULTS, ...options };
  let secrets: Promise<{ signature: string; key: string }> | undefined;
  const loadSecrets = () => {
    secrets ??= getOrCreateSecret(deps.db, SECRET_NAME).then(
      (signature) => ({ signature, key: createHmac('sha256', signature).update('altcha-key-signature').digest('hex') }),
      (error: unknown) => {
        secrets = undefined; // try the database again next time
        throw error;
      },
    );
    return secrets;
  };

  return {
    kind: 'altcha',
    async challenge() {
      const { signature, key } = await loadSecrets();
      const exp = Math.floor(deps.clock.now().getTime() / 1000) + settings.ttlSeconds;
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: settings.cost,
        counter: randomInt(settings.counterMax, settings.counterMin),
        deriveKey,
        data: { exp },
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: key,
      });
      return { provider: 'altcha', challenge: challenge as unknown as Record<string, unknown> };
    },
    async verify(solution) {
      try {
        const payload = parsePayload(solution);
        if (!payload) return false;
        const exp = payload.challenge.parameters.data?.exp;
        if (typeof exp !== 'number' || exp * 1000 <= deps.clock.now().getTime()) return false;
        const { signature, key } = await loadSecrets();
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: signature,
          hmacKeySignatureSecret: key,
        });
        if (!result.verified) return false;
        // Only genuine solutions reach the store, so garbage cannot fill it.
        const used = await deps.rateLimiter.hit(`captcha:altcha:${payload.challenge.parameters.nonce}`, {
          limit: 1,
          windowSeconds: settings.ttlSeconds + 60,
        });
        return used.allowed;
      } catch (err) {
        // A database or Redis outage is not a wrong answer: let it surface as a 503, not "recaptcha error".
        if (isServiceUnavailable(err)) throw err;
        return false;
      }
    },
  };
}

function parsePayload(solution: string): { challenge: Challenge; solution: Solution } | null {
  if (typeof solution !== 'string' || solution.length === 0 || solution.length > 20_000) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.challenge) || !isObject(value.solution)) return null;
  const { challenge, solution: answer } = value;
  if (!isObject(challenge.parameters) || typeof challenge.signature !== 'string') return null;
  if (typeof challenge.parameters.nonce !== 'string' || !isObject(challenge.parameters.data ?? {})) return null;
  if (typeof answer.counter !== 'number' || typeof answer.derivedKey !== 'string') return null;
  return value as { challenge: Challenge; solution: Solution };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
