import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import { ToastProvider } from '../../components/ui/toast';
import { PaymentMethodsSection } from './payment-methods-section';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const visa: StoredPaymentMethod = {
  id: 'a',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: true,
};
const mc: StoredPaymentMethod = {
  id: 'b',
  brand: 'mastercard',
  last4: '4444',
  expMonth: 1,
  expYear: 2031,
  isDefault: false,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderSection(methods: StoredPaymentMethod[] | null, onChange = vi.fn()) {
  render(
    <ToastProvider>
      <PaymentMethodsSection methods={methods} onChange={onChange} />
    </ToastProvider>,
  );
  return onChange;
}

describe('PaymentMethodsSection', () => {
  it('lists brand, last four and expiry with the default marked, and says so when there are none', () => {
    renderSection([visa, mc]);
    expect(screen.getByTestId('card-4242').textContent).toContain('Visa ending in 4242');
    expect(screen.getByTestId('card-4242').textContent).toContain('Expires 12/30');
    expect(screen.getByTestId('card-4242').textContent).toContain('Default');
    expect(screen.getByTestId('card-4444').textContent).not.toContain('Default');
    cleanup();
    renderSection([]);
    expect(screen.getByText('No saved cards')).toBeTruthy();
  });

  it('removes a card only after confirming, then shows the toast', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json([visa]));
    const onChange = renderSection([visa, mc]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Mastercard ending in 4444' }));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Remove this card?' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('card-delete-confirm'));
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith([visa]));
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/v1/payment/stripe/method/b');
    expect(fetchSpy.mock.calls[0]![1]?.method).toBe('DELETE');
    expect((await screen.findByRole('status')).textContent).toContain('Payment method deleted successfully!');
  });

  it('keeps the dialog open with the reason when the card may not be removed', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: 'CONFLICT', message: 'Add another card before removing the only one of a running plan.' }, 409),
    );
    const onChange = renderSection([visa]);
    fireEvent.click(screen.getByTestId('card-delete'));
    fireEvent.click(screen.getByTestId('card-delete-confirm'));
    expect((await screen.findByTestId('card-delete-error')).textContent).toContain('Add another card');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
