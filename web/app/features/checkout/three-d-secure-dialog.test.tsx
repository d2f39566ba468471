import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@cuewave/contract/payment';
import { fakeStripe, processorDeps, STRIPE_CONFIG } from './fake-stripe';
import { PaymentProcessorContext, type PaymentProcessorDeps } from './payment-processor';
import { ThreeDSecureDialog } from './three-d-secure-dialog';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const action = { type: 'sandbox_3ds' as const, confirmPath: '/v1/payment/sandbox/confirm/p1' };
const answered = (status: Payment['status']) => ({ id: 'p1', status }) as Payment;

describe('ThreeDSecureDialog (decision 043 sandbox step)', () => {
  it('posts the approval to the payment’s confirm path and hands back the payment', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(answered('succeeded')), { status: 200 }));
    const onDone = vi.fn();
    render(<ThreeDSecureDialog action={action} onDone={onDone} amount="PLN 467.39" />);
    expect(screen.getByRole('dialog', { name: 'Confirm your payment' }).textContent).toContain('PLN 467.39');
    fireEvent.click(screen.getByTestId('three-d-secure-approve'));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(answered('succeeded')));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/v1/payment/sandbox/confirm/p1');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ approve: true });
  });

  it('rejects when the dialog is closed, so the payment never hangs half-confirmed', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(answered('failed')), { status: 200 }));
    const onDone = vi.fn();
    render(<ThreeDSecureDialog action={action} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(answered('failed')));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body))).toEqual({ approve: false });
  });

  it('keeps the dialog open with a message when the answer could not be sent', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'));
    const onDone = vi.fn();
    render(<ThreeDSecureDialog action={action} onDone={onDone} />);
    fireEvent.click(screen.getByTestId('three-d-secure-approve'));
    expect((await screen.findByTestId('three-d-secure-error')).textContent).toContain('couldn’t send your answer');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('three-d-secure-approve')).toHaveProperty('disabled', false);
  });

  it('posts nowhere but the API’s own confirm paths and is closed without an action', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { rerender } = render(
      <ThreeDSecureDialog action={{ type: 'sandbox_3ds', confirmPath: 'https://evil.example/x' }} onDone={vi.fn()} />,
    );
    expect(screen.queryByTestId('three-d-secure-approve')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    rerender(<ThreeDSecureDialog action={null} onDone={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ThreeDSecureDialog with a Stripe action (stripe_sdk)', () => {
  const stripeAction = { type: 'stripe_sdk' as const, clientSecret: 'pi_7_secret_q' };

  function renderStep(deps: PaymentProcessorDeps, props: { onDone?: () => void; onCancel?: () => void } = {}) {
    const onDone = props.onDone ?? vi.fn();
    const onCancel = props.onCancel ?? vi.fn();
    render(
      <PaymentProcessorContext.Provider value={deps}>
        <ThreeDSecureDialog action={stripeAction} paymentId="p7" onDone={onDone} onCancel={onCancel} />
      </PaymentProcessorContext.Provider>,
    );
    return { onDone, onCancel };
  }

  it('runs the step once in stripe.js, has the server re-read the payment and hands it back', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ id: 'p7', status: 'succeeded' }), { status: 200 }));
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const deps = processorDeps(STRIPE_CONFIG, stripe);
    const { onDone } = renderStep(deps);
    // Stripe shows the bank's challenge itself: no dialog of ours is in its way meanwhile.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Waiting for your bank');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith({ id: 'p7', status: 'succeeded' }));
    expect(deps.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.handleNextAction).toHaveBeenCalledTimes(1);
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_7_secret_q' });
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/v1/payment/stripe/confirm/p7');
  });

  it('hands back a failed payment with Stripe’s reason when the cardholder failed the step', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ id: 'p7', status: 'failed', failureCode: 'authentication_failed' }), {
        status: 200,
      }),
    );
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockResolvedValue({ error: { type: 'card_error', message: 'Authentication failed.' } });
    const { onDone } = renderStep(processorDeps(STRIPE_CONFIG, stripe));
    await vi.waitFor(() =>
      expect(onDone).toHaveBeenCalledWith(
        expect.objectContaining({ status: 'failed', message: 'Authentication failed.' }),
      ),
    );
  });

  it('offers to try again or cancel when stripe.js can’t be loaded', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const deps = processorDeps(STRIPE_CONFIG);
    const { onDone, onCancel } = renderStep(deps);
    expect((await screen.findByTestId('three-d-secure-error')).textContent).toContain(
      'couldn’t finish your bank’s confirmation',
    );
    fireEvent.click(screen.getByTestId('three-d-secure-retry'));
    await vi.waitFor(() => expect(deps.loadStripe).toHaveBeenCalledTimes(2));
    fireEvent.click(await screen.findByTestId('three-d-secure-cancel'));
    expect(onCancel).toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows why when the server could not re-read the payment', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ error: 'SERVICE_UNAVAILABLE', message: 'The card processor did not answer.' }), {
        status: 503,
      }),
    );
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { onDone } = renderStep(processorDeps(STRIPE_CONFIG, stripe));
    expect(await screen.findByRole('dialog', { name: 'Confirm your payment' })).toBeTruthy();
    expect(screen.getByTestId('three-d-secure-error').textContent).toContain('couldn’t finish');
    expect(onDone).not.toHaveBeenCalled();
  });
});
