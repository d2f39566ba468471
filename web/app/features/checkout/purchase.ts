import type { Payment } from '@cuewave/contract/payment';
import { PAYMENT_FAILURE_MESSAGES } from '@cuewave/contract/payment';
import type { SubscriptionActionResult } from '@cuewave/contract/subscription';
import { ApiError } from '../../lib/api';
import { friendlyError } from '../registration/error-messages';

/**
 * What the checkout does with the answer of POST /v1/subscription/new/… (decision 045): 201 the
 * subscription is active; 202 the payment waits for the 3-D Secure step (then the same call is
 * repeated); a failed payment keeps the form so another card can be tried.
 */
export type PurchaseOutcome =
  | { kind: 'active'; result: SubscriptionActionResult }
  | { kind: 'confirm'; payment: Payment & { action: NonNullable<Payment['action']> } }
  | { kind: 'failed'; message: string };

export function purchaseOutcome(result: SubscriptionActionResult): PurchaseOutcome {
  if (result.subscription.status === 'active') return { kind: 'active', result };
  const payment = result.payment;
  if (payment?.status === 'requires_action' && payment.action) {
    return { kind: 'confirm', payment: { ...payment, action: payment.action } };
  }
  if (payment?.status === 'failed') return { kind: 'failed', message: paymentFailureMessage(payment) };
  // Still pending without a step to show (the processor did not answer): nothing was charged twice,
  // and trying again asks the processor again with the same key.
  return { kind: 'failed', message: 'Your payment is still being processed. Wait a moment and try again.' };
}

/** The card's own message for a failed payment. */
export function paymentFailureMessage(payment: Pick<Payment, 'message' | 'failureCode'>): string {
  if (payment.message) return payment.message;
  if (payment.failureCode) return PAYMENT_FAILURE_MESSAGES[payment.failureCode];
  return PAYMENT_FAILURE_MESSAGES.processing_error;
}

/** The sentence for a purchase call that threw: the card's message for 402, else a friendly one. */
export function purchaseErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body.error === 'PAYMENT_FAILED') return error.body.message;
  if (error instanceof ApiError && error.body.error === 'billing details not found') {
    return 'Add your billing details before paying.';
  }
  return `We couldn’t complete your payment. ${friendlyError(error)}`;
}
