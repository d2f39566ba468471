import { PAYMENT_FAILURE_MESSAGES, type PaymentFailureCode } from '@cuewave/contract/payment';
import type Stripe from 'stripe';
import type { CardDetails, ChargeResult, SaveCardResult } from './payments';

/**
 * Pure mapping from Stripe's objects to the provider interface's answers (decision 043). Kept apart
 * from the network calls so every status and error code is unit-tested.
 */

/** A PaymentIntent Stripe has not settled yet (`processing`): the webhook brings the outcome. */
export type StripeChargeState = ChargeResult | { status: 'processing'; ref: string };

/**
 * Our failure code for Stripe's error `code` / `decline_code`
 * (https://docs.stripe.com/declines/codes, https://docs.stripe.com/error-codes).
 */
export function failureCodeOf(error: { code?: string | null; decline_code?: string | null } | null | undefined) {
  const codes = [error?.decline_code, error?.code];
  const has = (...names: string[]) => codes.some((c) => c && names.includes(c));
  let code: PaymentFailureCode = 'card_declined';
  if (has('insufficient_funds')) code = 'insufficient_funds';
  else if (has('expired_card')) code = 'expired_card';
  else if (has('incorrect_cvc', 'invalid_cvc')) code = 'incorrect_cvc';
  else if (has('processing_error', 'try_again_later', 'issuer_not_available', 'reenter_transaction'))
    code = 'processing_error';
  else if (
    has('payment_intent_authentication_failure', 'setup_intent_authentication_failure', 'authentication_required')
  )
    code = 'authentication_failed';
  return code;
}

const failed = (ref: string | null, code: PaymentFailureCode) =>
  ({ status: 'failed', ref, code, message: PAYMENT_FAILURE_MESSAGES[code] }) as const;

/** A PaymentIntent as the payment feature records it. */
export function chargeStateOf(pi: Stripe.PaymentIntent): StripeChargeState {
  switch (pi.status) {
    case 'succeeded':
      return { status: 'succeeded', ref: pi.id };
    case 'requires_action':
      if (!pi.client_secret) return failed(pi.id, 'processing_error');
      return { status: 'requires_action', ref: pi.id, action: { type: 'stripe_sdk', clientSecret: pi.client_secret } };
    case 'processing':
      return { status: 'processing', ref: pi.id };
    case 'requires_payment_method':
      // After a failed attempt (declined, or the cardholder failed 3-D Secure) Stripe puts the
      // PaymentIntent back here with the reason in last_payment_error.
      return failed(pi.id, failureCodeOf(pi.last_payment_error));
    case 'canceled':
      return failed(pi.id, 'canceled');
    default:
      // requires_confirmation, requires_capture: nothing was taken and nothing will be.
      return failed(pi.id, 'processing_error');
  }
}

/** What may be stored of a Stripe card (architecture §5): brand, last four, expiry, Stripe's fingerprint. */
export function cardDetailsOf(pm: Stripe.PaymentMethod): CardDetails | null {
  const card = pm.card;
  if (pm.type !== 'card' || !card?.fingerprint) return null;
  return {
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    fingerprint: card.fingerprint,
  };
}

export const TOKEN_INVALID = {
  status: 'failed',
  code: 'token_invalid',
  message: 'This card could not be found. Enter the card again.',
} as const satisfies SaveCardResult;

/** A SetupIntent the web confirmed with stripe.js, as a saved card (or why not). */
export function setupResultOf(si: Stripe.SetupIntent): SaveCardResult {
  switch (si.status) {
    case 'succeeded': {
      const pm = typeof si.payment_method === 'object' ? si.payment_method : null;
      const card = pm ? cardDetailsOf(pm) : null;
      return pm && card ? { status: 'saved', ref: pm.id, card } : TOKEN_INVALID;
    }
    case 'requires_action':
      return si.client_secret
        ? { status: 'requires_action', action: { type: 'stripe_sdk', clientSecret: si.client_secret } }
        : TOKEN_INVALID;
    case 'requires_payment_method': {
      if (!si.last_setup_error) return TOKEN_INVALID;
      const code = failureCodeOf(si.last_setup_error);
      return { status: 'failed', code, message: PAYMENT_FAILURE_MESSAGES[code] };
    }
    case 'processing':
      return { status: 'failed', code: 'processing_error', message: PAYMENT_FAILURE_MESSAGES.processing_error };
    default:
      return TOKEN_INVALID;
  }
}
