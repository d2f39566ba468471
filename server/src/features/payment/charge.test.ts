import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SANDBOX_TEST_CARDS,
  paymentSchema,
  paymentStatusResponseSchema,
  type Payment,
  type PaymentStatusResponse,
} from '@cuewave/contract/payment';
import type { PriceQuote } from '@cuewave/contract/pricing';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, paymentFactory } from '../../../test/factories';
import { fromIp, sessionFor } from '../../../test/auth-helpers';
import { fixedClock, type Clock } from '../../lib/clock';
import type { ChargeRequest } from '../../providers/payments/payments';
import { createSandboxProcessor, type SandboxProcessor } from '../../providers/payments/sandbox-processor';
import type { Providers } from '../../providers/providers';
import { quotePrice } from '../pricing/pricing.service';
import {
  cancelWaitingPayment,
  chargeAccount,
  formatInvoiceNumber,
  formatReceiptNumber,
  STALE_PENDING_MS,
  type ChargeInput,
} from './charge.service';
import { selectPayment } from './payment.repo';
import type { PaymentDeps } from './payment-methods.service';

const clock = fixedClock(new Date('2026-06-15T12:00:00Z'));
let ctx: TestContext;
let deps: PaymentDeps;
let accounts: ReturnType<typeof accountFactory>;
let factory: ReturnType<typeof paymentFactory>;

/** The sandbox, counting what reaches the processor and able to be slow or to fail once. */
let inner: SandboxProcessor;
const calls = { charge: [] as ChargeRequest[], confirm: 0 };
const behaviour = {
  delayMs: 0,
  /** While set, a charge waits at the processor until the test settles this promise. */
  hold: null as Promise<void> | null,
  throwNext: false,
  /** What calling off a charge answers instead of the sandbox's "canceled". */
  cancelAnswer: null as null | 'succeeded' | 'no-answer',
};
const provider: SandboxProcessor = {
  kind: 'sandbox',
  tokenize: (card) => inner.tokenize(card),
  saveCard: (input) => inner.saveCard(input),
  charge: async (request) => {
    calls.charge.push(request);
    if (behaviour.delayMs) await sleep(behaviour.delayMs);
    if (behaviour.hold) await behaviour.hold;
    if (behaviour.throwNext) {
      behaviour.throwNext = false;
      throw new Error('socket hang up');
    }
    return inner.charge(request);
  },
  confirmPayment: async (input) => {
    calls.confirm += 1;
    return inner.confirmPayment(input);
  },
  cancelPayment: async (ref) => {
    if (behaviour.cancelAnswer === 'no-answer') throw new Error('socket hang up');
    if (behaviour.cancelAnswer === 'succeeded') return { status: 'succeeded', ref };
    return inner.cancelPayment(ref);
  },
  nextAction: (ref) => inner.nextAction(ref),
  detachCard: (ref) => inner.detachCard(ref),
};

beforeAll(async () => {
  // Until Providers carries `payments` (decision 043), this override is read by paymentProviderFor.
  const extra: Record<string, unknown> = { payments: provider };
  ctx = await createTestApp({ clock, providers: extra as Partial<Providers> });
  inner = createSandboxProcessor({ db: ctx.db, clock, rateLimiter: ctx.providers.rateLimiter });
  deps = ctx.deps;
  accounts = accountFactory(ctx.db);
  factory = paymentFactory(ctx.db);
});
afterAll(() => ctx.close());
beforeEach(() => {
  calls.charge = [];
  calls.confirm = 0;
  behaviour.delayMs = 0;
  behaviour.hold = null;
  behaviour.throwNext = false;
  behaviour.cancelAnswer = null;
});

type Payer = { id: string; auth: Record<string, string>; methodId: string | null };

/** A signed-in account with Polish billing details and, unless `card` is null, that card saved through the API. */
async function payer(
  card: string | null = '4242424242424242',
  type: 'personal' | 'business' = 'personal',
): Promise<Payer> {
  const { id } = await accounts.account({ confirmedEmail: true, phone: '+48601234567', confirmedPhone: true });
  await factory.billing(id, { firstName: 'Zażółć', lastName: 'Gęślą', type });
  const { auth } = await sessionFor(ctx.db, id, clock);
  if (!card) return { id, auth, methodId: null };
  const tok = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/sandbox/tokens',
    headers: fromIp(),
    payload: { number: card, expMonth: 12, expYear: 2030, cvc: card.startsWith('37') ? '1234' : '123', name: 'Z G' },
  });
  expect(tok.statusCode, tok.body).toBe(201);
  const saved = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/stripe/method/${tok.json<{ token: string }>().token}`,
    headers: auth,
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return { id, auth, methodId: saved.json<{ id: string }>().id };
}

async function quoteFor(accountId: string): Promise<PriceQuote> {
  return quotePrice(deps, { accountId, plan: 'professional', period: 'year', requestCountry: null });
}

async function charge(p: Payer, extra: Partial<ChargeInput> = {}): Promise<Payment> {
  const payment = await chargeAccount(deps, {
    accountId: p.id,
    quote: await quoteFor(p.id),
    description: 'Professional, yearly',
    idempotencyKey: `test:${randomUUID()}`,
    ...extra,
  });
  return paymentSchema.parse(payment);
}

async function status(auth: Record<string, string>, kind: 'subscription' | 'payment'): Promise<PaymentStatusResponse> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/payment/stripe/${kind}?coupon=SPRING`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return paymentStatusResponseSchema.parse(res.json());
}

function confirm(auth: Record<string, string>, paymentId: string, approve: boolean) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/confirm/${paymentId}`,
    headers: auth,
    payload: { approve },
  });
}

const RECEIPT = /^CW-2026-\d{6}$/;

describe('chargeAccount', () => {
  it('charges the default card the quoted total and records a receipt number and the buyer as they are now', async () => {
    const p = await payer();
    const quote = await quoteFor(p.id);
    expect(quote).toMatchObject({ currency: 'pln', taxPercentage: 23 });
    const payment = await charge(p);
    expect(payment).toMatchObject({
      status: 'succeeded',
      failureCode: null,
      message: null,
      action: null,
      currency: 'pln',
      price: quote.price,
      tax: quote.tax,
      total: quote.total,
      taxPercentage: 23,
      description: 'Professional, yearly',
    });
    expect(payment.receiptNumber).toMatch(RECEIPT);
    expect(calls.charge).toHaveLength(1);
    expect(calls.charge[0]).toMatchObject({ amount: quote.total, currency: 'pln', paymentId: payment.id });

    const row = await ctx.db.selectFrom('payments').selectAll().where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account_id: p.id,
      payment_method_id: p.methodId,
      provider: 'sandbox',
      status: 'succeeded',
    });
    expect(row.provider_ref).toMatch(/^pi_sandbox_/);
    expect(row.buyer).toMatchObject({ firstName: 'Zażółć', lastName: 'Gęślą', country: 'PL', postalCode: '00-950' });
    expect((row.buyer as { email: string }).email).toMatch(/@example\.com$/);
    const text = JSON.stringify(row);
    for (const c of SANDBOX_TEST_CARDS) expect(text).not.toContain(c.number);

    // Changing the billing details later does not change the payment's buyer.
    await ctx.db.updateTable('billing_details').set({ first_name: 'Jan' }).where('account_id', '=', p.id).execute();
    const again = await ctx.db
      .selectFrom('payments')
      .select('buyer')
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(again.buyer).toMatchObject({ firstName: 'Zażółć' });
  });

  it.each([
    ['4000000000000002', 'card_declined', /declined/],
    ['4000000000009995', 'insufficient_funds', /insufficient funds/],
    ['4000000000000069', 'expired_card', /expired/],
    ['4000000000000127', 'incorrect_cvc', /security code/],
    ['4000000000000119', 'processing_error', /error occurred/],
  ] as const)('%s fails with %s, no receipt number, and the status says why', async (number, code, message) => {
    const p = await payer(number);
    const payment = await charge(p);
    expect(payment).toMatchObject({ status: 'failed', failureCode: code, receiptNumber: null, action: null });
    expect(payment.message).toMatch(message);
    expect(await status(p.auth, 'payment')).toEqual({
      status: 'failed',
      paymentId: payment.id,
      failureCode: code,
      message: payment.message,
    });
  });

  it.each(['5555555555554444', '378282246310005', '6011111111111117'])('%s succeeds', async (number) => {
    expect((await charge(await payer(number))).status).toBe('succeeded');
  });

  it('charges the card asked for, not the default', async () => {
    const p = await payer('4242424242424242');
    const declining = await factory.card(p.id, { outcome: 'card_declined', last4: '0002' });
    const payment = await charge(p, { paymentMethodId: declining });
    expect(payment.failureCode).toBe('card_declined');
    const row = await ctx.db
      .selectFrom('payments')
      .select('payment_method_id')
      .where('id', '=', payment.id)
      .executeTakeFirst();
    expect(row?.payment_method_id).toBe(declining);
  });

  it("refuses another account's card, a missing card and missing billing details, charging nothing", async () => {
    const owner = await payer();
    const other = await payer();
    await expect(charge(other, { paymentMethodId: owner.methodId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(charge(await payer(null))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Add a card before paying.',
    });
    const { id } = await accounts.account({ confirmedEmail: true });
    await factory.card(id, { isDefault: true });
    await expect(
      chargeAccount(deps, {
        accountId: id,
        quote: { currency: 'usd', price: 1000, tax: 0, total: 1000, taxPercentage: 0 },
        description: 'Start, monthly',
        idempotencyKey: `test:${randomUUID()}`,
      }),
    ).rejects.toMatchObject({ code: 'billing details not found' });
    expect(calls.charge).toHaveLength(0);
    const count = await ctx.db
      .selectFrom('payments')
      .select(ctx.db.fn.countAll().as('n'))
      .where('account_id', 'in', [other.id, id])
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('refuses a quote whose amounts do not add up and a short idempotency key', async () => {
    const p = await payer();
    await expect(
      charge(p, { quote: { currency: 'eur', price: 1000, tax: 230, total: 1231, taxPercentage: 23 } }),
    ).rejects.toThrow(/price \+ tax/);
    await expect(charge(p, { idempotencyKey: 'abc' })).rejects.toThrow(/idempotencyKey/);
    expect(calls.charge).toHaveLength(0);
  });

  it('settles a zero total (a 100 % coupon) without the card processor, with a receipt', async () => {
    const p = await payer(null);
    const payment = await charge(p, { quote: { currency: 'eur', price: 0, tax: 0, total: 0, taxPercentage: 23 } });
    expect(payment).toMatchObject({ status: 'succeeded', total: 0 });
    expect(payment.receiptNumber).toMatch(RECEIPT);
    expect(calls.charge).toHaveLength(0);
  });
});

describe('3-D Secure (4000 0027 6000 3184)', () => {
  async function pending() {
    const p = await payer('4000002760003184');
    const subscriptionId = await accounts.subscription(p.id, { status: 'pending' });
    const payment = await charge(p, { subscriptionId });
    return { p, payment, subscriptionId };
  }

  it('waits in requires_action with the confirmation step; approving succeeds once', async () => {
    const { p, payment, subscriptionId } = await pending();
    expect(payment).toMatchObject({
      status: 'requires_action',
      receiptNumber: null,
      subscriptionId,
      action: { type: 'sandbox_3ds', confirmPath: `/v1/payment/sandbox/confirm/${payment.id}` },
    });
    expect(await status(p.auth, 'subscription')).toEqual({
      status: 'requires_action',
      paymentId: payment.id,
      action: payment.action,
    });
    expect(await status(p.auth, 'payment')).toEqual({ status: 'none' });

    const res = await confirm(p.auth, payment.id, true);
    expect(res.statusCode, res.body).toBe(200);
    const settled = paymentSchema.parse(res.json());
    expect(settled).toMatchObject({ id: payment.id, status: 'succeeded', action: null });
    expect(settled.receiptNumber).toMatch(RECEIPT);
    expect((await status(p.auth, 'subscription')).status).toBe('succeeded');

    // A second answer (double click, or a late reject) changes nothing.
    const late = await confirm(p.auth, payment.id, false);
    expect(late.json()).toEqual(res.json());
    expect(calls.confirm).toBe(1);
    expect(calls.charge).toHaveLength(1);
  });

  it('rejecting fails the payment as authentication_failed', async () => {
    const { p, payment } = await pending();
    const res = await confirm(p.auth, payment.id, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failed', failureCode: 'authentication_failed', receiptNumber: null });
    expect(await status(p.auth, 'subscription')).toMatchObject({
      status: 'failed',
      failureCode: 'authentication_failed',
    });
  });

  it('called off (a newer payment replaced it): failed as canceled, and a late approval takes nothing', async () => {
    const { p, payment } = await pending();
    const row = (await selectPayment(deps.db, p.id, payment.id))!;
    expect(await cancelWaitingPayment(deps, row)).toMatchObject({
      status: 'failed',
      failureCode: 'canceled',
      receiptNumber: null,
      action: null,
    });
    const late = await confirm(p.auth, payment.id, true);
    expect(late.json()).toMatchObject({ status: 'failed', failureCode: 'canceled' });
    expect(calls.confirm).toBe(0);
    // Calling off again, or a payment that is not waiting, changes nothing.
    const again = await cancelWaitingPayment(deps, (await selectPayment(deps.db, p.id, payment.id))!);
    expect(again).toMatchObject({ status: 'failed', failureCode: 'canceled' });
  });

  it('called off after the cardholder finished: the success is recorded, with its receipt', async () => {
    const { p, payment } = await pending();
    behaviour.cancelAnswer = 'succeeded';
    const answer = await cancelWaitingPayment(deps, (await selectPayment(deps.db, p.id, payment.id))!);
    expect(answer).toMatchObject({ id: payment.id, status: 'succeeded' });
    expect(answer.receiptNumber).toMatch(RECEIPT);
  });

  it('called off while the processor does not answer: the payment stays waiting', async () => {
    const { p, payment } = await pending();
    behaviour.cancelAnswer = 'no-answer';
    const answer = await cancelWaitingPayment(deps, (await selectPayment(deps.db, p.id, payment.id))!);
    expect(answer).toMatchObject({ id: payment.id, status: 'requires_action' });
  });

  it("is answered only by the payment's owner, with a bearer and a valid id", async () => {
    const { p, payment } = await pending();
    const intruder = await payer();
    const denied = await confirm(intruder.auth, payment.id, true);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().error).toBe('NOT_FOUND');
    expect((await confirm({}, payment.id, true)).statusCode).toBe(401);
    const bad = await confirm(p.auth, 'not-a-uuid', true);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('VALIDATION_FAILED');
    const noBody = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/sandbox/confirm/${payment.id}`,
      headers: p.auth,
      payload: {},
    });
    expect(noBody.statusCode).toBe(400);
    expect((await status(p.auth, 'subscription')).status).toBe('requires_action');
    expect(await status(intruder.auth, 'subscription')).toEqual({ status: 'none' });
  });
});

describe('payment status (GET /api/v1/payment/stripe/subscription and /payment)', () => {
  it('answers none without payments and needs a bearer', async () => {
    const p = await payer();
    expect(await status(p.auth, 'subscription')).toEqual({ status: 'none' });
    expect(await status(p.auth, 'payment')).toEqual({ status: 'none' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/stripe/payment' });
    expect(res.statusCode).toBe(401);
  });

  it('shows the latest payment of each kind', async () => {
    const p = await payer();
    const subscriptionId = await accounts.subscription(p.id, { status: 'pending' });
    const forSubscription = await charge(p, { subscriptionId });
    clock.advance(1000);
    const oneOff = await charge(p);
    expect(await status(p.auth, 'subscription')).toEqual({ status: 'succeeded', paymentId: forSubscription.id });
    expect(await status(p.auth, 'payment')).toEqual({ status: 'succeeded', paymentId: oneOff.id });
  });
});

describe('idempotency', () => {
  it('a second call with the same key returns the first payment without charging again', async () => {
    const p = await payer();
    const key = `order:${randomUUID()}`;
    const first = await charge(p, { idempotencyKey: key });
    const second = await charge(p, { idempotencyKey: key });
    expect(second).toEqual(first);
    expect(calls.charge).toHaveLength(1);
    // Also after a decline: the answer is the recorded one, the card is not tried again.
    const d = await payer('4000000000000002');
    const declineKey = `order:${randomUUID()}`;
    const declined = await charge(d, { idempotencyKey: declineKey });
    expect(await charge(d, { idempotencyKey: declineKey })).toEqual(declined);
    expect(calls.charge).toHaveLength(2);
  });

  it('a key cannot be reused by another account or for another amount', async () => {
    const p = await payer();
    const key = `order:${randomUUID()}`;
    await charge(p, { idempotencyKey: key });
    const other = await payer();
    await expect(charge(other, { idempotencyKey: key })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      charge(p, {
        idempotencyKey: key,
        quote: { currency: 'pln', price: 100, tax: 23, total: 123, taxPercentage: 23 },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(calls.charge).toHaveLength(1);
  });

  it('five simultaneous calls with one key (a double click) make one payment and one charge', async () => {
    const p = await payer();
    const key = `order:${randomUUID()}`;
    // The processor is held until the four callers that find the charge in flight have answered, so
    // no pause of a loaded machine can let one of them arrive after the charge has finished.
    let release!: () => void;
    behaviour.hold = new Promise((resolve) => (release = resolve));
    const calls5 = Array.from({ length: 5 }, () => charge(p, { idempotencyKey: key }));
    const answered: unknown[] = [];
    for (const call of calls5) void call.then((r) => answered.push(r));
    await vi.waitFor(() => expect(answered).toHaveLength(4), { timeout: 20_000 });
    expect(calls.charge).toHaveLength(1);
    release();
    const results = await Promise.all(calls5);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(calls.charge).toHaveLength(1);
    // The caller that drove the charge sees the outcome; the others see it in flight.
    expect(results.map((r) => r.status).sort()).toEqual(['pending', 'pending', 'pending', 'pending', 'succeeded']);
    const rows = await ctx.db
      .selectFrom('payments')
      .select(['status', 'receipt_number'])
      .where('idempotency_key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('succeeded');
    expect(rows[0]!.receipt_number).toMatch(RECEIPT);
    expect((await charge(p, { idempotencyKey: key })).status).toBe('succeeded');
  });

  it('a processor that does not answer leaves the payment pending; a retry after 30 s asks again with the same key', async () => {
    const p = await payer();
    const key = `order:${randomUUID()}`;
    behaviour.throwNext = true;
    await expect(charge(p, { idempotencyKey: key })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await status(p.auth, 'payment')).toMatchObject({ status: 'pending' });

    // Too soon: the first attempt may still be in flight, so nothing is sent.
    expect((await charge(p, { idempotencyKey: key })).status).toBe('pending');
    expect(calls.charge).toHaveLength(1);

    clock.advance(STALE_PENDING_MS + 1);
    const retried = await Promise.all([charge(p, { idempotencyKey: key }), charge(p, { idempotencyKey: key })]);
    expect(retried.map((r) => r.status).sort()).toEqual(['pending', 'succeeded']);
    expect(calls.charge).toHaveLength(2);
    expect(calls.charge[0]!.idempotencyKey).toBe(key);
    expect(calls.charge[1]!.idempotencyKey).toBe(key);
  });
});

describe('receipt numbers', () => {
  it('formats CW-{year}-{6 digits}', () => {
    expect(formatReceiptNumber(2026, 1)).toBe('CW-2026-000001');
    expect(formatReceiptNumber(2026, 123456)).toBe('CW-2026-123456');
  });

  it('are gap-free and unique within a year when payments succeed at once, and restart each year', async () => {
    const payers = await Promise.all([payer(), payer(), payer('4000000000000002')]);
    behaviour.delayMs = 5;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => charge(payers[i % 3]!)));
    expect(results.filter((r) => r.status === 'failed')).toHaveLength(4);
    expect(results.filter((r) => r.status === 'failed').every((r) => r.receiptNumber === null)).toBe(true);

    const rows = await ctx.db
      .selectFrom('payments')
      .select('receipt_number')
      .where('receipt_number', 'like', 'CW-2026-%')
      .execute();
    const sequence = rows.map((r) => Number(r.receipt_number!.slice(8))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));

    const nextYear: Clock = { now: () => new Date('2027-01-01T00:00:05Z') };
    const inJanuary = await chargeAccount(
      { ...deps, clock: nextYear },
      {
        accountId: payers[0]!.id,
        quote: await quoteFor(payers[0]!.id),
        description: 'Professional, yearly',
        idempotencyKey: `test:${randomUUID()}`,
      },
    );
    expect(inJanuary.receiptNumber).toBe('CW-2027-000001');
  });
});

describe('invoice numbers (decision 052)', () => {
  it('formats FV/{year}/{month}/{6 digits}', () => {
    expect(formatInvoiceNumber(2026, 11, 1)).toBe('FV/2026/11/000001');
    expect(formatInvoiceNumber(2026, 3, 123456)).toBe('FV/2026/03/123456');
  });

  it('are gap-free and unique within a month when businesses pay at once, and never take a receipt number', async () => {
    const payers = await Promise.all([
      payer('4242424242424242', 'business'),
      payer('4242424242424242', 'business'),
      payer('4000000000000002', 'business'),
    ]);
    behaviour.delayMs = 5;
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => charge(payers[i % 3]!)));
    const paid = results.filter((r) => r.status === 'succeeded');
    expect(paid).toHaveLength(6);
    expect(paid.every((r) => r.receiptNumber === null)).toBe(true);
    expect(results.filter((r) => r.status === 'failed').every((r) => r.invoiceNumber === null)).toBe(true);
    const month = `FV/${clock.now().getUTCFullYear()}/${String(clock.now().getUTCMonth() + 1).padStart(2, '0')}/`;
    const rows = await ctx.db
      .selectFrom('payments')
      .select('invoice_number')
      .where('invoice_number', 'like', `${month}%`)
      .execute();
    const sequence = rows.map((r) => Number(r.invoice_number!.slice(month.length))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
    expect(sequence.length).toBeGreaterThanOrEqual(6);
  });
});
