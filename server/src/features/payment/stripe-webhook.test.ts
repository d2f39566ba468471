import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { paymentConfigSchema, paymentSchema, storedPaymentMethodSchema } from '@cuewave/contract/payment';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, paymentFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { fixture, startStripeReplay, type StripeReplay } from '../../../test/fixtures/stripe/replay-server';
import { fixedClock } from '../../lib/clock';
import { createStripeClient } from '../../providers/payments/stripe-client';
import { createDbStripeCustomerStore } from '../../providers/payments/stripe-customers';
import { createStripeProcessor } from '../../providers/payments/stripe-processor';
import { chargeAccount } from './charge.service';
import type { PaymentDeps } from './payment-methods.service';

/**
 * The Stripe adapter inside the app, against recorded Stripe responses (test/fixtures/stripe): cards
 * saved from SetupIntents, a charge that needs 3-D Secure, and the webhook settling it.
 */

const WEBHOOK_SECRET = 'whsec_replay0123456789';
const PUBLISHABLE_KEY = 'pk_test_replay0123456789';
const SETI = 'seti_1SPq6wGx4lZ3aBcD0mNoPqRs';
const PI = 'pi_3SPq8AGx4lZ3aBcD1kLmNoPq';
const CUSTOMER = 'cus_TQ4xbBz1Kc9Xw2';
const clock = fixedClock(new Date('2026-06-15T12:00:00Z'));

let replay: StripeReplay;
let ctx: TestContext;
let deps: PaymentDeps;
let accounts: ReturnType<typeof accountFactory>;
let billing: ReturnType<typeof paymentFactory>;

beforeAll(async () => {
  replay = await startStripeReplay();
  // The store needs the app's database, made by createTestApp: looked up when first used.
  const customers = {
    find: (accountId: string) => createDbStripeCustomerStore(ctx.db).find(accountId),
    save: (accountId: string, id: string) => createDbStripeCustomerStore(ctx.db).save(accountId, id),
  };
  const payments = createStripeProcessor({
    stripe: createStripeClient({
      secretKey: 'sk_test_replay0123456789',
      host: '127.0.0.1',
      port: replay.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    }),
    customers,
    webhookSecret: WEBHOOK_SECRET,
    publishableKey: PUBLISHABLE_KEY,
    clock,
  });
  ctx = await createTestApp({ clock, providers: { payments } });
  deps = ctx.deps;
  accounts = accountFactory(ctx.db);
  billing = paymentFactory(ctx.db);
});
afterAll(async () => {
  await ctx.close();
  await replay.close();
});
beforeEach(() => replay.reset());

type Payer = { id: string; auth: Record<string, string> };

/** An account with billing details and a Stripe card saved through the API from a SetupIntent. */
async function payer(): Promise<Payer> {
  const { id } = await accounts.account({ confirmedEmail: true });
  await billing.billing(id, { firstName: 'Zofia', lastName: 'Nowak' });
  const { auth } = await sessionFor(ctx.db, id, clock);
  // One recorded Customer id for everyone: the table keeps it unique per account, so each payer
  // gets it with its own suffix.
  const customerId = `${CUSTOMER}${id.slice(0, 8)}`;
  replay.reply('POST', '/v1/customers', fixture('customer', { id: customerId, metadata: { account_id: id } }));
  replay.reply('GET', `/v1/setup_intents/${SETI}`, fixture('setup_intent.succeeded', { customer: customerId }));
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/payment/stripe/method/${SETI}`, headers: auth });
  expect(res.statusCode, res.body).toBe(201);
  expect(storedPaymentMethodSchema.parse(res.json())).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
  return { id, auth };
}

/** A charge the bank wants confirmed: off-session 402 authentication_required, then on-session requires_action. */
async function paymentNeedingAction(p: Payer) {
  replay.reply('POST', '/v1/payment_intents', fixture('error.authentication_required'), 402);
  replay.reply('POST', `/v1/payment_intents/${PI}/confirm`, fixture('payment_intent.requires_action'));
  replay.reply('GET', `/v1/payment_intents/${PI}`, fixture('payment_intent.requires_action'));
  const payment = paymentSchema.parse(
    await chargeAccount(deps, {
      accountId: p.id,
      quote: { currency: 'pln', price: 133999, tax: 30820, total: 164819, taxPercentage: 23 },
      description: 'Professional, yearly',
      idempotencyKey: `stripe-test:${randomUUID()}`,
    }),
  );
  expect(payment).toMatchObject({
    status: 'requires_action',
    action: { type: 'stripe_sdk', clientSecret: `${PI}_secret_x9YbVwZ1KcQmLpN3sRtUvWxYz` },
    receiptNumber: null,
  });
  return payment;
}

function webhook(body: string, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload: body,
  });
}

const sign = (body: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    timestamp: Math.floor(clock.now().getTime() / 1000),
  });

async function paymentRow(id: string) {
  return ctx.db
    .selectFrom('payments')
    .select(['status', 'receipt_number', 'failure_code', 'provider_ref'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('Stripe in the app', () => {
  it('tells the web to use stripe.js with the publishable key; the sandbox routes are gone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/config' });
    expect(paymentConfigSchema.parse(res.json())).toEqual({ provider: 'stripe', publishableKey: PUBLISHABLE_KEY });
    const sandbox = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/sandbox/tokens', payload: {} });
    expect(sandbox.statusCode).toBe(404);
  });

  it('saves a card from a SetupIntent, keeping the Customer per account, and makes SetupIntents for the form', async () => {
    const p = await payer();
    const row = await ctx.db
      .selectFrom('stripe_customers')
      .select('customer_id')
      .where('account_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.customer_id).toBe(`${CUSTOMER}${p.id.slice(0, 8)}`);
    const card = await ctx.db
      .selectFrom('payment_methods')
      .select(['provider', 'provider_ref', 'fingerprint'])
      .where('account_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(card).toEqual({
      provider: 'stripe',
      provider_ref: 'pm_1SPq7RGx4lZ3aBcDeFgHiJkL',
      fingerprint: 'Xt5EWLLDS7FJjR1c',
    });

    replay.reply('POST', '/v1/setup_intents', fixture('setup_intent.created', { customer: row.customer_id }));
    const setup = await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stripe/setup', headers: p.auth });
    expect(setup.statusCode, setup.body).toBe(201);
    expect(setup.json()).toEqual({ clientSecret: `${SETI}_secret_TQ4yZLPkZ8Qw1XcVbNmK0aSdFgHjKlZ` });
    expect(replay.requests.at(-1)!.form.get('customer')).toBe(row.customer_id);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/stripe/setup' })).statusCode).toBe(401);
  });

  it('a signed payment_intent.succeeded settles the payment from a re-read PaymentIntent; a replay changes nothing', async () => {
    const p = await payer();
    const payment = await paymentNeedingAction(p);
    // The event's copy says nothing about our payment: only the re-read object counts.
    const body = JSON.stringify(fixture('event.payment_intent.succeeded'));
    replay.reply(
      'GET',
      `/v1/payment_intents/${PI}`,
      fixture('payment_intent.succeeded', { metadata: { payment_id: payment.id } }),
    );
    const res = await webhook(body, sign(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: true });
    expect(replay.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${PI}` });
    const settled = await paymentRow(payment.id);
    expect(settled).toMatchObject({ status: 'succeeded', provider_ref: PI });
    expect(settled.receipt_number).toMatch(/^CW-2026-\d{6}$/);

    replay.reply(
      'GET',
      `/v1/payment_intents/${PI}`,
      fixture('payment_intent.succeeded', { metadata: { payment_id: payment.id } }),
    );
    expect((await webhook(body, sign(body))).json()).toEqual({ received: true, handled: true });
    expect(await paymentRow(payment.id)).toEqual(settled);
    expect(replay.pending()).toEqual([]);
  });

  it('a failed 3-D Secure step reported by the webhook fails the waiting payment', async () => {
    const p = await payer();
    const payment = await paymentNeedingAction(p);
    const body = JSON.stringify(fixture('event.payment_intent.payment_failed'));
    replay.reply(
      'GET',
      `/v1/payment_intents/${PI}`,
      fixture('payment_intent.requires_payment_method', { metadata: { payment_id: payment.id } }),
    );
    expect((await webhook(body, sign(body))).json()).toEqual({ received: true, handled: true });
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'failed',
      failure_code: 'authentication_failed',
      receipt_number: null,
    });
  });

  it('refuses a bad or missing signature with 400 and asks Stripe nothing', async () => {
    const body = JSON.stringify(fixture('event.payment_intent.succeeded'));
    for (const res of [
      await webhook(body, sign(body, 'whsec_someone0123456789')),
      await webhook(body.replace('"succeeded"', '"canceled"'), sign(body)),
      await webhook(body),
      await webhook(body, 't=1,v1=deadbeef'),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('BAD_REQUEST');
    }
    expect(replay.requests).toHaveLength(0);
  });

  it('acknowledges other event types and PaymentIntents that are not ours without touching anything', async () => {
    const other = JSON.stringify(fixture('event.balance.available'));
    expect((await webhook(other, sign(other))).json()).toEqual({ received: true, handled: false });
    expect(replay.requests).toHaveLength(0);

    const body = JSON.stringify(fixture('event.payment_intent.succeeded'));
    replay.reply(
      'GET',
      `/v1/payment_intents/${PI}`,
      fixture('payment_intent.succeeded', { metadata: { payment_id: randomUUID() } }),
    );
    expect((await webhook(body, sign(body))).json()).toEqual({ received: true, handled: false });
    replay.reply('GET', `/v1/payment_intents/${PI}`, fixture('payment_intent.succeeded', { metadata: {} }));
    expect((await webhook(body, sign(body))).json()).toEqual({ received: true, handled: false });
  });

  it('answers 503 when Stripe cannot be read, so Stripe sends the event again', async () => {
    const body = JSON.stringify(fixture('event.payment_intent.succeeded'));
    const res = await webhook(body, sign(body));
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('SERVICE_UNAVAILABLE');
  });

  it('after stripe.js, POST /stripe/confirm/{id} re-reads the PaymentIntent; 404 for anyone else', async () => {
    const p = await payer();
    const payment = await paymentNeedingAction(p);
    const stranger = await sessionFor(ctx.db, (await accounts.account()).id, clock);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/stripe/confirm/${payment.id}`,
      headers: stranger.auth,
    });
    expect(foreign.statusCode).toBe(404);

    replay.reply(
      'GET',
      `/v1/payment_intents/${PI}`,
      fixture('payment_intent.succeeded', { metadata: { payment_id: payment.id } }),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/stripe/confirm/${payment.id}`,
      headers: p.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(paymentSchema.parse(res.json())).toMatchObject({ status: 'succeeded', action: null });
    expect(res.json().receiptNumber).toMatch(/^CW-2026-\d{6}$/);
  });
});
