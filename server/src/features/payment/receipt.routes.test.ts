import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptListSchema, type Receipt } from '@cuewave/contract/payment';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../../../test/test-app';
import {
  accountFactory,
  couponFactory,
  paymentFactory,
  type BillingSpec,
  type CardSpec,
} from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';
import { pdfText } from '../licence/pdf-text';
import { quotePrice } from '../pricing/pricing.service';
import { chargeAccount } from './charge.service';
import type { PaymentDeps } from './payment-methods.service';
import { DEFAULT_SELLER as SELLER } from './receipt-seller';

const NOW = new Date('2026-06-15T12:00:00Z');
let now = NOW;
const clock = { now: () => now };
const PUBLIC_URL = 'https://cuewave.example';
let ctx: TestContext;
let deps: PaymentDeps;
let accounts: ReturnType<typeof accountFactory>;
let factory: ReturnType<typeof paymentFactory>;
let coupons: ReturnType<typeof couponFactory>;

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { publicUrl: PUBLIC_URL } });
  deps = ctx.deps;
  accounts = accountFactory(ctx.db);
  factory = paymentFactory(ctx.db);
  coupons = couponFactory(ctx.db);
});
afterAll(() => ctx.close());

type Buyer = { id: string; auth: Record<string, string> };

async function buyer(billing: BillingSpec | null, card: CardSpec = {}): Promise<Buyer> {
  const { id } = await accounts.account({ confirmedEmail: true });
  if (billing) await factory.billing(id, billing);
  await factory.card(id, { isDefault: true, ...card });
  const { auth } = await sessionFor(ctx.db, id, fixedClock(now));
  return { id, auth };
}

/** Pays Professional in `currency` as the account's billing details tax it, through the real charge path. */
async function pay(
  b: Buyer,
  currency: 'pln' | 'eur' | 'usd' | 'gbp',
  period: 'month' | 'year' = 'year',
  coupon?: string,
) {
  const quote = await quotePrice(deps, {
    accountId: b.id,
    plan: 'professional',
    period,
    currency,
    requestCountry: null,
    ...(coupon ? { coupon } : {}),
  });
  const payment = await chargeAccount(deps, {
    accountId: b.id,
    quote,
    description: `Professional, ${period === 'year' ? 'yearly' : 'monthly'}`,
    idempotencyKey: `receipt-test:${randomUUID()}`,
  });
  return { payment, quote };
}

const get = (auth: Record<string, string>, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth });

async function receipts(auth: Record<string, string>): Promise<Receipt[]> {
  const res = await get(auth, '/api/v1/payment/receipt');
  expect(res.statusCode, res.body).toBe(200);
  return receiptListSchema.parse(res.json());
}

async function receiptText(
  auth: Record<string, string>,
  paymentId: string,
  receiptNumber: string,
  kind: 'receipt' | 'invoice' = 'receipt',
): Promise<string> {
  const res = await get(auth, `/api/v1/payment/receipt/${paymentId}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(
    `attachment; filename="${kind}-${receiptNumber.replaceAll('/', '-')}.pdf"`,
  );
  expect(res.headers['cache-control']).toMatch(/no-store/);
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = await pdfText(res.rawPayload);
  expect(pages).toHaveLength(1);
  return pages[0]!;
}

function expectError(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ error });
}

describe('receipts', () => {
  it('a Polish business with a valid NIP gets a VAT invoice: own number series, net, 23 % VAT and gross', async () => {
    const b = await buyer(
      { type: 'business', companyName: 'Zażółć Gęślą Jaźń Sp. z o.o.', firstName: 'Zażółć', lastName: 'Gęślą' },
      { brand: 'mastercard', last4: '4444' },
    );
    const { payment, quote } = await pay(b, 'pln');
    expect(payment.status).toBe('succeeded');
    expect(quote).toMatchObject({ taxPercentage: 23, reverseCharge: false });
    expect(payment.receiptNumber).toBeNull();
    expect(payment.invoiceNumber).toMatch(/^FV\/2026\/06\/\d{6}$/);

    const [receipt, ...rest] = await receipts(b.auth);
    expect(rest).toHaveLength(0);
    expect(receipt).toMatchObject({
      id: payment.id,
      receiptNumber: payment.invoiceNumber,
      documentKind: 'invoice',
      currency: 'pln',
      price: quote.price,
      tax: quote.tax,
      total: quote.total,
      taxPercentage: 23,
      reverseCharge: false,
      card: { brand: 'mastercard', last4: '4444' },
      description: 'Professional, yearly',
    });

    const text = await receiptText(b.auth, payment.id, receipt!.receiptNumber, 'invoice');
    const pln = (minor: number) => `PLN ${(minor / 100).toFixed(2)}`;
    for (const phrase of [
      'VAT invoice',
      `INVOICE NUMBER ${receipt!.receiptNumber}`,
      'DATE OF ISSUE Jun 15, 2026',
      'DATE OF SUPPLY Jun 15, 2026',
      SELLER.name,
      `VAT number: ${SELLER.vatId}`,
      'Warszawa',
      'Zażółć Gęślą Jaźń Sp. z o.o.',
      'Zażółć Gęślą',
      'VAT number: PL5260250995',
      'Professional, yearly · quantity 1 PLN 1339.99',
      'VAT RATE NET VAT GROSS',
      `23% ${pln(quote.price)} ${pln(quote.tax)} ${pln(quote.total)}`,
      `Total ${pln(quote.price)} ${pln(quote.tax)} ${pln(quote.total)}`,
      `Total paid ${pln(quote.total)}`,
      'Mastercard ending in 4444',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('RECEIPT NUMBER');
    expect(text).not.toContain('Reverse charge');
  });

  it('a Polish business whose NIP failed the check gets a receipt, not an invoice', async () => {
    const b = await buyer({ type: 'business', taxNumber: '1234567890', taxNumberValid: false });
    const { payment } = await pay(b, 'pln', 'month');
    expect(payment).toMatchObject({ status: 'succeeded', invoiceNumber: null });
    expect(payment.receiptNumber).toMatch(/^CW-2026-\d{6}$/);
    const [receipt] = await receipts(b.auth);
    expect(receipt).toMatchObject({ documentKind: 'receipt', receiptNumber: payment.receiptNumber });
    const text = await receiptText(b.auth, payment.id, receipt!.receiptNumber);
    expect(text).toContain('RECEIPT NUMBER');
    expect(text).not.toContain('VAT invoice');
  });

  it('an EU business outside Poland with a valid VAT number gets a reverse-charge invoice at 0 % (np.)', async () => {
    const b = await buyer({
      type: 'business',
      companyName: 'Klangwerk GmbH',
      country: 'DE',
      postalCode: '10115',
      taxNumber: 'DE123456789',
      taxNumberValid: true,
    });
    const { payment, quote } = await pay(b, 'eur');
    expect(quote).toMatchObject({ taxPercentage: 0, reverseCharge: true, tax: 0 });
    const [receipt] = await receipts(b.auth);
    expect(receipt).toMatchObject({
      documentKind: 'invoice',
      reverseCharge: true,
      taxPercentage: 0,
      tax: 0,
      total: quote.price,
    });

    const text = await receiptText(b.auth, payment.id, receipt!.receiptNumber, 'invoice');
    const eur = `€${(quote.price / 100).toFixed(2)}`;
    expect(text).toContain('VAT invoice');
    expect(text).toContain('Klangwerk GmbH');
    expect(text).toContain('Germany');
    expect(text).toContain(`np. ${eur} €0.00 ${eur}`);
    expect(text).toContain(
      'Reverse charge — VAT to be accounted for by the recipient (Art. 196 Directive 2006/112/EC). Odwrotne obciążenie.',
    );
    expect(text).toContain("Buyer's VAT number: DE123456789");
    expect(text).toContain(`Total paid ${eur}`);
  });

  it('invoices and receipts are numbered in separate gap-free series; invoices restart each month', async () => {
    now = new Date('2026-09-01T08:00:00Z');
    const company = await buyer({ type: 'business' });
    const person = await buyer({ type: 'personal' });
    const paid = [];
    for (const b of [company, person, company, person, company]) paid.push((await pay(b, 'pln', 'month')).payment);
    now = new Date('2026-10-01T00:00:00Z');
    const october = (await pay(company, 'pln', 'month')).payment;
    now = NOW;

    expect(paid.filter((p) => p.invoiceNumber).map((p) => p.invoiceNumber)).toEqual([
      'FV/2026/09/000001',
      'FV/2026/09/000002',
      'FV/2026/09/000003',
    ]);
    expect(october.invoiceNumber).toBe('FV/2026/10/000001');
    // The receipts between them took consecutive receipt numbers: no invoice used one.
    const receiptSeq = paid.filter((p) => p.receiptNumber).map((p) => Number(p.receiptNumber!.slice(8)));
    expect(receiptSeq).toHaveLength(2);
    expect(receiptSeq[1]).toBe(receiptSeq[0]! + 1);
    expect(paid.every((p) => (p.receiptNumber === null) !== (p.invoiceNumber === null))).toBe(true);
    const kinds = (await receipts(company.auth)).map((r) => [r.documentKind, r.receiptNumber]);
    expect(kinds).toEqual([
      ['invoice', 'FV/2026/10/000001'],
      ['invoice', 'FV/2026/09/000003'],
      ['invoice', 'FV/2026/09/000002'],
      ['invoice', 'FV/2026/09/000001'],
    ]);
  });

  it('every receipt and invoice itemises the coupon: list price, code and percent, amount, net after discount', async () => {
    const code = await coupons.coupon({ code: `RCPT${randomUUID().slice(0, 6)}`, percent: 20 });
    const person = await buyer({ type: 'personal' });
    const company = await buyer({ type: 'business' });
    for (const [b, kind] of [
      [person, 'receipt'],
      [company, 'invoice'],
    ] as const) {
      const { payment, quote } = await pay(b, 'pln', 'year', code.toLowerCase());
      expect(quote).toMatchObject({ fullPrice: 133999, couponDiscount: 26800, price: 107199 });
      const [receipt] = await receipts(b.auth);
      expect(receipt!.documentKind).toBe(kind);
      const text = await receiptText(b.auth, payment.id, receipt!.receiptNumber, kind);
      expect(text).toContain('PLN 1339.99');
      expect(text).toContain(`Discount: coupon ${code}, 20% off −PLN 268.00`);
      expect(text).toContain('Net after discount PLN 1071.99');
      expect(text).toContain(`PLN ${(quote.tax / 100).toFixed(2)}`);
      expect(text).toContain(`Total paid PLN ${(quote.total / 100).toFixed(2)}`);
    }
  });

  it('a UK consumer pays 20 % UK VAT on the receipt; a UK business with a VAT number gets a reverse-charge invoice', async () => {
    const consumer = await buyer({ type: 'personal', country: 'GB', postalCode: 'SW1A 1AA' });
    const sale = await pay(consumer, 'gbp', 'month');
    expect(sale.quote).toMatchObject({ taxPercentage: 20, tax: 580, total: 3479 }); // 28.99 × 20 % = 5.798
    const [receipt] = await receipts(consumer.auth);
    expect(receipt).toMatchObject({ documentKind: 'receipt', taxPercentage: 20, tax: 580, reverseCharge: false });
    const text = await receiptText(consumer.auth, sale.payment.id, receipt!.receiptNumber);
    expect(text).toContain('VAT 20% ₤5.80');
    expect(text).toContain('Total paid ₤34.79');
    expect(text).toContain('UK VAT charged');
    expect(text).not.toContain('No EU VAT charged');

    const company = await buyer({
      type: 'business',
      companyName: 'Foley & Sons Ltd',
      country: 'GB',
      postalCode: 'SW1A 1AA',
      taxNumber: 'GB980780684',
      taxNumberValid: false, // billing checks EU numbers only; pricing checks the UK one
    });
    const b2b = await pay(company, 'gbp', 'month');
    expect(b2b.quote).toMatchObject({ taxPercentage: 0, tax: 0, reverseCharge: true });
    expect(b2b.payment.invoiceNumber).toMatch(/^FV\/2026\/06\/\d{6}$/);
    const [invoice] = await receipts(company.auth);
    expect(invoice).toMatchObject({ documentKind: 'invoice', reverseCharge: true });
    const invoiceText = await receiptText(company.auth, b2b.payment.id, invoice!.receiptNumber, 'invoice');
    expect(invoiceText).toContain('Foley & Sons Ltd');
    expect(invoiceText).toContain('VAT number: GB980780684');
    expect(invoiceText).toContain('np. ₤28.99 ₤0.00 ₤28.99');
    expect(invoiceText).toContain(
      'Reverse charge — VAT to be accounted for by the recipient (place of supply: United Kingdom, outside the EU',
    );
    expect(invoiceText).not.toContain('Art. 196');
  });

  it('a German consumer pays German VAT and gets no reverse-charge note', async () => {
    const b = await buyer({ type: 'personal', country: 'DE', postalCode: '10115' });
    const { payment, quote } = await pay(b, 'eur', 'month');
    expect(quote.taxPercentage).toBe(19);
    const [receipt] = await receipts(b.auth);
    expect(receipt!.reverseCharge).toBe(false);
    const text = await receiptText(b.auth, payment.id, receipt!.receiptNumber);
    expect(text).toContain(`VAT 19% €${(quote.tax / 100).toFixed(2)}`);
    expect(text).not.toContain('reverse charge');
  });

  it('a US buyer paying in dollars sees the state sales tax', async () => {
    const { id } = await accounts.account({ confirmedEmail: true });
    const { auth } = await sessionFor(ctx.db, id, fixedClock(now));
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/billing',
      headers: auth,
      payload: {
        type: 'personal',
        firstName: 'Avery',
        lastName: 'Stone',
        line1: '100 Congress Ave',
        city: 'Austin',
        postalCode: '78701',
        country: 'US',
        state: 'TX',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await factory.card(id, { isDefault: true, brand: 'amex', last4: '0005' });
    const b = { id, auth };
    const { payment, quote } = await pay(b, 'usd');
    expect(quote).toMatchObject({ currency: 'usd', taxPercentage: 5 });
    const [receipt] = await receipts(auth);
    const text = await receiptText(auth, payment.id, receipt!.receiptNumber);
    for (const phrase of [
      'Avery Stone',
      '100 Congress Ave',
      'Austin, TX 78701',
      'United States',
      'Net $329.99',
      `Sales tax (Texas) 5% $${(quote.tax / 100).toFixed(2)}`,
      `Total paid $${(quote.total / 100).toFixed(2)}`,
      'American Express ending in 0005',
      'USD',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('lists only succeeded payments, newest first; the receipt does not change when billing details do', async () => {
    const b = await buyer({ type: 'personal', firstName: 'Zofia', lastName: 'Nowak' });
    now = new Date('2026-06-16T09:00:00Z');
    const first = await pay(b, 'pln', 'month');
    now = new Date('2026-06-17T09:00:00Z');
    const second = await pay(b, 'pln', 'year');
    // A declined card: a failed payment has no receipt.
    const declined = await factory.card(b.id, { outcome: 'card_declined' });
    const failed = await chargeAccount(deps, {
      accountId: b.id,
      quote: second.quote,
      description: 'Professional, yearly',
      paymentMethodId: declined,
      idempotencyKey: `receipt-test:${randomUUID()}`,
    });
    expect(failed.status).toBe('failed');
    now = NOW;

    const list = await receipts(b.auth);
    expect(list.map((r) => r.id)).toEqual([second.payment.id, first.payment.id]);
    expect(list[0]!.paidTS).toBe('2026-06-17T09:00:00.000Z');
    expectError(await get(b.auth, `/api/v1/payment/receipt/${failed.id}`), 404, 'NOT_FOUND');

    await ctx.db
      .updateTable('billing_details')
      .set({ first_name: 'Renamed', last_name: 'Later' })
      .where('account_id', '=', b.id)
      .execute();
    const text = await receiptText(b.auth, first.payment.id, first.payment.receiptNumber!);
    expect(text).toContain('Zofia Nowak');
    expect(text).not.toContain('Renamed');
    expect(text).toContain('Jun 16, 2026');
  });

  it("another account's receipt is 404, a non-uuid 400, no bearer 401; an account without payments has none", async () => {
    const owner = await buyer({});
    const { payment } = await pay(owner, 'pln');
    const stranger = await buyer({});
    expect(await receipts(stranger.auth)).toEqual([]);
    expectError(await get(stranger.auth, `/api/v1/payment/receipt/${payment.id}`), 404, 'NOT_FOUND');
    expectError(await get(stranger.auth, `/api/v1/payment/receipt/${randomUUID()}`), 404, 'NOT_FOUND');
    expectError(await get(stranger.auth, '/api/v1/payment/receipt/not-a-uuid'), 400, 'VALIDATION_FAILED');
    expect((await get({}, `/api/v1/payment/receipt/${payment.id}`)).statusCode).toBe(401);
    expect((await get({}, '/api/v1/payment/receipt')).statusCode).toBe(401);
  });

  it('the payment config says sandbox, without a publishable key', async () => {
    const res = await get({}, '/api/v1/payment/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', publishableKey: null });
  });
});
