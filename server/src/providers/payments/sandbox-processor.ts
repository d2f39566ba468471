import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import {
  CARD_TOKEN_TTL_MINUTES,
  PAYMENT_FAILURE_MESSAGES,
  SANDBOX_TEST_CARDS,
  cardProblems,
  detectCardBrand,
  fullExpiryYear,
  normaliseCardNumber,
  type CardBrand,
  type CardFields,
  type CardProblem,
  type SandboxOutcome,
} from '@cuewave/contract/payment';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../rate-limit/rate-limit';
import { getOrCreateSecret } from '../secrets';
import type { ChargeResult, PaymentProvider, SaveCardResult } from './payments';

const TOKEN_KEY_SECRET = 'sandbox_card_token';
const FINGERPRINT_SECRET = 'card_fingerprint';
const TOKEN_PREFIX = 'tok_';
const METHOD_PREFIX = 'pm_sandbox_';
const PAYMENT_PREFIX = 'pi_sandbox_';
// Binds the ciphertext to its purpose, so no other AES-GCM blob made with the key passes as a token.
const TOKEN_AAD = Buffer.from('cuewave sandbox card token v1');

/** The outcome of every documented test card; any other valid number succeeds. */
const OUTCOMES: ReadonlyMap<string, SandboxOutcome> = new Map(SANDBOX_TEST_CARDS.map((c) => [c.number, c.outcome]));
const OUTCOME_VALUES: ReadonlySet<string> = new Set(SANDBOX_TEST_CARDS.map((c) => c.outcome));

/** What a token carries, encrypted: enough to save the card, never the number or the CVC. */
type TokenPayload = {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  outcome: SandboxOutcome;
  /** Unix seconds. */
  exp: number;
};

// Tokens travel in a URL path (POST /v1/payment/stripe/method/{token}), where Fastify allows 100
// characters: the payload is packed into 27 bytes, so a token is 78 characters.
const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover'];
const OUTCOME_LIST: readonly SandboxOutcome[] = [
  'succeeded',
  'requires_action',
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
];
const FINGERPRINT_BYTES = 16;
const PACKED_BYTES = 11 + FINGERPRINT_BYTES;

function pack(p: TokenPayload): Buffer {
  const out = Buffer.alloc(PACKED_BYTES);
  out.writeUInt8(BRANDS.indexOf(p.brand), 0);
  out.writeUInt8(OUTCOME_LIST.indexOf(p.outcome), 1);
  out.writeUInt8(p.expMonth, 2);
  out.writeUInt16BE(p.expYear, 3);
  out.writeUInt16BE(Number(p.last4), 5);
  out.writeUInt32BE(p.exp, 7);
  Buffer.from(p.fingerprint, 'base64url').copy(out, 11);
  return out;
}

function unpack(raw: Buffer): TokenPayload | null {
  if (raw.length !== PACKED_BYTES) return null;
  const brand = BRANDS[raw.readUInt8(0)];
  const outcome = OUTCOME_LIST[raw.readUInt8(1)];
  if (!brand || !outcome) return null;
  return {
    brand,
    outcome,
    expMonth: raw.readUInt8(2),
    expYear: raw.readUInt16BE(3),
    last4: String(raw.readUInt16BE(5)).padStart(4, '0'),
    exp: raw.readUInt32BE(7),
    fingerprint: raw.subarray(11).toString('base64url'),
  };
}

export type SandboxTokenResult =
  | { ok: true; token: string; brand: CardBrand; last4: string; expMonth: number; expYear: number; expiresAt: Date }
  | { ok: false; problems: CardProblem[] };

export type SandboxProcessor = PaymentProvider & {
  kind: 'sandbox';
  /**
   * The card vault of the sandbox (POST /v1/payment/sandbox/tokens): checks the card with the
   * injected clock and answers an encrypted, expiring, single-use token. The number lives only in
   * this call's memory: the token holds brand, last four, expiry, fingerprint and test behaviour.
   */
  tokenize(card: CardFields): Promise<SandboxTokenResult>;
};

export type SandboxDeps = { db: Db; clock: Clock; rateLimiter: RateLimiter };

/**
 * The embedded card processor: no network, no per-user state in process memory. Tokens are
 * AES-256-GCM blobs under a key from `server_secrets`, so any instance opens any other's; single use
 * is recorded in the rate limiter (limit 1 per token nonce, like ALTCHA solutions), shared through
 * Redis when REDIS_URL is set. Saved cards and charges are stateless: a card's ref carries its test
 * behaviour, a charge's ref derives from its idempotency key, so the same key gives the same answer.
 */
export function createSandboxProcessor(deps: SandboxDeps): SandboxProcessor {
  let keys: Promise<{ token: Buffer; fingerprint: Buffer }> | undefined;
  const loadKeys = () => {
    keys ??= Promise.all([
      getOrCreateSecret(deps.db, TOKEN_KEY_SECRET),
      getOrCreateSecret(deps.db, FINGERPRINT_SECRET),
    ]).then(
      ([token, fingerprint]) => ({
        token: createHash('sha256').update(`aes-256-gcm:${token}`).digest(),
        fingerprint: Buffer.from(fingerprint, 'utf8'),
      }),
      (error: unknown) => {
        keys = undefined; // try the database again next time
        throw error;
      },
    );
    return keys;
  };
  const ttlMs = CARD_TOKEN_TTL_MINUTES * 60_000;

  /** AES-256-GCM; the random IV doubles as the token's single-use nonce. */
  const seal = (key: Buffer, payload: TokenPayload): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(TOKEN_AAD);
    const body = Buffer.concat([cipher.update(pack(payload)), cipher.final()]);
    return TOKEN_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
  };

  const open = (key: Buffer, token: string): { payload: TokenPayload; nonce: string } | null => {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
    const raw = Buffer.from(token.slice(TOKEN_PREFIX.length), 'base64url');
    if (raw.length !== 12 + PACKED_BYTES + 16) return null;
    try {
      const iv = raw.subarray(0, 12);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(TOKEN_AAD);
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      const payload = unpack(Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]));
      return payload ? { payload, nonce: iv.toString('base64url') } : null;
    } catch {
      return null;
    }
  };

  const failed = (code: Exclude<SandboxOutcome, 'succeeded' | 'requires_action'>, ref: string): ChargeResult => ({
    status: 'failed',
    ref,
    code,
    message: PAYMENT_FAILURE_MESSAGES[code],
  });

  return {
    kind: 'sandbox',

    async tokenize(card) {
      const problems = cardProblems(card, deps.clock.now());
      if (problems.length) return { ok: false, problems };
      const digits = normaliseCardNumber(card.number);
      const { token: tokenKey, fingerprint: fingerprintKey } = await loadKeys();
      // Whole seconds, rounded down: the token never lives longer than the TTL.
      const exp = Math.floor((deps.clock.now().getTime() + ttlMs) / 1000);
      const expiresAt = new Date(exp * 1000);
      const payload: TokenPayload = {
        brand: detectCardBrand(digits)!,
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: fullExpiryYear(card.expYear),
        fingerprint: createHmac('sha256', fingerprintKey)
          .update(digits)
          .digest()
          .subarray(0, FINGERPRINT_BYTES)
          .toString('base64url'),
        outcome: OUTCOMES.get(digits) ?? 'succeeded',
        exp,
      };
      return {
        ok: true,
        token: seal(tokenKey, payload),
        brand: payload.brand,
        last4: payload.last4,
        expMonth: payload.expMonth,
        expYear: payload.expYear,
        expiresAt,
      };
    },

    async saveCard({ token }): Promise<SaveCardResult> {
      const { token: tokenKey } = await loadKeys();
      const opened = open(tokenKey, token);
      if (!opened) {
        return {
          status: 'failed',
          code: 'token_invalid',
          message: 'This card token is not valid. Enter the card again.',
        };
      }
      const { payload, nonce } = opened;
      if (payload.exp * 1000 <= deps.clock.now().getTime()) {
        return {
          status: 'failed',
          code: 'token_expired',
          message: 'This card token has expired. Enter the card again.',
        };
      }
      // Only genuine tokens reach the store, so garbage cannot fill it.
      const use = await deps.rateLimiter.hit(`payment:sandbox-token:${nonce}`, {
        limit: 1,
        windowSeconds: CARD_TOKEN_TTL_MINUTES * 60 + 60,
      });
      if (!use.allowed) {
        return {
          status: 'failed',
          code: 'token_used',
          message: 'This card token was already used. Enter the card again.',
        };
      }
      return {
        status: 'saved',
        ref: `${METHOD_PREFIX}${payload.outcome}_${randomBytes(12).toString('hex')}`,
        card: {
          brand: payload.brand,
          last4: payload.last4,
          expMonth: payload.expMonth,
          expYear: payload.expYear,
          fingerprint: payload.fingerprint,
        },
      };
    },

    async charge(request) {
      const { fingerprint: key } = await loadKeys();
      const ref =
        PAYMENT_PREFIX +
        createHmac('sha256', key).update(`charge:${request.idempotencyKey}`).digest('hex').slice(0, 24);
      const outcome = outcomeOfMethod(request.methodRef);
      if (!outcome) return failed('processing_error', ref);
      if (outcome === 'succeeded') return { status: 'succeeded', ref };
      if (outcome === 'requires_action') return { status: 'requires_action', ref, action: { type: 'sandbox_3ds' } };
      return failed(outcome, ref);
    },

    async confirmPayment({ ref, approve }) {
      if (approve) return { status: 'succeeded', ref };
      return {
        status: 'failed',
        ref,
        code: 'authentication_failed',
        message: PAYMENT_FAILURE_MESSAGES.authentication_failed,
      };
    },

    async cancelPayment(ref) {
      // The sandbox keeps no charge state: the payment row, now failed, is what refuses a late confirmation.
      return { status: 'failed', ref, code: 'canceled', message: PAYMENT_FAILURE_MESSAGES.canceled };
    },

    async nextAction() {
      return { type: 'sandbox_3ds' };
    },

    async detachCard() {
      // Nothing is kept for a sandbox card beyond its payment_methods row.
    },
  };
}

/** The test behaviour a sandbox card ref carries; null for a ref this processor did not make. */
function outcomeOfMethod(ref: string): SandboxOutcome | null {
  const match = /^pm_sandbox_([a-z_]+)_[0-9a-f]{24}$/.exec(ref);
  const outcome = match?.[1];
  return outcome && OUTCOME_VALUES.has(outcome) ? (outcome as SandboxOutcome) : null;
}

export function isSandboxProcessor(provider: PaymentProvider): provider is SandboxProcessor {
  return provider.kind === 'sandbox' && 'tokenize' in provider;
}
