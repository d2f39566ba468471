import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { PAYMENT_FAILURE_MESSAGES } from '@cuewave/contract/payment';
import { fixture, startStripeReplay, type StripeReplay } from '../../../test/fixtures/stripe/replay-server';
import { fixedClock } from '../../lib/clock';
import { createStripeClient } from './stripe-client';
import type { StripeCustomerStore } from './stripe-customers';
import { StripePendingError, createStripeProcessor, type StripeProcessor } from './stripe-processor';
import type { ChargeRequest } from './payments';

const SECRET_KEY = 'sk_test_replay0123456789';
const WEBHOOK_SECRET = 'whsec_replay0123456789';
const clock = fixedClock(new Date('2026-06-15T12:00:00Z'));
const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const CUSTOMER = 'cus_TQ4xbBz1Kc9Xw2';
const PM = 'pm_1SPq7RGx4lZ3aBcDeFgHiJkL';
const PI = 'pi_3SPq8AGx4lZ3aBcD1kLmNoPq';
const SETI = 'seti_1SPq6wGx4lZ3aBcD0mNoPqRs';

let replay: StripeReplay;
let stripe: StripeProcessor;
const stored = new Map<string, string>();
const customers: StripeCustomerStore = {
  find: async (accountId) => stored.get(accountId) ?? null,
  save: async (accountId, id) => {
    if (!stored.has(accountId)) stored.set(accountId, id);
    return stored.get(accountId)!;
  },
};
const customer = { accountId: ACCOUNT, email: 'zofia@example.com' };

beforeAll(async () => {
  replay = await startStripeReplay();
  stripe = createStripeProcessor({
    stripe: createStripeClient({
      secretKey: SECRET_KEY,
      host: '127.0.0.1',
      port: replay.port,
      protocol: 'http',
      // Retries would replay a queued answer twice; the SDK's retry logic is not ours to test.
      maxNetworkRetries: 0,
    }),
    customers,
    webhookSecret: WEBHOOK_SECRET,
    publishableKey: 'pk_test_replay0123456789',
    clock,
  });
});
afterAll(() => replay.close());
beforeEach(() => {
  replay.reset();
  stored.clear();
});

const last = () => replay.requests.at(-1)!;
const knownCustomer = () => stored.set(ACCOUNT, CUSTOMER);

const chargeRequest = (over: Partial<ChargeRequest> = {}): ChargeRequest => ({
  customer,
  methodRef: PM,
  amount: 164819,
  currency: 'pln',
  description: 'Professional, yearly',
  idempotencyKey: 'sub:00000000-0000-4000-8000-000000000002:1',
  paymentId: '00000000-0000-4000-8000-0000000000aa',
  ...over,
});

describe('Stripe adapter: customers and cards', () => {
  it('creates the Customer once with an idempotency key, keeps its id, and saves a card from a SetupIntent', async () => {
    replay.reply('POST', '/v1/customers', fixture('customer'));
    replay.reply('GET', `/v1/setup_intents/${SETI}`, fixture('setup_intent.succeeded'));
    const saved = await stripe.saveCard({ customer, token: SETI });
    expect(saved).toEqual({
      status: 'saved',
      ref: PM,
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, fingerprint: 'Xt5EWLLDS7FJjR1c' },
    });
    const [create, read] = replay.requests;
    expect(create!.headers['idempotency-key']).toBe(`cuewave-customer-${ACCOUNT}`);
    expect(create!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create!.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(Object.fromEntries(create!.form)).toEqual({ email: customer.email, 'metadata[account_id]': ACCOUNT });
    expect(Object.fromEntries(read!.query)).toEqual({ 'expand[0]': 'payment_method' });
    expect(stored.get(ACCOUNT)).toBe(CUSTOMER);

    // The second card reuses the stored Customer: no second create.
    replay.reply('GET', `/v1/setup_intents/${SETI}`, fixture('setup_intent.succeeded'));
    await stripe.saveCard({ customer, token: SETI });
    expect(replay.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });

  it("refuses another customer's SetupIntent, an unknown one, and a token that is no Stripe id", async () => {
    knownCustomer();
    replay.reply(
      'GET',
      `/v1/setup_intents/${SETI}`,
      fixture('setup_intent.succeeded', { customer: 'cus_SomeoneElse01' }),
    );
    expect(await stripe.saveCard({ customer, token: SETI })).toMatchObject({ status: 'failed', code: 'token_invalid' });
    replay.reply('GET', '/v1/setup_intents/seti_1SPqUnknownGx4lZ3aBcD', fixture('error.resource_missing'), 404);
    expect(await stripe.saveCard({ customer, token: 'seti_1SPqUnknownGx4lZ3aBcD' })).toMatchObject({
      status: 'failed',
      code: 'token_invalid',
    });
    expect(await stripe.saveCard({ customer, token: 'tok_sandbox_thing' })).toMatchObject({ code: 'token_invalid' });
    expect(replay.requests).toHaveLength(2);
  });

  it('answers requires_action for a SetupIntent whose 3-D Secure step is still open', async () => {
    knownCustomer();
    replay.reply('GET', `/v1/setup_intents/${SETI}`, fixture('setup_intent.requires_action'));
    expect(await stripe.saveCard({ customer, token: SETI })).toEqual({
      status: 'requires_action',
      action: { type: 'stripe_sdk', clientSecret: `${SETI}_secret_TQ4yZLPkZ8Qw1XcVbNmK0aSdFgHjKlZ` },
    });
  });

  it('attaches a bare PaymentMethod to the Customer', async () => {
    knownCustomer();
    replay.reply('GET', `/v1/payment_methods/${PM}`, fixture('payment_method.card'));
    replay.reply('POST', `/v1/payment_methods/${PM}/attach`, fixture('payment_method.attached'));
    const saved = await stripe.saveCard({ customer, token: PM });
    expect(saved).toMatchObject({ status: 'saved', ref: PM, card: { last4: '4242', fingerprint: 'Xt5EWLLDS7FJjR1c' } });
    expect(Object.fromEntries(last().form)).toEqual({ customer: CUSTOMER });
  });

  it('creates a SetupIntent for off-session use and detaches cards', async () => {
    knownCustomer();
    replay.reply('POST', '/v1/setup_intents', fixture('setup_intent.created'));
    expect(await stripe.startCardSetup(customer)).toEqual({
      clientSecret: `${SETI}_secret_TQ4yZLPkZ8Qw1XcVbNmK0aSdFgHjKlZ`,
    });
    expect(Object.fromEntries(last().form)).toEqual({
      customer: CUSTOMER,
      'allowed_payment_method_types[0]': 'card',
      usage: 'off_session',
      'metadata[account_id]': ACCOUNT,
    });
    replay.reply('POST', `/v1/payment_methods/${PM}/detach`, fixture('payment_method.detached'));
    await stripe.detachCard(PM);
    expect(last().path).toBe(`/v1/payment_methods/${PM}/detach`);
  });
});

describe('Stripe adapter: charges', () => {
  it('confirms a PaymentIntent off-session with our idempotency key and payment id', async () => {
    knownCustomer();
    replay.reply('POST', '/v1/payment_intents', fixture('payment_intent.succeeded'));
    expect(await stripe.charge(chargeRequest())).toEqual({ status: 'succeeded', ref: PI });
    const sent = last();
    expect(sent.headers['idempotency-key']).toBe('sub:00000000-0000-4000-8000-000000000002:1');
    expect(Object.fromEntries(sent.form)).toEqual({
      amount: '164819',
      currency: 'pln',
      customer: CUSTOMER,
      payment_method: PM,
      'allowed_payment_method_types[0]': 'card',
      off_session: 'true',
      confirm: 'true',
      description: 'Professional, yearly',
      'metadata[payment_id]': '00000000-0000-4000-8000-0000000000aa',
      'metadata[account_id]': ACCOUNT,
    });
  });

  it.each([
    ['error.card_declined', 'card_declined'],
    ['error.insufficient_funds', 'insufficient_funds'],
  ])('maps the 402 %s to a failed charge (%s) with the PaymentIntent as ref', async (name, code) => {
    knownCustomer();
    replay.reply('POST', '/v1/payment_intents', fixture(name), 402);
    expect(await stripe.charge(chargeRequest())).toMatchObject({ status: 'failed', ref: PI, code });
  });

  it('turns authentication_required into the 3-D Secure step: confirms on-session, answers the client secret', async () => {
    knownCustomer();
    replay.reply('POST', '/v1/payment_intents', fixture('error.authentication_required'), 402);
    replay.reply('POST', `/v1/payment_intents/${PI}/confirm`, fixture('payment_intent.requires_action'));
    expect(await stripe.charge(chargeRequest())).toEqual({
      status: 'requires_action',
      ref: PI,
      action: { type: 'stripe_sdk', clientSecret: `${PI}_secret_x9YbVwZ1KcQmLpN3sRtUvWxYz` },
    });
    const confirm = last();
    expect(confirm.headers['idempotency-key']).toBe('sub:00000000-0000-4000-8000-000000000002:1:on-session');
    expect(Object.fromEntries(confirm.form)).toEqual({ payment_method: PM, use_stripe_sdk: 'true' });
  });

  it('re-reads the PaymentIntent to settle the step, and leaves a processing one to the webhook', async () => {
    replay.reply('GET', `/v1/payment_intents/${PI}`, fixture('payment_intent.succeeded'));
    expect(await stripe.confirmPayment({ ref: PI, approve: false })).toEqual({ status: 'succeeded', ref: PI });
    replay.reply('GET', `/v1/payment_intents/${PI}`, fixture('payment_intent.requires_payment_method'));
    expect(await stripe.confirmPayment({ ref: PI, approve: true })).toMatchObject({
      status: 'failed',
      code: 'authentication_failed',
    });
    replay.reply('GET', `/v1/payment_intents/${PI}`, fixture('payment_intent.processing'));
    await expect(stripe.confirmPayment({ ref: PI, approve: true })).rejects.toBeInstanceOf(StripePendingError);
    replay.reply('GET', `/v1/payment_intents/${PI}`, fixture('payment_intent.requires_action'));
    expect(await stripe.nextAction(PI)).toEqual({
      type: 'stripe_sdk',
      clientSecret: `${PI}_secret_x9YbVwZ1KcQmLpN3sRtUvWxYz`,
    });
    expect(replay.pending()).toEqual([]);
  });

  it('calls off a waiting PaymentIntent; one the cardholder finished meanwhile answers as it now is', async () => {
    replay.reply('POST', `/v1/payment_intents/${PI}/cancel`, fixture('payment_intent.canceled'));
    expect(await stripe.cancelPayment(PI)).toEqual({
      status: 'failed',
      ref: PI,
      code: 'canceled',
      message: PAYMENT_FAILURE_MESSAGES.canceled,
    });
    expect(Object.fromEntries(last().form)).toEqual({ cancellation_reason: 'abandoned' });

    replay.reply('POST', `/v1/payment_intents/${PI}/cancel`, fixture('error.payment_intent_unexpected_state'), 400);
    replay.reply('GET', `/v1/payment_intents/${PI}`, fixture('payment_intent.succeeded'));
    expect(await stripe.cancelPayment(PI)).toEqual({ status: 'succeeded', ref: PI });
    expect(replay.pending()).toEqual([]);
  });

  it('lets a network failure surface (the payment feature keeps the row pending and answers 503)', async () => {
    knownCustomer();
    // Nothing queued: the replay answers 500 api_error.
    await expect(stripe.charge(chargeRequest())).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
  });
});

describe('Stripe adapter: webhooks', () => {
  const payload = JSON.stringify(fixture('event.payment_intent.succeeded'));
  const header = (body: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(clock.now().getTime() / 1000)) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });

  it('verifies the signature over the raw body and names the PaymentIntent', () => {
    expect(stripe.verifyWebhook(Buffer.from(payload), header(payload))).toEqual({
      id: 'evt_3SPq8AGx4lZ3aBcD1QrStUvW',
      type: 'payment_intent.succeeded',
      paymentIntentId: PI,
    });
  });

  it('rejects another secret, a changed body and a stale timestamp (checked against our clock)', () => {
    expect(() => stripe.verifyWebhook(Buffer.from(payload), header(payload, 'whsec_other0123456789'))).toThrow();
    expect(() => stripe.verifyWebhook(Buffer.from(payload.replace('164819', '1')), header(payload))).toThrow();
    const stale = Math.floor(clock.now().getTime() / 1000) - 301;
    expect(() => stripe.verifyWebhook(Buffer.from(payload), header(payload, WEBHOOK_SECRET, stale))).toThrow(
      /tolerance/,
    );
  });

  it('names no PaymentIntent for other event types', () => {
    const other = JSON.stringify(fixture('event.balance.available'));
    expect(stripe.verifyWebhook(Buffer.from(other), header(other))).toMatchObject({
      type: 'balance.available',
      paymentIntentId: null,
    });
  });
});
