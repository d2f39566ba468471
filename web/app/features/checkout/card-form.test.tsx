import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentConfig } from '@cuewave/contract/payment';
import { CardForm, cardSaveErrorMessage, useCardForm, type CardFormState } from './card-form';
import { fakeStripe, processorDeps, SANDBOX_CONFIG, STRIPE_CONFIG } from './fake-stripe';
import { PaymentProcessorContext, type PaymentProcessorDeps } from './payment-processor';
import { StripeStepError, type StripeLike } from './stripe-glue';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let form: CardFormState;
function Form() {
  form = useCardForm();
  return <CardForm form={form} />;
}

/** Renders the form with the given processor; resolves once the config has been applied. */
async function renderForm(deps: PaymentProcessorDeps = processorDeps(SANDBOX_CONFIG)) {
  const view = render(
    <PaymentProcessorContext.Provider value={deps}>
      <Form />
    </PaymentProcessorContext.Provider>,
  );
  await act(async () => {});
  return view;
}

describe('CardForm', () => {
  it('formats as typed, names the brand and offers the browser’s card autofill', async () => {
    await renderForm();
    const number = screen.getByLabelText('Card number');
    fireEvent.change(number, { target: { value: '5555555555554444' } });
    expect((number as HTMLInputElement).value).toBe('5555 5555 5555 4444');
    expect(screen.getByTestId('card-brand').textContent).toContain('Mastercard');
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '1230' } });
    expect((screen.getByLabelText('Expiry date') as HTMLInputElement).value).toBe('12/30');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(screen.getByLabelText('Expiry date').getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByLabelText('Security code').getAttribute('autocomplete')).toBe('cc-csc');
    expect(screen.getByLabelText('Name on card').getAttribute('autocomplete')).toBe('cc-name');
  });

  it('checks a field when it loses focus, not while typing, and clears the error once fixed', async () => {
    await renderForm();
    const number = screen.getByLabelText('Card number');
    fireEvent.change(number, { target: { value: '4242424242424241' } });
    expect(number.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(number);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This card number is not valid. Check it and try again.')).toBeTruthy();
    fireEvent.change(number, { target: { value: '4242424242424242' } });
    expect(number.getAttribute('aria-invalid')).toBeNull();
  });

  it('on save, shows every problem and sends nothing; a good card becomes a token, then a saved card', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const deps = processorDeps(SANDBOX_CONFIG);
    await renderForm(deps);
    let saved = await form.save();
    expect(saved).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await screen.findByText('Enter the card number.')).toBeTruthy();
    // The first problem is focused by an effect after the error renders: wait for it, not the render.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));

    fetchSpy
      .mockResolvedValueOnce(new Response(JSON.stringify({ token: 'tok_1' }), { status: 201 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 'card-1', last4: '4242' }), { status: 201 }));
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '4242424242424242' } });
    fireEvent.change(screen.getByLabelText('Expiry date'), { target: { value: '12/40' } });
    fireEvent.change(screen.getByLabelText('Security code'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Ada Lovelace' } });
    saved = await form.save();
    expect(saved).toMatchObject({ id: 'card-1' });
    const [tokenUrl, tokenInit] = fetchSpy.mock.calls[0]!;
    expect(tokenUrl).toBe('/api/v1/payment/sandbox/tokens');
    expect(JSON.parse(String(tokenInit?.body))).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
      name: 'Ada Lovelace',
    });
    expect(fetchSpy.mock.calls[1]![0]).toBe('/api/v1/payment/stripe/method/tok_1');
    // The sandbox never loads stripe.js.
    expect(deps.loadStripe).not.toHaveBeenCalled();
  });
});

describe('CardForm: which processor', () => {
  it('waits for the config before showing any card field, and offers a retry when it can’t load', async () => {
    let answer!: (config: PaymentConfig) => void;
    let calls = 0;
    const deps: PaymentProcessorDeps = {
      loadConfig: () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new TypeError('offline'));
        return new Promise((resolve) => (answer = resolve));
      },
      loadStripe: vi.fn(),
    };
    await renderForm(deps);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(await form.saveCard()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('card-form-loading').getAttribute('aria-busy')).toBe('true');
    await act(async () => answer(SANDBOX_CONFIG));
    expect(screen.getByLabelText('Card number')).toBeTruthy();
  });
});

describe('CardForm with Stripe', () => {
  async function renderStripe(stripe: StripeLike) {
    const deps = processorDeps(STRIPE_CONFIG, stripe);
    await renderForm(deps);
    return deps;
  }

  it('mounts Stripe’s card Element instead of our number fields, with the publishable key', async () => {
    const { stripe, elements } = fakeStripe();
    const deps = await renderStripe(stripe);
    expect(deps.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByRole('group', { name: 'Card details' })).toBe(screen.getByTestId('card-stripe'));
    expect(elements).toHaveLength(1);
    expect(elements[0]!.mount).toHaveBeenCalledWith(screen.getByTestId('card-stripe'));
    expect(screen.getByLabelText('Name on card')).toBeTruthy();
  });

  it('checks the Element and the name on save, shows the Element’s own errors, and focuses the first problem', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { stripe, elements } = fakeStripe();
    await renderStripe(stripe);
    const element = elements[0]!;
    expect(await act(() => form.saveCard())).toBeNull();
    expect(screen.getByText('Enter your card details.')).toBeTruthy();
    expect(screen.getByText('Enter the name on the card.')).toBeTruthy();
    expect(element.focus).toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();

    act(() =>
      element.emit({
        empty: false,
        complete: false,
        error: { type: 'validation_error', message: 'Your card number is invalid.' } as never,
      }),
    );
    expect(screen.getByTestId('card-stripe').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Your card number is invalid.')).toBeTruthy();
    act(() => element.emit({ empty: false, complete: false }));
    expect(screen.queryByText('Your card number is invalid.')).toBeNull();
    expect(await act(() => form.saveCard())).toBeNull();
    expect(screen.getByText('Finish your card details.')).toBeTruthy();
    expect(stripe.confirmCardSetup).not.toHaveBeenCalled();
  });

  it('saves through a SetupIntent confirmed with the mounted Element, answering the saved card', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(new Response(JSON.stringify({ clientSecret: 'seti_9_secret_z' }), { status: 201 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: 'card-9', last4: '4242' }), { status: 201 }));
    const { stripe, elements } = fakeStripe();
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_9', status: 'succeeded' } });
    await renderStripe(stripe);
    act(() => elements[0]!.emit({ empty: false, complete: true }));
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: '  Ada Lovelace ' } });
    const saved = await act(() => form.saveCard());
    expect(saved).toMatchObject({ id: 'card-9' });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_9_secret_z', {
      payment_method: { card: elements[0], billing_details: { name: 'Ada Lovelace' } },
    });
    expect(fetchSpy.mock.calls.map((call) => call[0])).toEqual([
      '/api/v1/payment/stripe/setup',
      '/api/v1/payment/stripe/method/seti_9',
    ]);
  });

  it('throws Stripe’s refusal for the alert, in Stripe’s words', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ clientSecret: 's' }), { status: 201 }),
    );
    const { stripe, elements } = fakeStripe();
    stripe.confirmCardSetup.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    await renderStripe(stripe);
    act(() => elements[0]!.emit({ empty: false, complete: true }));
    fireEvent.change(screen.getByLabelText('Name on card'), { target: { value: 'Ada' } });
    const error = await act(() => form.saveCard().catch((err: unknown) => err));
    expect(error).toBeInstanceOf(StripeStepError);
    expect(cardSaveErrorMessage(error, 'We couldn’t add your card.')).toBe('Your card was declined.');
    expect(cardSaveErrorMessage(new TypeError('x'), 'We couldn’t add your card.')).toMatch(
      /^We couldn’t add your card\. /,
    );
  });

  it('says so, with a retry, when stripe.js can’t be loaded', async () => {
    const deps = processorDeps(STRIPE_CONFIG);
    await renderForm(deps);
    expect(screen.getByTestId('card-form-error').textContent).toContain('couldn’t load the secure card form');
    expect(await form.saveCard()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await act(async () => {});
    expect(deps.loadStripe).toHaveBeenCalledTimes(2);
  });

  it('destroys the Element when the form goes away', async () => {
    const { stripe, elements } = fakeStripe();
    const view = await renderForm(processorDeps(STRIPE_CONFIG, stripe));
    view.unmount();
    expect(elements[0]!.destroy).toHaveBeenCalled();
  });
});
