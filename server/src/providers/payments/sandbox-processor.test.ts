import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TOKEN_TTL_MINUTES, SANDBOX_TEST_CARDS, type CardFields } from '@cuewave/contract/payment';
import type { Db } from '../../db/client';
import { fixedClock } from '../../lib/clock';
import { createMemoryRateLimiter } from '../rate-limit/memory-rate-limit';
import { createTestDb } from '../../../test/test-db';
import { createSandboxProcessor, type SandboxProcessor } from './sandbox-processor';
import type { ChargeRequest } from './payments';

const clock = fixedClock(new Date('2026-06-15T12:00:00Z'));
let db: Db;
let drop: () => Promise<void>;
let sandbox: SandboxProcessor;
const customer = { accountId: '00000000-0000-4000-8000-000000000001', email: 'a@example.com' };

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  sandbox = createSandboxProcessor({ db, clock, rateLimiter: createMemoryRateLimiter({ clock }) });
});
afterAll(() => drop());

const card = (number: string, extra: Partial<CardFields> = {}): CardFields => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: number.startsWith('37') ? '1234' : '123',
  name: 'Zofia Nowak',
  ...extra,
});

async function tokenFor(number: string): Promise<string> {
  const result = await sandbox.tokenize(card(number));
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.token;
}

async function savedRef(number: string): Promise<string> {
  const saved = await sandbox.saveCard({ customer, token: await tokenFor(number) });
  if (saved.status !== 'saved') throw new Error(saved.status);
  return saved.ref;
}

let keySeq = 0;
const charge = (methodRef: string, key = `test-key-${++keySeq}`): ChargeRequest => ({
  customer,
  methodRef,
  amount: 1999,
  currency: 'eur',
  description: 'Professional, yearly',
  idempotencyKey: key,
  paymentId: '00000000-0000-4000-8000-000000000002',
});

describe('sandbox card tokens', () => {
  it('carry brand, last four and expiry, and neither the number nor the CVC in readable form', async () => {
    const result = await sandbox.tokenize(card('4242 4242 4242 4242', { expYear: 30, cvc: '987' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(result.token).toMatch(/^tok_[\w-]+$/);
    // It travels in a URL path, where Fastify allows 100 characters.
    expect(result.token.length).toBeLessThanOrEqual(100);
    expect(result.token).not.toContain('4242424242424242');
    expect(Buffer.from(result.token.slice(4), 'base64url').toString('latin1')).not.toMatch(/4242|987|visa/);
    expect(result.expiresAt.getTime() - clock.now().getTime()).toBe(CARD_TOKEN_TTL_MINUTES * 60_000);
  });

  it('refuse a bad card with the problems by field', async () => {
    const result = await sandbox.tokenize(card('4242424242424241', { expMonth: 13, cvc: '1' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.field)).toEqual(['number', 'expMonth', 'cvc']);
  });

  it('save once: a second use, a tampered or foreign token fail with their code', async () => {
    const token = await tokenFor('5555555555554444');
    const first = await sandbox.saveCard({ customer, token });
    expect(first).toMatchObject({ status: 'saved', card: { brand: 'mastercard', last4: '4444', expYear: 2030 } });
    expect(await sandbox.saveCard({ customer, token })).toMatchObject({ status: 'failed', code: 'token_used' });

    const other = await tokenFor('4242424242424242');
    const raw = Buffer.from(other.slice(4), 'base64url');
    raw[20] = raw[20]! ^ 1;
    expect(await sandbox.saveCard({ customer, token: `tok_${raw.toString('base64url')}` })).toMatchObject({
      status: 'failed',
      code: 'token_invalid',
    });
    expect(await sandbox.saveCard({ customer, token: 'tok_nonsense' })).toMatchObject({ code: 'token_invalid' });
    expect(await sandbox.saveCard({ customer, token: 'pm_123' })).toMatchObject({ code: 'token_invalid' });

    // Another installation (another server secret) cannot open our tokens.
    const secret = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'sandbox_card_token')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('server_secrets')
      .set({ value: 'another-installation' })
      .where('name', '=', 'sandbox_card_token')
      .execute();
    try {
      const foreign = createSandboxProcessor({ db, clock, rateLimiter: createMemoryRateLimiter({ clock }) });
      expect(await foreign.saveCard({ customer, token: other })).toMatchObject({ code: 'token_invalid' });
    } finally {
      await db
        .updateTable('server_secrets')
        .set({ value: secret.value })
        .where('name', '=', 'sandbox_card_token')
        .execute();
    }
    // The untouched token still works: the failures above did not burn it.
    expect(await sandbox.saveCard({ customer, token: other })).toMatchObject({ status: 'saved' });
  });

  it('expire after 15 minutes by the injected clock', async () => {
    const token = await tokenFor('4242424242424242');
    clock.advance(CARD_TOKEN_TTL_MINUTES * 60_000);
    expect(await sandbox.saveCard({ customer, token })).toMatchObject({ status: 'failed', code: 'token_expired' });
    const fresh = await tokenFor('4242424242424242');
    clock.advance(CARD_TOKEN_TTL_MINUTES * 60_000 - 1);
    expect(await sandbox.saveCard({ customer, token: fresh })).toMatchObject({ status: 'saved' });
  });

  it('give the same card the same fingerprint and another card another one', async () => {
    const a = await sandbox.saveCard({ customer, token: await tokenFor('4242424242424242') });
    const b = await sandbox.saveCard({ customer, token: await tokenFor('4242 4242 4242 4242') });
    const c = await sandbox.saveCard({ customer, token: await tokenFor('5555555555554444') });
    if (a.status !== 'saved' || b.status !== 'saved' || c.status !== 'saved') throw new Error('not saved');
    expect(a.card.fingerprint).toBe(b.card.fingerprint);
    expect(a.card.fingerprint).not.toBe(c.card.fingerprint);
    expect(a.card.fingerprint).not.toContain('4242');
    expect(a.ref).not.toBe(b.ref);
  });
});

describe('sandbox charges', () => {
  it.each(SANDBOX_TEST_CARDS.map((c) => [c.number, c.outcome] as const))('%s: %s', async (number, outcome) => {
    const result = await sandbox.charge(charge(await savedRef(number)));
    if (outcome === 'succeeded' || outcome === 'requires_action') {
      expect(result.status).toBe(outcome);
    } else {
      expect(result).toMatchObject({ status: 'failed', code: outcome });
    }
  });

  it('any other valid card succeeds', async () => {
    expect((await sandbox.charge(charge(await savedRef('4111111111111111')))).status).toBe('succeeded');
  });

  it('answer the same reference for the same idempotency key', async () => {
    const ref = await savedRef('4242424242424242');
    const a = await sandbox.charge(charge(ref, 'same-key-1'));
    const b = await sandbox.charge(charge(ref, 'same-key-1'));
    const c = await sandbox.charge(charge(ref, 'same-key-2'));
    expect(a).toEqual(b);
    expect(c.status === 'succeeded' && a.status === 'succeeded' && c.ref !== a.ref).toBe(true);
  });

  it('settle a 3-D Secure step: approve succeeds, reject fails as authentication_failed', async () => {
    const first = await sandbox.charge(charge(await savedRef('4000002760003184')));
    expect(first).toMatchObject({ status: 'requires_action', action: { type: 'sandbox_3ds' } });
    if (first.status !== 'requires_action') return;
    expect(await sandbox.nextAction(first.ref)).toEqual({ type: 'sandbox_3ds' });
    expect(await sandbox.confirmPayment({ ref: first.ref, approve: true })).toEqual({
      status: 'succeeded',
      ref: first.ref,
    });
    expect(await sandbox.confirmPayment({ ref: first.ref, approve: false })).toMatchObject({
      status: 'failed',
      code: 'authentication_failed',
    });
    // Called off: the sandbox keeps no charge state, the payment feature's row refuses a late answer.
    expect(await sandbox.cancelPayment(first.ref)).toMatchObject({
      status: 'failed',
      ref: first.ref,
      code: 'canceled',
    });
  });

  it('fail a card reference it did not make', async () => {
    expect(await sandbox.charge(charge('pm_sandbox_free_money_0123456789abcdef01234567'))).toMatchObject({
      status: 'failed',
      code: 'processing_error',
    });
    expect(await sandbox.charge(charge('pm_1Abc'))).toMatchObject({ status: 'failed', code: 'processing_error' });
  });
});
