import type {
  PaymentIntentOrSetupIntentResult,
  SetupIntentResult,
  StripeCardElement,
  StripeCardElementOptions,
  StripeError,
} from '@stripe/stripe-js';
import type { NextAction, Payment, StoredPaymentMethod } from '@cuewave/contract/payment';
import { confirmStripePayment, saveCardToken, startStripeSetup } from './api';

/**
 * The part of stripe.js the web uses (decision 043, "Web with Stripe"). Typed narrowly so tests
 * hand in a plain object instead of mocking the module; the real `Stripe` instance fits it.
 */
export type StripeLike = {
  elements(): { create(type: 'card', options?: StripeCardElementOptions): StripeCardElement };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: { name: string } } },
  ): Promise<SetupIntentResult>;
  handleNextAction(options: { clientSecret: string }): Promise<PaymentIntentOrSetupIntentResult>;
};

/** Our own sentences for a Stripe failure: keys `stripe.<key>` of the `checkout` namespace. */
export type StripeStepKey = 'unreachable' | 'generic' | 'setupNotConfirmed';

/**
 * A failure inside stripe.js, shown in the form's alert: Stripe's own sentence (written for the
 * cardholder, in the page's language since stripe.js is loaded with its locale), or one of ours by key.
 */
export class StripeStepError extends Error {
  override name = 'StripeStepError';
  constructor(
    message: string,
    readonly key: StripeStepKey | null = null,
  ) {
    super(message);
  }
}

/** The sentence to show for a StripeStepError in the language of `t`. */
export function stripeStepText(error: StripeStepError, t: (key: `stripe.${StripeStepKey}`) => string): string {
  return error.key ? t(`stripe.${error.key}`) : error.message;
}

export const STRIPE_UNREACHABLE = 'We couldn’t reach the card processor. Check your connection and try again.';
const STRIPE_GENERIC = 'The card processor couldn’t handle this card right now. Try again in a minute.';
const SETUP_NOT_CONFIRMED = 'Your bank didn’t confirm this card. Try again or use another card.';

/**
 * Stripe's own sentence for card and validation errors (localised, meant for the cardholder, e.g.
 * "Your card was declined."); for anything else (api_error, rate limits, a bad key) a general one,
 * since those messages are written for developers.
 */
export function stripeErrorMessage(error: Pick<StripeError, 'type' | 'message'>): string {
  if ((error.type === 'card_error' || error.type === 'validation_error') && error.message) return error.message;
  return STRIPE_GENERIC;
}

/**
 * Saves a card typed into Stripe's card Element: a SetupIntent from our server, confirmed in
 * stripe.js (the number goes only to Stripe; 3-D Secure at set-up runs there), then saved to the
 * account by its id. Answers the saved card like the sandbox path; a Stripe refusal throws a
 * StripeStepError, our API's errors are thrown as they are.
 */
export async function saveStripeCard(
  stripe: StripeLike,
  card: StripeCardElement,
  name: string,
): Promise<StoredPaymentMethod> {
  const { clientSecret } = await startStripeSetup();
  let result: SetupIntentResult;
  try {
    result = await stripe.confirmCardSetup(clientSecret, {
      payment_method: { card, billing_details: { name } },
    });
  } catch {
    // stripe.js rejects only when it can't talk to Stripe at all; refusals come back as result.error.
    throw new StripeStepError(STRIPE_UNREACHABLE, 'unreachable');
  }
  if (result.error) {
    const message = stripeErrorMessage(result.error);
    throw new StripeStepError(message, message === STRIPE_GENERIC ? 'generic' : null);
  }
  if (result.setupIntent.status !== 'succeeded') throw new StripeStepError(SETUP_NOT_CONFIRMED, 'setupNotConfirmed');
  return saveCardToken(result.setupIntent.id);
}

/**
 * A charge waiting for the cardholder (`stripe_sdk`): stripe.js runs the bank's step in its own
 * overlay, then our server re-reads the PaymentIntent and records the outcome (it is the source of
 * truth, also when stripe.js reported an error). The caller repeats its call when the answer is
 * `succeeded`, exactly as after the sandbox dialog.
 */
export async function runStripeAction(
  stripe: StripeLike,
  action: Extract<NextAction, { type: 'stripe_sdk' }>,
  paymentId: string,
): Promise<Payment> {
  let outcome: PaymentIntentOrSetupIntentResult;
  try {
    outcome = await stripe.handleNextAction({ clientSecret: action.clientSecret });
  } catch {
    throw new StripeStepError(STRIPE_UNREACHABLE, 'unreachable');
  }
  const payment = await confirmStripePayment(paymentId);
  // Stripe's reason (e.g. the cardholder closed the bank's window) beats our generic one.
  if (payment.status !== 'succeeded' && !payment.message && outcome.error) {
    return { ...payment, message: stripeErrorMessage(outcome.error) };
  }
  return payment;
}
