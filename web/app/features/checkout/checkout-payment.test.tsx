import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import { CheckoutPayment } from './checkout-payment';
import { fakeStripe, processorDeps, STRIPE_CONFIG } from './fake-stripe';
import { PaymentProcessorContext } from './payment-processor';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const visa: StoredPaymentMethod = {
  id: 'm1',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2040,
  isDefault: true,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const waiting = {
  subscription: { status: 'pending' },
  payment: {
    id: 'p1',
    status: 'requires_action',
    action: { type: 'stripe_sdk', clientSecret: 'pi_1_secret_s' },
    total: 100,
    currency: 'eur',
  },
};
const active = { subscription: { status: 'active' }, payment: { id: 'p1', status: 'succeeded' } };

/** The payment step for Start monthly with one saved Visa, on Stripe; resolves to its onSuccess spy. */
async function renderPayment(stripe: ReturnType<typeof fakeStripe>['stripe']) {
  const onSuccess = vi.fn();
  render(
    <PaymentProcessorContext.Provider value={processorDeps(STRIPE_CONFIG, stripe)}>
      <CheckoutPayment
        methods={[visa]}
        purchase={{ plan: 'start', period: 'month', currency: 'eur' }}
        total="€1.00"
        onSuccess={onSuccess}
      />
    </PaymentProcessorContext.Provider>,
  );
  await act(async () => {});
  return onSuccess;
}

describe('CheckoutPayment with Stripe', () => {
  it('runs the bank’s step in stripe.js, then repeats the purchase, which completes', async () => {
    const urls: string[] = [];
    let purchases = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = String(input);
      urls.push(url);
      if (url.startsWith('/api/v1/subscription/new/'))
        return Promise.resolve(json(purchases++ ? active : waiting, 202));
      if (url === '/api/v1/payment/stripe/confirm/p1') return Promise.resolve(json({ id: 'p1', status: 'succeeded' }));
      return Promise.resolve(json({}));
    });
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const onSuccess = await renderPayment(stripe);
    fireEvent.click(screen.getByTestId('pay'));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(active));
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_s' });
    expect(urls).toEqual([
      '/api/v1/subscription/new/start/month?currency=eur',
      '/api/v1/payment/stripe/confirm/p1',
      '/api/v1/subscription/new/start/month?currency=eur',
    ]);
  });

  it('shows the failure in the payment alert when the bank’s step failed', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = String(input);
      if (url.startsWith('/api/v1/subscription/new/')) return Promise.resolve(json(waiting, 202));
      return Promise.resolve(json({ id: 'p1', status: 'failed', failureCode: 'authentication_failed' }));
    });
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockResolvedValue({
      error: { type: 'card_error', message: 'We are unable to authenticate your payment method.' },
    });
    const onSuccess = await renderPayment(stripe);
    fireEvent.click(screen.getByTestId('pay'));
    expect((await screen.findByTestId('payment-error')).textContent).toContain(
      'We are unable to authenticate your payment method.',
    );
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByTestId('pay')).toHaveProperty('disabled', false);
  });
});
