import { describe, expect, it } from 'vitest';
import type { Payment } from '@cuewave/contract/payment';
import type { SubscriptionActionResult } from '@cuewave/contract/subscription';
import { ApiError } from '../../lib/api';
import { purchaseErrorMessage, purchaseOutcome } from './purchase';

const payment: Payment = {
  id: 'p1',
  status: 'succeeded',
  failureCode: null,
  message: null,
  action: null,
  description: 'Professional, yearly',
  subscriptionId: 's1',
  currency: 'pln',
  price: 133999,
  tax: 30820,
  total: 164819,
  taxPercentage: 23,
  receiptNumber: 'CW-2026-000001',
  createdTS: '2026-11-21T12:00:00Z',
};

function result(status: string, pay: Partial<Payment> | null): SubscriptionActionResult {
  return {
    subscription: { id: 's1', status } as SubscriptionActionResult['subscription'],
    payment: pay ? { ...payment, ...pay } : null,
  };
}

describe('purchaseOutcome', () => {
  it('is done when the subscription is active', () => {
    expect(purchaseOutcome(result('active', {})).kind).toBe('active');
  });

  it('asks for the 3-D Secure step when the payment waits for it', () => {
    const action = { type: 'sandbox_3ds' as const, confirmPath: '/v1/payment/sandbox/confirm/p1' };
    const outcome = purchaseOutcome(result('pending', { status: 'requires_action', action }));
    expect(outcome).toMatchObject({ kind: 'confirm', payment: { action } });
  });

  it('shows the card’s message when the payment failed', () => {
    expect(purchaseOutcome(result('pending', { status: 'failed', failureCode: 'card_declined' }))).toEqual({
      kind: 'failed',
      message: 'Your card was declined. Try another card.',
    });
    expect(purchaseOutcome(result('pending', null)).kind).toBe('failed');
  });

  it('words a thrown failure: 402 with the card’s message, else friendly', () => {
    const declined = new ApiError(402, {
      error: 'PAYMENT_FAILED',
      message: 'Your card was declined. Try another card.',
    });
    expect(purchaseErrorMessage(declined)).toBe('Your card was declined. Try another card.');
    expect(
      purchaseErrorMessage(
        new ApiError(400, { error: 'billing details not found', message: 'billing details not found' }),
      ),
    ).toBe('Add your billing details before paying.');
    expect(purchaseErrorMessage(new ApiError(503, { error: 'SERVICE_UNAVAILABLE', message: 'x' }))).toMatch(
      /^We couldn’t complete your payment\. Something went wrong/,
    );
  });
});
