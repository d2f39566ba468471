import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StripeCardElement } from '@stripe/stripe-js';
import { ApiError } from '../../lib/api';
import { fakeStripe } from './fake-stripe';
import {
  runStripeAction,
  saveStripeCard,
  STRIPE_UNREACHABLE,
  stripeErrorMessage,
  StripeStepError,
} from './stripe-glue';

afterEach(() => {
  vi.restoreAllMocks();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const card = { id: 'card-element' } as unknown as StripeCardElement;
const saved = { id: 'm1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true };

describe('saveStripeCard', () => {
  it('asks for a SetupIntent, confirms it in stripe.js with the Element and name, then saves it by its id', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ clientSecret: 'seti_1_secret_x' }, 201))
      .mockResolvedValueOnce(json(saved, 201));
    const { stripe } = fakeStripe();
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });

    await expect(saveStripeCard(stripe, card, 'Ada Lovelace')).resolves.toEqual(saved);

    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/v1/payment/stripe/setup');
    expect(fetchSpy.mock.calls[0]![1]?.method).toBe('POST');
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', {
      payment_method: { card, billing_details: { name: 'Ada Lovelace' } },
    });
    expect(fetchSpy.mock.calls[1]![0]).toBe('/api/v1/payment/stripe/method/seti_1');
    expect(fetchSpy.mock.calls[1]![1]?.method).toBe('POST');
  });

  it('throws Stripe’s own message for a refused card and saves nothing', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ clientSecret: 'seti_1_secret_x' }, 201));
    const { stripe } = fakeStripe();
    stripe.confirmCardSetup.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const failure = saveStripeCard(stripe, card, 'Ada');
    await expect(failure).rejects.toBeInstanceOf(StripeStepError);
    await expect(failure).rejects.toThrow('Your card was declined.');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('says the processor could not be reached when stripe.js rejects, and when the setup is left unfinished', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json({ clientSecret: 's' }, 201)));
    const { stripe } = fakeStripe();
    stripe.confirmCardSetup.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(saveStripeCard(stripe, card, 'Ada')).rejects.toThrow(STRIPE_UNREACHABLE);

    stripe.confirmCardSetup.mockResolvedValueOnce({ setupIntent: { id: 'seti_2', status: 'requires_action' } });
    await expect(saveStripeCard(stripe, card, 'Ada')).rejects.toThrow('Your bank didn’t confirm this card');
  });

  it('lets our API’s errors through as they are (no SetupIntent, nothing sent to Stripe)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: 'SERVICE_UNAVAILABLE', message: 'The card processor did not answer.' }, 503),
    );
    const { stripe } = fakeStripe();
    await expect(saveStripeCard(stripe, card, 'Ada')).rejects.toBeInstanceOf(ApiError);
    expect(stripe.confirmCardSetup).not.toHaveBeenCalled();
  });
});

describe('stripeErrorMessage', () => {
  it('shows card and validation messages, and hides developer-facing ones', () => {
    expect(stripeErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' })).toBe(
      'Your card number is incomplete.',
    );
    expect(stripeErrorMessage({ type: 'invalid_request_error', message: 'No such setupintent: seti_x' })).toContain(
      'couldn’t handle this card',
    );
  });
});

describe('runStripeAction', () => {
  const action = { type: 'stripe_sdk' as const, clientSecret: 'pi_1_secret_y' };

  it('runs the bank’s step in stripe.js, then has the server re-read the payment', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ id: 'p1', status: 'succeeded' }));
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockResolvedValue({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });

    await expect(runStripeAction(stripe, action, 'p1')).resolves.toEqual({ id: 'p1', status: 'succeeded' });
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_y' });
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/v1/payment/stripe/confirm/p1');
    expect(fetchSpy.mock.calls[0]![1]?.method).toBe('POST');
  });

  it('still asks the server after a failed step, and gives Stripe’s reason when the server has none', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ id: 'p1', status: 'failed', failureCode: 'authentication_failed', message: null }));
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockResolvedValue({
      error: { type: 'card_error', message: 'We are unable to authenticate your payment method.' },
    });
    const payment = await runStripeAction(stripe, action, 'p1');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(payment).toMatchObject({ status: 'failed', message: 'We are unable to authenticate your payment method.' });
  });

  it('does not confirm when stripe.js could not run the step at all', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(runStripeAction(stripe, action, 'p1')).rejects.toThrow(STRIPE_UNREACHABLE);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
