import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import { ToastProvider } from '../../components/ui/toast';
import { getI18n } from 'react-i18next';
import { PaymentMethodsSection, removalText as removalTextIn } from './payment-methods-section';

const removalText = (...args: [Parameters<typeof removalTextIn>[0], Parameters<typeof removalTextIn>[1]]) =>
  removalTextIn(...args, getI18n().getFixedT('en', 'billing'));

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

  it('says which card becomes the default, or that none is left, before the click', () => {
    expect(removalText(visa, [visa, mc])).toBe(
      'Visa ending in 4242 will no longer be charged. Mastercard ending in 4444 becomes your default card.',
    );
    expect(removalText(mc, [visa, mc])).toBe('Mastercard ending in 4444 will no longer be charged.');
    expect(removalText(visa, [visa])).toBe(
      'Visa ending in 4242 will no longer be charged. You will have no saved card: add one before your next payment.',
    );
    renderSection([visa, mc]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Visa ending in 4242' }));
    expect(screen.getByRole('dialog').textContent).toContain('Mastercard ending in 4444 becomes your default card.');
  });

  it('explains before the click that the card a subscription renews with stays, and offers to add another', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderSection([{ ...visa, requiredForRenewal: true }]);
    expect(screen.getByTestId('card-renews').textContent).toBe('Your subscription renews with this card');
    fireEvent.click(screen.getByTestId('card-delete'));
    const dialog = screen.getByRole('dialog', { name: 'This card can’t be removed yet' });
    expect(dialog.textContent).toContain(
      'This is the card your subscription renews with. Add another card before you remove it',
    );
    expect(dialog.textContent).not.toContain('becomes');
    expect(screen.queryByTestId('card-delete-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('card-delete-add-instead'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('form', { name: 'Add a card' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalledWith(expect.stringContaining('/method/'), expect.anything());
  });

  it('shows the server’s reason when it refuses anyway, and stops offering the removal', async () => {
    const message =
      'This is the card your subscription renews with. Add another card before you remove it, or cancel the subscription.';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'PAYMENT_METHOD_REQUIRED', message }, 409));
    const onChange = renderSection([visa]);
    fireEvent.click(screen.getByTestId('card-delete'));
    fireEvent.click(screen.getByTestId('card-delete-confirm'));
    expect((await screen.findByTestId('card-delete-error')).textContent).toBe(message);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'This card can’t be removed yet' })).toBeTruthy();
    expect(screen.queryByTestId('card-delete-confirm')).toBeNull();
    expect(screen.getByTestId('card-delete-add-instead')).toBeTruthy();
  });
});
