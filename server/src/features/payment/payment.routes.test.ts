import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_TOKEN_TTL_MINUTES,
  SANDBOX_TEST_CARDS,
  sandboxTokenSchema,
  storedPaymentMethodListSchema,
  storedPaymentMethodSchema,
  type SandboxCardInput,
  type StoredPaymentMethod,
} from '@cuewave/contract/payment';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, paymentFactory } from '../../../test/factories';
import { fromIp, sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';

const NOW = new Date('2026-06-15T12:00:00Z');
const clock = fixedClock(NOW);
let ctx: TestContext;
let accounts: ReturnType<typeof accountFactory>;
let payments: ReturnType<typeof paymentFactory>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  accounts = accountFactory(ctx.db);
  payments = paymentFactory(ctx.db);
});
afterAll(() => ctx.close());

/** Every full test-card number, to prove none of them leaks anywhere. */
const ALL_NUMBERS = [...SANDBOX_TEST_CARDS.map((c) => c.number), '4111111111111111'];
function expectNoCardNumber(text: string) {
  for (const number of ALL_NUMBERS) expect(text).not.toContain(number);
  // No run of card-number length either. Hex ids (uuids, the sandbox's card references) can hold 12
  // digits in a row by chance, so they are left out of that check.
  const withoutIds = text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
    .replace(/pm_sandbox_[a-z_]+_[0-9a-f]{24}/g, 'REF');
  expect(withoutIds).not.toMatch(/\d{12,19}/);
}

async function user(opts: { subscription?: boolean } = {}) {
  const { id } = await accounts.account({ confirmedEmail: true, phone: '+48601234567', confirmedPhone: true });
  if (opts.subscription) await accounts.subscription(id, { plan: 'professional', status: 'active', startedAt: NOW });
  const { auth } = await sessionFor(ctx.db, id, clock);
  return { id, auth };
}

const card = (number: string, extra: Partial<SandboxCardInput> = {}): SandboxCardInput => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: number.startsWith('37') ? '1234' : '123',
  name: 'Zofia Nowak',
  ...extra,
});

function tokenRequest(body: unknown, ip?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/sandbox/tokens',
    headers: fromIp(ip),
    payload: body as object,
  });
}

async function token(number: string, extra: Partial<SandboxCardInput> = {}): Promise<string> {
  const res = await tokenRequest(card(number, extra));
  expect(res.statusCode, res.body).toBe(201);
  expectNoCardNumber(res.body);
  return sandboxTokenSchema.parse(res.json()).token;
}

function saveRequest(auth: Record<string, string>, tok: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/stripe/method/${encodeURIComponent(tok)}`,
    headers: auth,
  });
}

async function save(auth: Record<string, string>, number: string): Promise<StoredPaymentMethod> {
  const res = await saveRequest(auth, await token(number));
  expect([200, 201], res.body).toContain(res.statusCode);
  expectNoCardNumber(res.body);
  return storedPaymentMethodSchema.parse(res.json());
}

async function list(auth: Record<string, string>): Promise<StoredPaymentMethod[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/stripe/method', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  expectNoCardNumber(res.body);
  return storedPaymentMethodListSchema.parse(res.json());
}

function expectError(res: LightMyRequestResponse, status: number, error: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toBe(error);
  return res.json<{ error: string; message: string }>().message;
}

describe('POST /api/v1/payment/sandbox/tokens', () => {
  it('answers a token with brand, last four and expiry for each accepted brand, without a bearer', async () => {
    for (const [number, brand, last4] of [
      ['4242 4242 4242 4242', 'visa', '4242'],
      ['5555-5555-5555-4444', 'mastercard', '4444'],
      ['378282246310005', 'amex', '0005'],
      ['6011111111111117', 'discover', '1117'],
    ] as const) {
      const res = await tokenRequest(card(number, { expYear: '31' as unknown as number }));
      expect(res.statusCode, res.body).toBe(201);
      const body = sandboxTokenSchema.parse(res.json());
      expect(body).toMatchObject({ brand, last4, expMonth: 12, expYear: 2031 });
      expect(body.token).toMatch(/^tok_/);
      expect(new Date(body.expiresAt).getTime() - clock.now().getTime()).toBe(CARD_TOKEN_TTL_MINUTES * 60_000);
      expectNoCardNumber(res.body);
    }
  });

  it.each([
    ['a number failing Luhn', { number: '4242424242424241' }, 'number'],
    ['too few digits', { number: '42424242424' }, 'number'],
    ['too many digits', { number: '42424242424242424242' }, 'number'],
    ['an unknown brand', { number: '3530111333300000' }, 'number'],
    ['month 0', { expMonth: 0 }, 'expMonth'],
    ['month 13', { expMonth: 13 }, 'expMonth'],
    ['an expiry last month', { expMonth: 5, expYear: 2026 }, 'expYear'],
    ['an expiry last year', { expYear: 2025 }, 'expYear'],
    ['a 2-digit CVC', { cvc: '12' }, 'cvc'],
    ['a 3-digit Amex CVC', { number: '378282246310005', cvc: '123' }, 'cvc'],
    ['a 4-digit Visa CVC', { cvc: '1234' }, 'cvc'],
    ['no name', { name: ' ' }, 'name'],
    ['a month in words', { expMonth: 'July' }, 'expMonth'],
    ['no number at all', { number: undefined }, 'number'],
  ])('refuses %s: 400 VALIDATION_FAILED naming %s', async (_what, change, field) => {
    const body = { ...card('4242424242424242'), ...change };
    const res = await tokenRequest(body);
    const message = expectError(res, 400, 'VALIDATION_FAILED');
    expect(message).toContain(`${field}`);
    expectNoCardNumber(res.body);
    expect(res.body).not.toContain('42424242424');
  });

  it('accepts an expiry in the current month (a card is valid through its last day)', async () => {
    expect((await tokenRequest(card('4242424242424242', { expMonth: 6, expYear: 2026 }))).statusCode).toBe(201);
  });

  it('limits tokens per address (429 with Retry-After)', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 30; i += 1) expect((await tokenRequest(card('4242424242424242'), ip)).statusCode).toBe(201);
    const res = await tokenRequest(card('4242424242424242'), ip);
    expectError(res, 429, 'TOO_MANY_REQUESTS');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await tokenRequest(card('4242424242424242'))).statusCode).toBe(201);
  });
});

describe('saved cards: /api/v1/payment/stripe/method', () => {
  it('need a bearer token', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/stripe/method' }), 401, 'verify jwt token');
    expectError(await saveRequest({}, await token('4242424242424242')), 401, 'verify jwt token');
  });

  it('saves a card from a token; the first becomes the default and the list shows only safe fields', async () => {
    const { id, auth } = await user();
    expect(await list(auth)).toEqual([]);
    const first = await save(auth, '4242424242424242');
    expect(first).toEqual({
      id: first.id,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
      requiredForRenewal: false,
    });
    clock.advance(1000);
    const second = await save(auth, '5555555555554444');
    expect(second.isDefault).toBe(false);
    const cards = await list(auth);
    expect(cards.map((c) => c.id)).toEqual([first.id, second.id]);
    for (const c of cards)
      expect(Object.keys(c).sort()).toEqual([
        'brand',
        'expMonth',
        'expYear',
        'id',
        'isDefault',
        'last4',
        'requiredForRenewal',
      ]);

    // The database keeps brand, last four, expiry, a fingerprint and the provider's reference: no number.
    const rows = await ctx.db.selectFrom('payment_methods').selectAll().where('account_id', '=', id).execute();
    expect(rows).toHaveLength(2);
    expectNoCardNumber(JSON.stringify(rows));
    for (const row of rows) expect(row.fingerprint).not.toContain(row.last4 === '4242' ? '4242424242' : '5555555555');
  });

  it('answers the existing card (200) when the same card is saved again', async () => {
    const { auth } = await user();
    const first = await save(auth, '4242424242424242');
    const res = await saveRequest(auth, await token('4242 4242 4242 4242', { expYear: 2031 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StoredPaymentMethod>().id).toBe(first.id);
    expect(await list(auth)).toHaveLength(1);
  });

  it('lets two accounts save the same card, each its own', async () => {
    const a = await user();
    const b = await user();
    const cardA = await save(a.auth, '4242424242424242');
    const cardB = await save(b.auth, '4242424242424242');
    expect(cardA.id).not.toBe(cardB.id);
    expect(cardB.isDefault).toBe(true);
  });

  it('uses a token once, and not after 15 minutes', async () => {
    const { id, auth } = await user();
    const tok = await token('4242424242424242');
    expect((await saveRequest(auth, tok)).statusCode).toBe(201);
    expect(expectError(await saveRequest(auth, tok), 400, 'BAD_REQUEST')).toMatch(/already used/);

    const late = await token('5555555555554444');
    clock.advance(CARD_TOKEN_TTL_MINUTES * 60_000);
    // The access token has expired too (15 minutes): sign in again.
    const { auth: fresh } = await sessionFor(ctx.db, id, clock);
    expect(expectError(await saveRequest(fresh, late), 400, 'BAD_REQUEST')).toMatch(/expired/);
    expectError(await saveRequest(fresh, 'tok_forged'), 400, 'BAD_REQUEST');
    expect(await list(fresh)).toHaveLength(1);
  });

  it('two saves of the first card at once give one default', async () => {
    const { auth } = await user();
    const [a, b] = await Promise.all([token('4242424242424242'), token('5555555555554444')]);
    const results = await Promise.all([saveRequest(auth, a), saveRequest(auth, b)]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const cards = await list(auth);
    expect(cards).toHaveLength(2);
    expect(cards.filter((c) => c.isDefault)).toHaveLength(1);

    const [c, d] = await Promise.all([token('6011111111111117'), token('6011 1111 1111 1117')]);
    const same = await Promise.all([saveRequest(auth, c), saveRequest(auth, d)]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await list(auth)).toHaveLength(3);
  });

  it('switches the default', async () => {
    const { auth } = await user();
    const first = await save(auth, '4242424242424242');
    const second = await save(auth, '5555555555554444');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/stripe/method/${second.id}/default`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cards = storedPaymentMethodListSchema.parse(res.json());
    expect(cards.map((c) => [c.id, c.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // Again: nothing changes.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/stripe/method/${second.id}/default`,
      headers: auth,
    });
    expect(again.json()).toEqual(res.json());
  });

  it('deleting the default makes the newest other card the default', async () => {
    const { id, auth } = await user();
    const oldest = await payments.card(id, { last4: '1111', isDefault: true, createdAt: new Date('2026-01-01') });
    const newest = await payments.card(id, { last4: '3333', createdAt: new Date('2026-03-01') });
    await payments.card(id, { last4: '2222', createdAt: new Date('2026-02-01') });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/payment/stripe/method/${oldest}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cards = storedPaymentMethodListSchema.parse(res.json());
    expect(cards.map((c) => [c.last4, c.isDefault])).toEqual([
      ['3333', true],
      ['2222', false],
    ]);
    expect(cards[0]!.id).toBe(newest);
  });

  it('deleting a card that is not the default leaves the default alone', async () => {
    const { auth } = await user();
    const first = await save(auth, '4242424242424242');
    const second = await save(auth, '5555555555554444');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/payment/stripe/method/${second.id}`,
      headers: auth,
    });
    expect(storedPaymentMethodListSchema.parse(res.json())).toEqual([first]);
  });

  it('keeps the only card while a paid subscription is active, and lets it go without one', async () => {
    const subscriber = await user({ subscription: true });
    const only = await save(subscriber.auth, '4242424242424242');
    const del = () =>
      ctx.app.inject({ method: 'DELETE', url: `/api/v1/payment/stripe/method/${only.id}`, headers: subscriber.auth });
    const list = () =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/payment/stripe/method', headers: subscriber.auth });
    // The list says so before anyone clicks, and the refusal says why in its own code.
    expect(storedPaymentMethodListSchema.parse((await list()).json())).toMatchObject([
      { id: only.id, isDefault: true, requiredForRenewal: true },
    ]);
    const refused = await del();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'PAYMENT_METHOD_REQUIRED',
      message:
        'This is the card your subscription renews with. Add another card before you remove it, or cancel the subscription.',
    });
    await save(subscriber.auth, '5555555555554444');
    expect(storedPaymentMethodListSchema.parse((await list()).json()).map((c) => c.requiredForRenewal)).toEqual([
      false,
      false,
    ]);
    expect(storedPaymentMethodListSchema.parse((await del()).json())).toMatchObject([
      { last4: '4444', isDefault: true },
    ]);

    const free = await user();
    const card = await save(free.auth, '4242424242424242');
    const freeList = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/stripe/method', headers: free.auth });
    expect(freeList.json()).toMatchObject([{ id: card.id, requiredForRenewal: false }]);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/payment/stripe/method/${card.id}`,
      headers: free.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("never shows, changes or deletes another account's card (IDOR)", async () => {
    const owner = await user();
    const intruder = await user();
    const ownersCard = await save(owner.auth, '4242424242424242');
    const mine = await save(intruder.auth, '5555555555554444');
    expect((await list(intruder.auth)).map((c) => c.id)).toEqual([mine.id]);
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/payment/stripe/method/${ownersCard.id}`,
        headers: intruder.auth,
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/payment/stripe/method/${ownersCard.id}/default`,
        headers: intruder.auth,
      }),
      404,
      'NOT_FOUND',
    );
    expect(await list(owner.auth)).toEqual([ownersCard]);
    expect((await list(intruder.auth))[0]!.isDefault).toBe(true);
  });

  it('refuses ids that are not uuids (400) and unknown ids (404)', async () => {
    const { auth } = await user();
    expectError(
      await ctx.app.inject({ method: 'DELETE', url: '/api/v1/payment/stripe/method/1', headers: auth }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await ctx.app.inject({
        method: 'DELETE',
        url: '/api/v1/payment/stripe/method/00000000-0000-4000-8000-000000000000',
        headers: auth,
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('keeps at most 10 cards', async () => {
    const { id, auth } = await user();
    for (let i = 0; i < 10; i += 1) await payments.card(id, { isDefault: i === 0 });
    expectError(await saveRequest(auth, await token('4242424242424242')), 409, 'CONFLICT');
  });
});

describe('API documentation', () => {
  it('documents the payment calls, marks the bearer ones, and leaves the card vault open', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const [path, method] of [
      ['/api/v1/payment/stripe/method', 'get'],
      ['/api/v1/payment/stripe/method/{token}', 'post'],
      ['/api/v1/payment/stripe/method/{id}', 'delete'],
      ['/api/v1/payment/stripe/method/{id}/default', 'post'],
      ['/api/v1/payment/stripe/subscription', 'get'],
      ['/api/v1/payment/stripe/payment', 'get'],
      ['/api/v1/payment/sandbox/confirm/{paymentId}', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
    }
    expect(doc.paths['/api/v1/payment/sandbox/tokens']?.post).toBeDefined();
    expect(doc.paths['/api/v1/payment/sandbox/tokens']?.post?.security).toBeUndefined();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['StoredPaymentMethod', 'SandboxToken', 'Payment', 'PaymentStatus', 'SandboxCardInput']),
    );
  });
});
