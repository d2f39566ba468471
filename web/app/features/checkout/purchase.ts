import type { Payment, PaymentFailureCode } from '@cuewave/contract/payment';
import { PAYMENT_FAILURE_MESSAGES } from '@cuewave/contract/payment';
import type { SubscriptionActionResult } from '@cuewave/contract/subscription';
import { ApiError } from '../../lib/api';
import type { CheckoutT } from './billing-model';

/**
 * What the checkout does with the answer of POST /v1/subscription/new/… (decision 045): 201 the
 * subscription is active; 202 the payment waits for the 3-D Secure step (then the same call is
 * repeated); a failed payment keeps the form so another card can be tried. Sentences come from the
 * `checkout` texts in the language of `t`.
 */
export type PurchaseOutcome =
  | { kind: 'active'; result: SubscriptionActionResult }
  | { kind: 'confirm'; payment: Payment & { action: NonNullable<Payment['action']> } }
  | { kind: 'failed'; message: string };

export function purchaseOutcome(result: SubscriptionActionResult, t: CheckoutT): PurchaseOutcome {
  if (result.subscription.status === 'active') return { kind: 'active', result };
  const payment = result.payment;
  if (payment?.status === 'requires_action' && payment.action) {
    return { kind: 'confirm', payment: { ...payment, action: payment.action } };
  }
  if (payment?.status === 'failed') return { kind: 'failed', message: paymentFailureMessage(payment, t) };
  // Still pending without a step to show (the processor did not answer): nothing was charged twice,
  // and trying again asks the processor again with the same key.
  return { kind: 'failed', message: t('payment.stillProcessing') };
}

/** The contract's failure sentences (the API's English words for each code), to find their code again. */
const CODE_OF_MESSAGE = new Map(
  Object.entries(PAYMENT_FAILURE_MESSAGES).map(([code, message]) => [message, code as PaymentFailureCode]),
);

/**
 * A failure sentence of the API in the language of `t`: a known one by its code, anything else
 * (a processor's own words) as it came.
 */
function failureText(message: string, t: CheckoutT): string {
  const code = CODE_OF_MESSAGE.get(message);
  return code ? t(`payment.failure.${code}`) : message;
}

/** The card's own message for a failed payment. */
export function paymentFailureMessage(payment: Pick<Payment, 'message' | 'failureCode'>, t: CheckoutT): string {
  if (payment.message) return failureText(payment.message, t);
  if (payment.failureCode) return t(`payment.failure.${payment.failureCode}`);
  return t('payment.failure.processing_error');
}

/**
 * The sentence for a purchase call that threw: the card's message for 402, else a friendly one
 * (`apiErrorText`: useApiErrorText() of the page).
 */
export function purchaseErrorMessage(error: unknown, t: CheckoutT, apiErrorText: (error: unknown) => string): string {
  if (error instanceof ApiError && error.body.error === 'PAYMENT_FAILED') return failureText(error.body.message, t);
  if (error instanceof ApiError && error.body.error === 'billing details not found') {
    return t('payment.billingMissing');
  }
  return t('payment.failed', { reason: apiErrorText(error) });
}
