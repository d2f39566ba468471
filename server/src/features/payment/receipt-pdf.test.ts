import { describe, expect, it } from 'vitest';
import { pdfText } from '../licence/pdf-text';
import { renderReceiptPdf, type ReceiptPdfInput } from './receipt-pdf';
import { cardLabel, EU_REVERSE_CHARGE_NOTE, receiptLines, receiptTax, type ReceiptBuyer } from './receipt.service';
import type { ReceiptRow } from './receipt.repo';

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
  country: 'JP',
  taxNumber: null,
  taxNumberValid: false,
};
const deBusiness: ReceiptBuyer = {
  ...buyer,
  type: 'business',
  companyName: 'Klangwerk GmbH',
  country: 'DE',
  taxNumber: 'DE123456789',
  taxNumberValid: true,
};

const input = (over: Partial<ReceiptPdfInput> = {}): ReceiptPdfInput => ({
  language: 'en',
  kind: 'receipt',
  number: 'CW-2026-000042',
  paidAt: new Date('2026-02-03T10:00:00Z'),
  seller: { name: 'Cuewave sp. z o.o.', lines: ['ul. Prosta 20'] },
  buyer: { name: 'Ada Lovelace', lines: ['1 Baker Street'] },
  items: [{ description: 'Advanced, monthly', net: 1699 }],
  deductions: [],
  currency: 'gbp',
  net: 1699,
  tax: 0,
  total: 1699,
  taxLine: receiptTax(0, buyer),
  paymentMethod: null,
  now: new Date('2026-02-03T10:00:00Z'),
  ...over,
});

const row = (over: Partial<ReceiptRow> = {}): ReceiptRow => ({
  id: 'p',
  description: 'Professional, yearly',
  currency: 'pln',
  price: 107199,
  tax: 24656,
  total: 131855,
  tax_percentage: '23',
  buyer: {},
  created_at: new Date(),
  updated_at: new Date(),
  document_kind: 'receipt',
  list_price: 133999,
  coupon_code: 'SPRING20',
  coupon_percent: 20,
  coupon_discount: 26800,
  upgrade_credit: 0,
  document_number: 'CW-2026-000001',
  card_brand: null,
  card_last4: null,
  ...over,
});

describe('receipt PDF', () => {
  it('prints pounds with the spec symbol and says why a sale outside the EU carries no EU VAT', async () => {
    const [text] = await pdfText(await renderReceiptPdf(input()));
    expect(text).toContain('RECEIPT NUMBER CW-2026-000042');
    expect(text).toContain('Net ₤16.99');
    expect(text).toContain('Tax 0% ₤0.00');
    expect(text).toContain('No EU VAT charged');
    expect(text).toContain('Japan');
    expect(text).toContain('Card');
    expect(text).not.toContain('VAT invoice');
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

  it('itemises a coupon and an upgrade credit: list price, code and percent, amounts, net after discount', async () => {
    const lines = receiptLines(row({ upgrade_credit: 1000, price: 106199, tax: 24426, total: 130625 }));
    const [text] = await pdfText(
      await renderReceiptPdf(
        input({
          ...lines,
          currency: 'pln',
          net: 106199,
          tax: 24426,
          total: 130625,
          taxLine: receiptTax(23, { ...buyer, country: 'PL' }),
        }),
      ),
    );
    expect(text).toContain('Professional, yearly PLN 1339.99');
    expect(text).toContain('Discount: coupon SPRING20, 20% off −PLN 268.00');
    expect(text).toContain('Credit for the unused time of your previous plan −PLN 10.00');
    expect(text).toContain('Net after discount PLN 1061.99');
    expect(text).toContain('VAT 23% PLN 244.26');
    expect(text).toContain('Total paid PLN 1306.25');
  });

  it('a VAT invoice has its title, dates, net / VAT / gross per rate and the reverse-charge note', async () => {
    const taxLine = receiptTax(0, deBusiness);
    const [text] = await pdfText(
      await renderReceiptPdf(
        input({
          kind: 'invoice',
          number: 'FV/2026/02/000007',
          currency: 'eur',
          items: [{ description: 'Professional, yearly', net: 31999 }],
          net: 31999,
          tax: 0,
          total: 31999,
          taxLine,
          buyer: { name: 'Klangwerk GmbH', lines: ['VAT number: DE123456789'] },
        }),
      ),
    );
    for (const phrase of [
      'VAT invoice',
      'FV/2026/02/000007 · issued Feb 3, 2026',
      'SELLER',
      'BUYER Klangwerk GmbH',
      'INVOICE NUMBER FV/2026/02/000007',
      'DATE OF ISSUE Feb 3, 2026',
      'DATE OF SUPPLY Feb 3, 2026',
      'Professional, yearly · quantity 1 €319.99',
      'VAT RATE NET VAT GROSS',
      'np. €319.99 €0.00 €319.99',
      'Total €319.99 €0.00 €319.99',
      'Total paid €319.99',
      EU_REVERSE_CHARGE_NOTE,
      "Buyer's VAT number: DE123456789",
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('Receipt');
  });

  it('an invoice with VAT shows the rate in the summary and no reverse-charge note', async () => {
    const [text] = await pdfText(
      await renderReceiptPdf(
        input({
          kind: 'invoice',
          number: 'FV/2026/02/000008',
          currency: 'pln',
          items: [{ description: 'Start, monthly', net: 3999 }],
          net: 3999,
          tax: 920,
          total: 4919,
          taxLine: receiptTax(23, { ...deBusiness, country: 'PL', taxNumber: 'PL5260250995' }),
        }),
      ),
    );
    expect(text).toContain('23% PLN 39.99 PLN 9.20 PLN 49.19');
    expect(text).not.toContain('Reverse charge');
  });
});

describe('receipt PDF for a Polish account', () => {
  it('a VAT invoice in Polish: Polish terms, pl-PL dates and amounts, Polish letters extractable', async () => {
    const lines = receiptLines(row({ description: 'Professional, yearly: renewal' }), 'pl');
    const taxLine = receiptTax(0, deBusiness, 'pl');
    const [text] = await pdfText(
      await renderReceiptPdf(
        input({
          ...lines,
          language: 'pl',
          kind: 'invoice',
          number: 'FV/2026/02/000009',
          currency: 'pln',
          net: 107199,
          tax: 0,
          total: 107199,
          taxLine,
          paymentMethod: cardLabel({ brand: 'visa', last4: '4242' }, 'pl'),
          buyer: { name: 'Zażółć Gęślą Jaźń sp. z o.o.', lines: ['ul. Świętokrzyska 5', 'Łódź'] },
        }),
      ),
    );
    for (const phrase of [
      'Faktura VAT',
      'FV/2026/02/000009 · wystawiono 3 lutego 2026',
      'SPRZEDAWCA',
      'NABYWCA Zażółć Gęślą Jaźń sp. z o.o.',
      'ul. Świętokrzyska 5 Łódź',
      'NUMER FAKTURY FV/2026/02/000009',
      'DATA WYSTAWIENIA 3 lutego 2026',
      'DATA SPRZEDAŻY 3 lutego 2026',
      'Visa z końcówką 4242',
      'Professional, płatność roczna: odnowienie · ilość 1 1339,99 zł',
      'Rabat: kupon SPRING20, 20% zniżki −268,00 zł',
      'Netto po rabacie 1071,99 zł',
      'PODSUMOWANIE VAT',
      'STAWKA VAT NETTO VAT BRUTTO',
      'Razem 1071,99 zł 0,00 zł 1071,99 zł',
      'Zapłacono łącznie 1071,99 zł',
      'Odwrotne obciążenie — VAT rozlicza nabywca',
      'Numer VAT nabywcy: DE123456789',
      'Zapłacono w całości. Dziękujemy za licencjonowanie muzyki w Cuewave.',
    ]) {
      expect(text?.replace(/\u00a0/g, ' ')).toContain(phrase);
    }
    expect(text).not.toMatch(/Buyer|Seller|Total paid|VAT invoice/);
  });

  it('says the stored plan descriptions in Polish and leaves unknown ones as stored', () => {
    const description = (stored: string) => receiptLines(row({ description: stored }), 'pl').items[0]!.description;
    expect(description('Start, monthly')).toBe('Start, płatność miesięczna');
    expect(description('Upgrade to Professional, yearly')).toBe('Zmiana planu na Professional, płatność roczna');
    expect(description('Something custom')).toBe('Something custom');
    expect(receiptTax(19, deBusiness, 'pl').label).toBe('VAT 19%');
    expect(receiptTax(0, { ...buyer, country: 'JP' }, 'pl').note).toContain('(Japonia)');
  });
});

describe('receiptLines', () => {
  it('shows the net alone for rows from before the breakdown, and no deduction without a discount', () => {
    expect(receiptLines(row({ list_price: null }))).toEqual({
      items: [{ description: 'Professional, yearly', net: 107199 }],
      deductions: [],
    });
    expect(
      receiptLines(
        row({ list_price: 133999, price: 133999, coupon_code: null, coupon_percent: null, coupon_discount: 0 }),
      ),
    ).toEqual({ items: [{ description: 'Professional, yearly', net: 133999 }], deductions: [] });
    // A fixed-amount coupon has no percent.
    expect(receiptLines(row({ coupon_percent: null })).deductions).toEqual([
      { label: 'Discount: coupon SPRING20', amount: 26800 },
    ]);
  });
});

describe('receiptTax', () => {
  it('claims reverse charge only when the buyer qualifies and 0 % was charged', () => {
    expect(receiptTax(0, deBusiness)).toMatchObject({
      reverseCharge: true,
      label: 'VAT 0% (reverse charge)',
      rate: 'np.',
    });
    expect(receiptTax(0, deBusiness).note).toContain(EU_REVERSE_CHARGE_NOTE);
    // Charged VAT (e.g. the number was found invalid at the time): no reverse-charge claim.
    expect(receiptTax(19, deBusiness)).toMatchObject({
      reverseCharge: false,
      label: 'VAT 19%',
      rate: '19%',
      note: null,
    });
    // A Polish business is never reverse-charged by a Polish seller.
    expect(receiptTax(0, { ...deBusiness, country: 'PL' }).reverseCharge).toBe(false);
    expect(receiptTax(6.875, { ...buyer, country: 'US', state: 'mn' }).label).toBe('Sales tax (Minnesota) 6.875%');
    expect(receiptTax(0, { ...buyer, country: 'US', state: null }).label).toBe('Sales tax 0%');
  });

  it('names UK VAT for a UK consumer and reverse-charges a UK business with a valid number (decision 052)', () => {
    expect(receiptTax(20, { ...buyer, country: 'GB' })).toMatchObject({
      label: 'VAT 20%',
      rate: '20%',
      reverseCharge: false,
    });
    const gb = { ...deBusiness, country: 'GB', taxNumber: 'GB980780684', taxNumberValid: false };
    const rc = receiptTax(0, gb);
    expect(rc).toMatchObject({ reverseCharge: true, rate: 'np.' });
    expect(rc.note).toContain('place of supply: United Kingdom, outside the EU');
    expect(rc.note).not.toContain('Art. 196');
    // A bad UK number: not reverse-charged, whatever was charged.
    expect(receiptTax(0, { ...gb, taxNumber: 'GB980780685' }).reverseCharge).toBe(false);
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
