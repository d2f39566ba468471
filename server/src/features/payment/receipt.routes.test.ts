import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptListSchema, type Receipt } from '@cuewave/contract/payment';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, paymentFactory, type BillingSpec, type CardSpec } from '../../../test/factories';
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

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { publicUrl: PUBLIC_URL } });
  deps = ctx.deps;
  accounts = accountFactory(ctx.db);
  factory = paymentFactory(ctx.db);
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
async function pay(b: Buyer, currency: 'pln' | 'eur' | 'usd', period: 'month' | 'year' = 'year') {
  const quote = await quotePrice(deps, {
    accountId: b.id,
    plan: 'professional',
    period,
    currency,
    requestCountry: null,
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

async function receiptText(auth: Record<string, string>, paymentId: string, receiptNumber: string): Promise<string> {
  const res = await get(auth, `/api/v1/payment/receipt/${paymentId}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${receiptNumber}.pdf"`);
  expect(res.headers['cache-control']).toBe('private, no-store');
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
  it('a Polish business buyer gets a receipt with 23 % VAT, its Polish name intact, seller and card', async () => {
    const b = await buyer(
      { type: 'business', companyName: 'Zażółć Gęślą Jaźń Sp. z o.o.', firstName: 'Zażółć', lastName: 'Gęślą' },
      { brand: 'mastercard', last4: '4444' },
    );
    const { payment, quote } = await pay(b, 'pln');
    expect(payment.status).toBe('succeeded');
    expect(quote).toMatchObject({ taxPercentage: 23, reverseCharge: false });

    const [receipt, ...rest] = await receipts(b.auth);
    expect(rest).toHaveLength(0);
    expect(receipt).toMatchObject({
      id: payment.id,
      receiptNumber: payment.receiptNumber,
      currency: 'pln',
      price: quote.price,
      tax: quote.tax,
      total: quote.total,
      taxPercentage: 23,
      reverseCharge: false,
      card: { brand: 'mastercard', last4: '4444' },
      description: 'Professional, yearly',
    });
    expect(receipt!.receiptNumber).toMatch(/^CW-2026-\d{6}$/);

    const text = await receiptText(b.auth, payment.id, receipt!.receiptNumber);
    for (const phrase of [
      'Receipt',
      receipt!.receiptNumber,
      'Jun 15, 2026',
      SELLER.name,
      `VAT number: ${SELLER.vatId}`,
      'Warszawa',
      'Zażółć Gęślą Jaźń Sp. z o.o.',
      'Zażółć Gęślą',
      'VAT number: PL5260250995',
      'Professional, yearly',
      'Net PLN 1339.99',
      `VAT 23% PLN ${(quote.tax / 100).toFixed(2)}`,
      `Total paid PLN ${(quote.total / 100).toFixed(2)}`,
      'Mastercard ending in 4444',
      'PLN',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('reverse charge');
  });

  it('an EU business outside Poland with a valid VAT number gets a reverse-charge receipt at 0 %', async () => {
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
    expect(receipt).toMatchObject({ reverseCharge: true, taxPercentage: 0, tax: 0, total: quote.price });

    const text = await receiptText(b.auth, payment.id, receipt!.receiptNumber);
    expect(text).toContain('Klangwerk GmbH');
    expect(text).toContain('Germany');
    expect(text).toContain('VAT 0% (reverse charge) €0.00');
    expect(text).toContain('odwrotne obciążenie');
    expect(text).toContain('Article 196');
    expect(text).toContain("Buyer's VAT number: DE123456789");
    expect(text).toContain(`Total paid €${(quote.price / 100).toFixed(2)}`);
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
