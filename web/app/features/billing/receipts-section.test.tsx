import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Receipt } from '@cuewave/contract/payment';
import { ReceiptsSection } from './receipts-section';

afterEach(cleanup);

const receipt: Receipt = {
  id: '11111111-1111-4111-8111-111111111111',
  receiptNumber: 'CW-2026-000012',
  documentKind: 'receipt',
  createdTS: '2026-06-15T12:00:00.000Z',
  paidTS: '2026-06-15T12:00:00.000Z',
  description: 'Start, monthly',
  currency: 'eur',
  price: 999,
  tax: 190,
  total: 1189,
  taxPercentage: 19,
  reverseCharge: false,
  card: { brand: 'visa', last4: '4242' },
};
const invoice: Receipt = {
  ...receipt,
  id: '22222222-2222-4222-8222-222222222222',
  receiptNumber: 'FV/2026/06/000003',
  documentKind: 'invoice',
  tax: 0,
  total: 999,
  taxPercentage: 0,
  reverseCharge: true,
};

describe('ReceiptsSection', () => {
  it('says which payment has a VAT invoice and which a receipt, and names the PDF accordingly', () => {
    render(<ReceiptsSection receipts={[invoice, receipt]} />);
    expect(screen.getByRole('heading', { name: 'Receipts & invoices' })).toBeTruthy();
    const [first, second] = screen.getAllByTestId('receipt');
    expect(within(first!).getByTestId('receipt-kind').textContent).toBe('VAT invoice');
    expect(first!.textContent).toContain('FV/2026/06/000003');
    expect(within(second!).getByTestId('receipt-kind').textContent).toBe('Receipt');
    expect(
      within(first!).getByRole('link', { name: 'Download PDF of VAT invoice FV/2026/06/000003' }).getAttribute('href'),
    ).toBe(`/api/v1/payment/receipt/${invoice.id}`);
    expect(within(second!).getByRole('link', { name: 'Download PDF of receipt CW-2026-000012' })).toBeTruthy();
  });

  it('says when there is nothing yet, and when the list failed to load', () => {
    render(<ReceiptsSection receipts={[]} />);
    expect(screen.getByText('No receipts yet')).toBeTruthy();
    cleanup();
    render(<ReceiptsSection receipts={null} />);
    expect(screen.getByRole('alert').textContent).toContain('receipts and invoices');
  });
});
