import { AppError } from '../../lib/errors';
import type { StripeProcessor } from '../../providers/payments/stripe-processor';
import { recordProviderOutcome } from './charge.service';
import type { PaymentDeps } from './payment-methods.service';
import { selectStripePayment } from './stripe-webhook.repo';

/** The events that can change a payment; every other type is acknowledged and ignored. */
export const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.processing',
  'payment_intent.canceled',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WebhookAnswer = { received: true; handled: boolean };

/**
 * POST /v1/payment/stripe/webhook (decision 043). The signature is checked over the raw body first
 * (400 otherwise: Stripe shows the failure in its dashboard). The event is only a hint: the
 * PaymentIntent is read again from Stripe and that state is recorded on our payment, found by the
 * payment id we put in its metadata. Events we do not handle, or about payments we do not know,
 * answer 200 so Stripe stops resending them; a failure to reach Stripe answers 503 so it retries.
 * Replays and out-of-order events are harmless: the re-read state is the latest, and a payment is
 * only moved forward (charge.service recordProviderOutcome).
 */
export async function handleStripeWebhook(
  deps: PaymentDeps,
  stripe: StripeProcessor,
  payload: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  if (!signature) throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing.');
  let event;
  try {
    event = stripe.verifyWebhook(payload, signature);
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook signature does not verify.');
  }
  if (!HANDLED_EVENTS.has(event.type) || !event.paymentIntentId) return { received: true, handled: false };

  let read;
  try {
    read = await stripe.readCharge(event.paymentIntentId);
  } catch {
    throw new AppError('SERVICE_UNAVAILABLE', 'Stripe did not answer; send the event again later.');
  }
  if (!read.paymentId || !UUID.test(read.paymentId)) return { received: true, handled: false };
  const row = await selectStripePayment(deps.db, read.paymentId);
  // Not ours, or another PaymentIntent than the one recorded for this payment.
  if (!row || (row.provider_ref && row.provider_ref !== event.paymentIntentId)) {
    return { received: true, handled: false };
  }
  if (read.state.status !== 'processing') await recordProviderOutcome(deps, row, read.state);
  return { received: true, handled: true };
}
