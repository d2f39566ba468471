import { describe, expect, it } from 'vitest';
import { pdfText } from '../licence/pdf-text';
import { renderReceiptPdf, type ReceiptPdfInput } from './receipt-pdf';
import { cardLabel, receiptTax, type ReceiptBuyer } from './receipt.service';

const buyer: ReceiptBuyer = {
  email: 'b@example.com',
  type: 'personal',
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: null,
  line1: '1 Baker Street',
  line2: null,
  city: 'London',
  postalCode: 'NW1 6XE',
  state: null,
  country: 'GB',
  taxNumber: null,
  taxNumberValid: false,
};

const input = (over: Partial<ReceiptPdfInput> = {}): ReceiptPdfInput => ({
  receiptNumber: 'CW-2026-000042',
  paidAt: new Date('2026-02-03T10:00:00Z'),
  seller: { name: 'Cuewave sp. z o.o.', lines: ['ul. Prosta 20'] },
  buyer: { name: 'Ada Lovelace', lines: ['1 Baker Street'] },
  items: [{ description: 'Advanced, monthly', net: 1699 }],
  currency: 'gbp',
  net: 1699,
  tax: 0,
  total: 1699,
  taxLine: receiptTax(0, buyer),
  paymentMethod: null,
  now: new Date('2026-02-03T10:00:00Z'),
  ...over,
});

describe('receipt PDF', () => {
  it('prints pounds with the spec symbol and says why a UK sale carries no EU VAT', async () => {
    const [text] = await pdfText(await renderReceiptPdf(input()));
    expect(text).toContain('Net ₤16.99');
    expect(text).toContain('Tax 0% ₤0.00');
    expect(text).toContain('No EU VAT charged');
    expect(text).toContain('United Kingdom');
    expect(text).toContain('Card');
  });

  it('a free payment (100 % coupon) says no charge', async () => {
    const [text] = await pdfText(
      await renderReceiptPdf(
        input({ currency: 'czk', items: [{ description: 'Start, yearly', net: 0 }], net: 0, total: 0 }),
      ),
    );
    expect(text).toContain('No charge');
    expect(text).toContain('Total paid CZK 0.00');
  });
});

describe('receiptTax', () => {
  it('claims reverse charge only when the buyer qualifies and 0 % was charged', () => {
    const de = { ...buyer, type: 'business' as const, country: 'DE', taxNumber: 'DE123456789', taxNumberValid: true };
    expect(receiptTax(0, de)).toMatchObject({ reverseCharge: true, label: 'VAT 0% (reverse charge)' });
    // Charged VAT (e.g. the number was found invalid at the time): no reverse-charge claim.
    expect(receiptTax(19, de)).toMatchObject({ reverseCharge: false, label: 'VAT 19%', note: null });
    // A Polish business is never reverse-charged by a Polish seller.
    expect(receiptTax(0, { ...de, country: 'PL' }).reverseCharge).toBe(false);
    expect(receiptTax(6.875, { ...buyer, country: 'US', state: 'mn' }).label).toBe('Sales tax (Minnesota) 6.875%');
    expect(receiptTax(0, { ...buyer, country: 'US', state: null }).label).toBe('Sales tax 0%');
  });
});

describe('cardLabel', () => {
  it('names the sandbox brands and the other brands Stripe reports', () => {
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
    expect(cardLabel({ brand: 'jcb', last4: '0000' })).toBe('JCB ending in 0000');
    expect(cardLabel({ brand: 'unknown', last4: '1234' })).toBe('Card ending in 1234');
    expect(cardLabel(null)).toBeNull();
  });
});
