import { describe, expect, it } from 'vitest';
import type { Payment } from '@cuewave/contract/payment';
import type { SubscriptionActionResult } from '@cuewave/contract/subscription';
import { ApiError } from '../../lib/api';
import { getI18n } from 'react-i18next';
import type { AuthT } from '../auth/messages';
import { apiErrorText } from '../registration/error-messages';
import type { CheckoutT } from './billing-model';
import { purchaseErrorMessage, purchaseOutcome } from './purchase';

const en = () => getI18n().getFixedT('en', 'checkout') as CheckoutT;
const pl = () => getI18n().getFixedT('pl', 'checkout') as CheckoutT;
const friendly = (error: unknown) => apiErrorText(error, getI18n().getFixedT('en', 'auth') as AuthT);

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
    expect(purchaseOutcome(result('active', {}), en()).kind).toBe('active');
  });

  it('asks for the 3-D Secure step when the payment waits for it', () => {
    const action = { type: 'sandbox_3ds' as const, confirmPath: '/v1/payment/sandbox/confirm/p1' };
    const outcome = purchaseOutcome(result('pending', { status: 'requires_action', action }), en());
    expect(outcome).toMatchObject({ kind: 'confirm', payment: { action } });
  });

  it('shows the card’s message when the payment failed', () => {
    expect(purchaseOutcome(result('pending', { status: 'failed', failureCode: 'card_declined' }), en())).toEqual({
      kind: 'failed',
      message: 'Your card was declined. Try another card.',
    });
    expect(purchaseOutcome(result('pending', null), en()).kind).toBe('failed');
  });

  it('words a thrown failure: 402 with the card’s message, else friendly', () => {
    const declined = new ApiError(402, {
      error: 'PAYMENT_FAILED',
      message: 'Your card was declined. Try another card.',
    });
    expect(purchaseErrorMessage(declined, en(), friendly)).toBe('Your card was declined. Try another card.');
    expect(
      purchaseErrorMessage(
        new ApiError(400, { error: 'billing details not found', message: 'billing details not found' }),
        en(),
        friendly,
      ),
    ).toBe('Add your billing details before paying.');
    expect(
      purchaseErrorMessage(new ApiError(503, { error: 'SERVICE_UNAVAILABLE', message: 'x' }), en(), friendly),
    ).toMatch(/^We couldn’t complete your payment\. Something went wrong/);
  });

  it('says the card’s answer in Polish on a Polish page', () => {
    const declined = new ApiError(402, {
      error: 'PAYMENT_FAILED',
      message: 'Your card was declined. Try another card.',
    });
    expect(purchaseErrorMessage(declined, pl(), friendly)).toBe('Twoja karta została odrzucona. Spróbuj innej karty.');
    expect(purchaseOutcome(result('pending', { status: 'failed', failureCode: 'insufficient_funds' }), pl())).toEqual({
      kind: 'failed',
      message: 'Brak wystarczających środków na karcie. Spróbuj innej karty.',
    });
  });
});
