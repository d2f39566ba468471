import Stripe from 'stripe';
import type { Clock } from '../../lib/clock';
import type { StripeCustomerStore } from './stripe-customers';
import {
  TOKEN_INVALID,
  cardDetailsOf,
  chargeStateOf,
  failureCodeOf,
  setupResultOf,
  type StripeChargeState,
} from './stripe-outcomes';
import { PAYMENT_FAILURE_MESSAGES } from '@cuewave/contract/payment';
import type { ChargeRequest, ChargeResult, PaymentCustomer, PaymentProvider, SaveCardResult } from './payments';

/** A PaymentIntent still `processing`: nothing to record yet; Stripe's webhook brings the outcome. */
export class StripePendingError extends Error {
  constructor(readonly ref: string) {
    super(`PaymentIntent ${ref} is still processing`);
  }
}

/** What a verified webhook event is about, as the payment feature needs it. */
export type StripeWebhookEvent = {
  id: string;
  type: string;
  /** The PaymentIntent of a payment_intent.* event; null for every other type. */
  paymentIntentId: string | null;
};

export type StripeProcessor = PaymentProvider & {
  kind: 'stripe';
  /** For the web's stripe.js (GET /v1/payment/config). */
  publishableKey: string;
  /** A SetupIntent for the web's card form; its id comes back as the token of POST /method/{token}. */
  startCardSetup(customer: PaymentCustomer): Promise<{ clientSecret: string }>;
  /**
   * Re-reads a PaymentIntent: its state and our payments.id from its metadata. Webhook payloads are
   * only a hint; this answer is what gets recorded.
   */
  readCharge(ref: string): Promise<{ state: StripeChargeState; paymentId: string | null }>;
  /** Verifies the Stripe-Signature header over the raw body; throws on a bad or stale signature. */
  verifyWebhook(payload: Buffer, signature: string): StripeWebhookEvent;
};

export function isStripeProcessor(provider: PaymentProvider): provider is StripeProcessor {
  return provider.kind === 'stripe';
}

type Deps = {
  stripe: Stripe;
  customers: StripeCustomerStore;
  webhookSecret: string;
  publishableKey: string;
  /** Webhook timestamps are checked against it (5 minutes' tolerance, Stripe's default). */
  clock: Clock;
};

/** Stripe's errors for a card problem carry `type` StripeCardError and, for a charge, the PaymentIntent. */
function cardErrorOf(error: unknown): Stripe.errors.StripeError | null {
  return error instanceof Stripe.errors.StripeError && error.type === 'StripeCardError' ? error : null;
}

/**
 * The Stripe adapter of PaymentProvider (decision 043): Customers per account, cards saved through
 * SetupIntents (or a PaymentMethod attached to the Customer), charges as PaymentIntents confirmed
 * off-session with our idempotency key, and state always re-read from Stripe.
 */
export function createStripeProcessor(deps: Deps): StripeProcessor {
  const { stripe, customers } = deps;

  async function customerId(customer: PaymentCustomer): Promise<string> {
    const known = await customers.find(customer.accountId);
    if (known) return known;
    // The key makes two first calls at once (two tabs) create one Customer at Stripe.
    const created = await stripe.customers.create(
      { email: customer.email, metadata: { account_id: customer.accountId } },
      { idempotencyKey: `cuewave-customer-${customer.accountId}` },
    );
    return customers.save(customer.accountId, created.id);
  }

  const ownedBy = (owner: string | { id: string } | null | undefined, id: string) =>
    (typeof owner === 'string' ? owner : owner?.id) === id;

  async function saveFromSetupIntent(customer: string, token: string): Promise<SaveCardResult> {
    const si = await stripe.setupIntents.retrieve(token, { expand: ['payment_method'] });
    // Someone else's SetupIntent id must not save their card to this account.
    if (!ownedBy(si.customer, customer)) return TOKEN_INVALID;
    return setupResultOf(si);
  }

  async function saveFromPaymentMethod(customer: string, token: string): Promise<SaveCardResult> {
    let pm = await stripe.paymentMethods.retrieve(token);
    if (pm.customer && !ownedBy(pm.customer, customer)) return TOKEN_INVALID;
    if (!pm.customer) {
      try {
        pm = await stripe.paymentMethods.attach(token, { customer });
      } catch (error) {
        const cardError = cardErrorOf(error);
        if (!cardError) throw error;
        const code = failureCodeOf(cardError);
        return { status: 'failed', code, message: PAYMENT_FAILURE_MESSAGES[code] };
      }
    }
    const card = cardDetailsOf(pm);
    return card ? { status: 'saved', ref: pm.id, card } : TOKEN_INVALID;
  }

  /** The processing state is not an answer the payment feature can record: the row stays as it is. */
  function settled(state: StripeChargeState): ChargeResult {
    if (state.status === 'processing') throw new StripePendingError(state.ref);
    return state;
  }

  async function retrieve(ref: string): Promise<Stripe.PaymentIntent> {
    return stripe.paymentIntents.retrieve(ref);
  }

  return {
    kind: 'stripe',
    publishableKey: deps.publishableKey,

    async saveCard({ customer, token }) {
      const id = await customerId(customer);
      try {
        if (token.startsWith('seti_')) return await saveFromSetupIntent(id, token);
        if (token.startsWith('pm_')) return await saveFromPaymentMethod(id, token);
      } catch (error) {
        // An id Stripe does not know (or of another account of ours): the token is not valid here.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return TOKEN_INVALID;
        throw error;
      }
      return TOKEN_INVALID;
    },

    async charge(request: ChargeRequest) {
      const customer = await customerId(request.customer);
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency,
            customer,
            payment_method: request.methodRef,
            allowed_payment_method_types: ['card'],
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: { payment_id: request.paymentId, account_id: request.customer.accountId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        const cardError = cardErrorOf(error);
        if (!cardError?.payment_intent) throw error;
        pi = cardError.payment_intent;
        if (cardError.code === 'authentication_required') {
          // The bank wants the cardholder (3-D Secure). Off-session that is an error; confirming the
          // same PaymentIntent again on-session turns it into requires_action, which stripe.js
          // completes in the browser with the client secret.
          pi = await stripe.paymentIntents.confirm(
            pi.id,
            { payment_method: request.methodRef, use_stripe_sdk: true },
            { idempotencyKey: `${request.idempotencyKey}:on-session` },
          );
        }
      }
      return settled(chargeStateOf(pi));
    },

    async confirmPayment({ ref }) {
      // The cardholder answered in stripe.js; `approve` is the sandbox's simulation and means nothing here.
      return settled(chargeStateOf(await retrieve(ref)));
    },

    async cancelPayment(ref) {
      try {
        return settled(chargeStateOf(await stripe.paymentIntents.cancel(ref, { cancellation_reason: 'abandoned' })));
      } catch (error) {
        // Stripe refuses to cancel a PaymentIntent that has moved on (the cardholder finished the step
        // meanwhile): what it is now is the answer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return settled(chargeStateOf(await retrieve(ref)));
        throw error;
      }
    },

    async nextAction(ref) {
      const pi = await retrieve(ref);
      if (!pi.client_secret) throw new Error(`PaymentIntent ${ref} has no client secret`);
      return { type: 'stripe_sdk', clientSecret: pi.client_secret };
    },

    async detachCard(ref) {
      await stripe.paymentMethods.detach(ref);
    },

    async startCardSetup(customer) {
      const si = await stripe.setupIntents.create({
        customer: await customerId(customer),
        allowed_payment_method_types: ['card'],
        // Saved for renewals charged while the cardholder is away.
        usage: 'off_session',
        metadata: { account_id: customer.accountId },
      });
      if (!si.client_secret) throw new Error('SetupIntent without a client secret');
      return { clientSecret: si.client_secret };
    },

    async readCharge(ref) {
      const pi = await retrieve(ref);
      return { state: chargeStateOf(pi), paymentId: pi.metadata?.payment_id ?? null };
    },

    verifyWebhook(payload, signature) {
      const event = stripe.webhooks.constructEvent(
        payload,
        signature,
        deps.webhookSecret,
        undefined,
        undefined,
        deps.clock.now().getTime(),
      );
      const object = event.data.object as { id?: unknown; object?: unknown };
      const paymentIntentId =
        event.type.startsWith('payment_intent.') && object.object === 'payment_intent' && typeof object.id === 'string'
          ? object.id
          : null;
      return { id: event.id, type: event.type, paymentIntentId };
    },
  };
}
