import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '@cuewave/contract/account';
import {
  subscriptionActionResultSchema,
  subscriptionDetailSchema,
  subscriptionHistorySchema,
} from '@cuewave/contract/subscription';
import { paymentSchema } from '@cuewave/contract/payment';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';
import { upgradeCredit } from '../pricing/proration';
import { addPeriod } from './periods';
import { cardNumber, subscriptionKit, type Auth, type Kit } from './subscription-test-kit';

const DAY = 86_400_000;
const clock = fixedClock(new Date('2026-03-10T09:00:00Z'));
let ctx: TestContext;
let kit: Kit;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  kit = subscriptionKit(ctx, clock);
});
afterAll(() => ctx.close());

describe('POST /v1/subscription/new/{plan}/{period}', () => {
  it('charges the quote with the default card: 201, active for a year, a receipt and a licence', async () => {
    const { id, auth } = await kit.user();
    const quote = await kit.quote(auth, 'professional', 'year');
    const res = await kit.buy(auth, 'professional', 'yearly');
    expect(res.statusCode, res.body).toBe(201);
    const { subscription, payment } = subscriptionActionResultSchema.parse(res.json());
    expect(subscription).toMatchObject({
      planType: 'professional',
      status: 'active',
      period: 'year',
      payPeriod: 'yearly',
      currency: 'pln',
      startedTS: clock.now().toISOString(),
      periodStartTS: clock.now().toISOString(),
      nextPayTS: '2027-03-10T09:00:00.000Z',
      channelLimit: 5,
      pendingChange: null,
      retry: null,
    });
    expect(subscription.renewal).toMatchObject({ plan: 'professional', period: 'year', total: quote.total });
    expect(payment).toMatchObject({ status: 'succeeded', total: quote.total, tax: quote.tax, currency: 'pln' });
    expect(payment!.receiptNumber).toMatch(/^CW-2026-\d{6}$/);
    expect(quote.tax).toBeGreaterThan(0); // 23 % Polish VAT

    expect(await kit.current(auth)).toEqual(subscription);
    expect((await kit.inject('GET', '/subscription/payment', auth)).json()).toBeNull();
    const me = meSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).json());
    expect(me).toMatchObject({ registrationStep: null, access: { isNoPlan: false, isPendingPayment: false } });

    const rows = await kit.paymentRows(id);
    expect(rows).toEqual([
      expect.objectContaining({ status: 'succeeded', idempotency_key: `sub:${subscription.id}:0` }),
    ]);
    const pdf = await kit.inject('GET', `/subscription/license/${subscription.id}`, auth);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The certificate was issued when the plan started, not only at the download.
    const licences = await ctx.db.selectFrom('licences').select(['plan']).where('account_id', '=', id).execute();
    expect(licences).toEqual([{ plan: 'professional' }]);
  });

  it('a declined card answers 402 and leaves the subscription pending; another card then succeeds', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('card_declined') });
    const declined = await kit.buy(auth, 'advanced', 'month');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ error: 'PAYMENT_FAILED', message: expect.stringMatching(/declined/i) });

    const pending = await kit.current(auth);
    expect(pending).toMatchObject({ planType: 'advanced', status: 'pending', nextPayTS: null, renewal: null });
    const waiting = paymentSchema.parse((await kit.inject('GET', '/subscription/payment', auth)).json());
    expect(waiting).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    const me = meSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).json());
    expect(me.access).toMatchObject({ isPendingPayment: true });
    const licence = await kit.inject('GET', `/subscription/license/${pending!.id}`, auth);
    expect(licence.statusCode).toBe(409);

    // The same declined card again is a new attempt (a new key), declined again.
    expect((await kit.buy(auth, 'advanced', 'month')).statusCode).toBe(402);

    const good = await kit.saveCard(auth, cardNumber('succeeded', 1));
    const paid = await kit.buy(auth, 'advanced', 'month', { paymentMethodId: good.id });
    expect(paid.statusCode, paid.body).toBe(201);
    const result = subscriptionActionResultSchema.parse(paid.json());
    expect(result.subscription).toMatchObject({ id: pending!.id, status: 'active', planType: 'advanced' });
    expect(result.subscription.nextPayTS).toBe(addPeriod(clock.now(), 'month').toISOString());

    const rows = await kit.paymentRows(id);
    expect(rows.map((r) => [r.status, r.idempotency_key])).toEqual([
      ['failed', `sub:${pending!.id}:0`],
      ['failed', `sub:${pending!.id}:1`],
      ['succeeded', `sub:${pending!.id}:2`],
    ]);
  });

  it('3-D Secure: 202 with the confirmation step, then the repeated call answers 201 without a second charge', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('requires_action') });
    const first = await kit.buy(auth, 'start', 'month');
    expect(first.statusCode, first.body).toBe(202);
    const { subscription, payment } = subscriptionActionResultSchema.parse(first.json());
    expect(subscription.status).toBe('pending');
    expect(payment).toMatchObject({ status: 'requires_action', action: { type: 'sandbox_3ds' } });
    expect(paymentSchema.parse((await kit.inject('GET', '/subscription/payment', auth)).json()).id).toBe(payment!.id);

    // Asking again before confirming answers the same step.
    const again = await kit.buy(auth, 'start', 'month');
    expect(again.statusCode).toBe(202);
    expect(again.json().payment.id).toBe(payment!.id);

    await kit.confirm(auth, payment!);
    const done = await kit.buy(auth, 'start', 'month');
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ subscription: { status: 'active' }, payment: { id: payment!.id } });
    // And once more (a late double click): the same answer, nothing charged.
    expect((await kit.buy(auth, 'start', 'month')).statusCode).toBe(201);
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('a rejected 3-D Secure step fails; the next try is a new charge', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('requires_action') });
    const first = await kit.buy(auth, 'start', 'month');
    expect(first.statusCode).toBe(202);
    await kit.confirm(auth, first.json().payment, false);
    const next = await kit.buy(auth, 'start', 'month');
    expect(next.statusCode).toBe(202);
    expect(next.json().payment.id).not.toBe(first.json().payment.id);
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['failed', 'requires_action']);
  });

  it('switching cards calls off the open 3-D Secure step: confirming it later charges nothing', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('requires_action') });
    const step = await kit.buy(auth, 'start', 'month');
    expect(step.statusCode).toBe(202);
    const declined = await kit.saveCard(auth, cardNumber('card_declined'));
    expect((await kit.buy(auth, 'start', 'month', { paymentMethodId: declined.id })).statusCode).toBe(402);
    // The step completed in another tab afterwards: refused, the buyer is not charged for it.
    const late = await kit.confirm(auth, step.json().payment);
    expect(late).toMatchObject({ status: 'failed', failureCode: 'canceled', receiptNumber: null });
    expect(late.message).toMatch(/cancelled because you started a newer one/);

    const good = await kit.saveCard(auth, cardNumber('succeeded'));
    const done = await kit.buy(auth, 'start', 'month', { paymentMethodId: good.id });
    expect(done.statusCode, done.body).toBe(201);
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['failed', 'failed', 'succeeded']);
    expect((await kit.inject('GET', '/payment/receipt', auth)).json()).toHaveLength(1);
  });

  it('choosing another plan calls off the first plan’s open 3-D Secure step', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('requires_action') });
    const step = await kit.buy(auth, 'professional', 'year');
    expect(step.statusCode).toBe(202);
    const other = await kit.buy(auth, 'start', 'month');
    expect(other.statusCode).toBe(202);
    expect(await kit.confirm(auth, step.json().payment)).toMatchObject({ status: 'failed', failureCode: 'canceled' });

    await kit.confirm(auth, other.json().payment);
    const done = await kit.buy(auth, 'start', 'month');
    expect(done.statusCode, done.body).toBe(201);
    const payments = await kit.paymentRows(id);
    expect(payments.map((r) => [r.description, r.status]).sort()).toEqual([
      ['Professional, yearly', 'failed'],
      ['Start, monthly', 'succeeded'],
    ]);
    expect((await kit.subscriptionRows(id)).map((r) => [r.plan, r.status]).sort()).toEqual([
      ['professional', 'ended'],
      ['start', 'active'],
    ]);
  });

  it('a double submission charges once', async () => {
    const { id, auth } = await kit.user();
    const results = await Promise.all([kit.buy(auth, 'advanced', 'year'), kit.buy(auth, 'advanced', 'year')]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(results[0]!.json().payment.id).toBe(results[1]!.json().payment.id);
    expect(await kit.paymentRows(id)).toHaveLength(1);
    expect((await kit.subscriptionRows(id)).map((s) => s.status)).toEqual(['active']);
  });

  it('ends the trial when a paid plan starts, and replaces an older pending choice', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('card_declined'), signupPlan: 'trial' });
    expect((await kit.inject('POST', '/subscription/new/trial', auth)).statusCode).toBe(201);
    expect((await kit.buy(auth, 'professional', 'year')).statusCode).toBe(402);
    // The trial stays the current subscription while the paid one waits for a card.
    expect(await kit.current(auth)).toMatchObject({ planType: 'trial', status: 'active' });

    const good = await kit.saveCard(auth, cardNumber('succeeded'));
    const paid = await kit.buy(auth, 'advanced', 'month', { paymentMethodId: good.id });
    expect(paid.statusCode, paid.body).toBe(201);
    const rows = await kit.subscriptionRows(id);
    expect(rows.map((r) => [r.plan, r.status]).sort()).toEqual([
      ['advanced', 'active'],
      ['professional', 'ended'],
      ['trial', 'ended'],
    ]);
    const trial = rows.find((r) => r.plan === 'trial')!;
    expect(new Date(trial.ended_at!).getTime()).toBe(clock.now().getTime());

    const history = subscriptionHistorySchema.parse((await kit.inject('GET', '/subscription/list/my', auth)).json());
    expect(history.map((s) => s.planType).sort()).toEqual(['advanced', 'professional', 'trial']);
    expect(history.find((s) => s.planType === 'advanced')).toMatchObject({ status: 'active' });
  });

  it('refuses what cannot be bought, with clear messages', async () => {
    const { auth } = await kit.user();
    const cases: Array<[string, number, string | RegExp]> = [
      ['/subscription/new/gold/year', 400, 'VALIDATION_FAILED'],
      ['/subscription/new/start/week', 400, 'VALIDATION_FAILED'],
      ['/subscription/new/enterprise/year', 400, /enterprise form/],
      ['/subscription/new/trial/month', 400, /new\/trial/],
      ['/subscription/new/start/month?currency=btc', 400, 'VALIDATION_FAILED'],
      ['/subscription/new/start/month?coupon=NOPE-NOT-REAL', 400, /./],
    ];
    for (const [url, status, expected] of cases) {
      const res = await kit.inject('POST', url, auth, {});
      expect(res.statusCode, url).toBe(status);
      const body = res.json<{ error: string; message: string }>();
      if (typeof expected === 'string') expect(body.error, url).toBe(expected);
      else expect(body.message, url).toMatch(expected);
    }
    const badCard = await kit.inject('POST', '/subscription/new/start/month', auth, { paymentMethodId: 'nope' });
    expect(badCard.statusCode).toBe(400);
    const otherCard = await kit.buy(auth, 'start', 'month', {
      paymentMethodId: '00000000-0000-4000-8000-000000000000',
    });
    expect(otherCard.statusCode).toBe(404);

    const noBilling = await kit.user({ billing: false });
    const res = await kit.buy(noBilling.auth, 'start', 'month');
    expect(res.json().error).toBe('billing details not found');
    const noCard = await kit.user({ card: null });
    expect((await kit.buy(noCard.auth, 'start', 'month')).json()).toEqual({
      error: 'BAD_REQUEST',
      message: 'Add a card before paying.',
    });
    expect(await kit.current(noCard.auth)).toBeNull();
    expect((await kit.buy({}, 'start', 'month')).statusCode).toBe(401);

    // No body at all is fine: the default card pays.
    const bare = await kit.inject('POST', '/subscription/new/start/month', auth);
    expect(bare.statusCode, bare.body).toBe(201);
    const twice = await kit.buy(auth, 'advanced', 'month');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('ACTIVE_SUBSCRIPTION');
  });
});

describe('POST /v1/subscription/new/trial: one trial per card', () => {
  it('a card that already had a trial on another account cannot start a second one', async () => {
    const number = cardNumber('succeeded', 2);
    const first = await kit.user({ card: number, signupPlan: 'trial' });
    expect((await kit.inject('POST', '/subscription/new/trial', first.auth)).statusCode).toBe(201);
    const second = await kit.user({ card: number, signupPlan: 'trial' });
    const res = await kit.inject('POST', '/subscription/new/trial', second.auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'TRIAL_ALREADY_USED', message: expect.stringMatching(/card/) });
    // A different card is fine.
    const third = await kit.user({ card: cardNumber('succeeded', 3), signupPlan: 'trial' });
    expect((await kit.inject('POST', '/subscription/new/trial', third.auth)).statusCode).toBe(201);
  });
});

describe('POST /v1/subscription/upgrade/{plan}/{period}', () => {
  it('charges the prorated quote, credited from the net price paid, and starts a new period now', async () => {
    const { id, ...user } = await kit.user();
    let auth: Auth = user.auth;
    const coupon = 'HALF' + Math.random().toString(36).slice(2, 8).toUpperCase();
    await ctx.db
      .insertInto('coupons')
      .values({
        code: coupon,
        kind: 'percent',
        percent: 50,
        amount_minor: null,
        currency: null,
        plans: null,
        periods: null,
      })
      .execute();
    const bought = await kit.bought(auth, 'advanced', 'month', `coupon=${coupon}`);
    const paid = bought.payment!.price;
    const periodStart = clock.now();
    const periodEnd = new Date(bought.subscription.nextPayTS!);

    clock.advance(10 * DAY);
    auth = await kit.signIn(id);
    const quote = await kit.quote(auth, 'professional', 'year', 'upgrade=true');
    const expectedCredit = upgradeCredit({ paid, periodStart, periodEnd, now: clock.now() });
    expect(quote.off).toBe(expectedCredit);
    expect(expectedCredit).toBeGreaterThan(0);
    expect(expectedCredit).toBeLessThan(paid);

    const res = await kit.inject('POST', '/subscription/upgrade/professional/year', auth, {});
    expect(res.statusCode, res.body).toBe(201);
    const result = subscriptionActionResultSchema.parse(res.json());
    expect(result.payment).toMatchObject({ status: 'succeeded', total: quote.total, price: quote.price });
    expect(result.subscription).toMatchObject({
      planType: 'professional',
      period: 'year',
      status: 'active',
      periodStartTS: clock.now().toISOString(),
      nextPayTS: new Date(Date.UTC(2027, 2, 20, 9)).toISOString(),
    });
    const rows = await kit.paymentRows(id);
    expect(rows.map((r) => r.idempotency_key)).toEqual([
      `sub:${bought.subscription.id}:0`,
      `sub:${bought.subscription.id}:1`,
    ]);
    // A repeat of the call a moment later answers the same upgrade; nothing is charged.
    const again = await kit.inject('POST', '/subscription/upgrade/professional/year', auth, {});
    expect(again.statusCode).toBe(201);
    expect(await kit.paymentRows(id)).toHaveLength(2);

    // The certificate follows the plan: a new one for professional replaced the advanced one.
    const licences = await ctx.db
      .selectFrom('licences')
      .select(['plan', 'superseded_at'])
      .where('account_id', '=', id)
      .orderBy('issued_at')
      .execute();
    expect(licences.map((l) => [l.plan, l.superseded_at !== null])).toEqual([
      ['advanced', true],
      ['professional', false],
    ]);
  });

  it('a declined upgrade keeps the plan; the retry with another card charges again', async () => {
    const { auth, id } = await kit.user();
    await kit.bought(auth, 'start', 'month');
    const bad = await kit.saveCard(auth, cardNumber('insufficient_funds'));
    const declined = await kit.inject('POST', '/subscription/upgrade/advanced/month', auth, {
      paymentMethodId: bad.id,
    });
    expect(declined.statusCode).toBe(402);
    expect((await kit.current(auth))!.planType).toBe('start');
    const ok = await kit.inject('POST', '/subscription/upgrade/advanced/month', auth, {});
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['succeeded', 'failed', 'succeeded']);
  });

  it('3-D Secure: 202, asking again a minute later answers the same step, the repeat after it 201', async () => {
    const { id, auth } = await kit.user();
    await kit.bought(auth, 'start', 'year');
    const secure = await kit.saveCard(auth, cardNumber('requires_action'));
    const ask = () =>
      kit.inject('POST', '/subscription/upgrade/professional/year', auth, { paymentMethodId: secure.id });
    const step = await ask();
    expect(step.statusCode, step.body).toBe(202);
    clock.advance(60_000); // the prorated quote has moved on by now
    const again = await ask();
    expect(again.statusCode).toBe(202);
    expect(again.json().payment.id).toBe(step.json().payment.id);
    await kit.confirm(auth, step.json().payment);
    const done = await ask();
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({
      subscription: { planType: 'professional' },
      payment: { id: step.json().payment.id },
    });
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('refuses a plan that is not higher, the trial, and no subscription', async () => {
    const { auth } = await kit.user({ signupPlan: 'trial', card: null });
    expect((await kit.inject('POST', '/subscription/upgrade/advanced/month', auth, {})).statusCode).toBe(409);
    expect((await kit.inject('POST', '/subscription/new/trial', auth)).statusCode).toBe(201);
    const trial = await kit.inject('POST', '/subscription/upgrade/advanced/month', auth, {});
    expect(trial.statusCode).toBe(409);
    expect(trial.json().message).toMatch(/trial/);

    const other = await kit.user();
    await kit.bought(other.auth, 'advanced', 'year');
    const lower = await kit.inject('POST', '/subscription/upgrade/start/year', other.auth, {});
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toMatch(/above your Advanced plan/);
    const same = await kit.inject('POST', '/subscription/upgrade/advanced/year', other.auth, {});
    expect(same.statusCode).toBe(409);
    const enterprise = await kit.inject('POST', '/subscription/upgrade/enterprise/year', other.auth, {});
    expect(enterprise.statusCode).toBe(400);
  });
});

describe('GET /v1/subscription and friends', () => {
  it('answer null for a new account and need a bearer token', async () => {
    const { auth } = await kit.user({ card: null });
    expect(await kit.current(auth)).toBeNull();
    expect((await kit.inject('GET', '/subscription/payment', auth)).json()).toBeNull();
    expect((await kit.inject('GET', '/subscription/list/my', auth)).json()).toEqual([]);
    for (const url of ['/subscription', '/subscription/payment', '/subscription/list/my']) {
      expect((await kit.inject('GET', url, {})).statusCode).toBe(401);
    }
  });

  it('cancel/{id} answers 404 for an unknown id or another account’s subscription', async () => {
    const owner = await kit.user();
    const { subscription } = await kit.bought(owner.auth, 'start', 'month');
    const stranger = await kit.user();
    const foreign = await kit.inject('DELETE', `/subscription/cancel/${subscription.id}?force=true`, stranger.auth);
    expect(foreign.statusCode).toBe(404);
    const unknown = await kit.inject('DELETE', '/subscription/cancel/00000000-0000-4000-8000-000000000000', owner.auth);
    expect(unknown.statusCode).toBe(404);
    const malformed = await kit.inject('DELETE', '/subscription/cancel/abc', owner.auth);
    expect(malformed.statusCode).toBe(400);
    expect(subscriptionDetailSchema.parse(await kit.current(owner.auth)).status).toBe('active');
    const session = await sessionFor(ctx.db, owner.id, clock);
    expect((await kit.inject('GET', '/subscription', session.auth)).statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every subscription call with its schemas and the bearer requirement', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    }>();
    const calls: Array<[string, string]> = [
      ['/api/v1/subscription', 'get'],
      ['/api/v1/subscription/payment', 'get'],
      ['/api/v1/subscription/list/my', 'get'],
      ['/api/v1/subscription/new/{plan}/{period}', 'post'],
      ['/api/v1/subscription/upgrade/{plan}/{period}', 'post'],
      ['/api/v1/subscription/downgrade/{plan}/{period}', 'post'],
      ['/api/v1/subscription/cancel/downgrade', 'delete'],
      ['/api/v1/subscription/period/{period}', 'post'],
      ['/api/v1/subscription/cancel/period', 'delete'],
      ['/api/v1/subscription/cancel/renew', 'delete'],
      ['/api/v1/subscription/cancel/{id}', 'delete'],
      ['/api/v1/subscription/renew', 'post'],
    ];
    for (const [path, method] of calls) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation!.security).toEqual([{ bearerAuth: [] }]);
    }
    expect(Object.keys(doc.paths['/api/v1/subscription/new/{plan}/{period}']!.post!.responses)).toEqual(
      expect.arrayContaining(['201', '202', '402']),
    );
    expect(doc.components.schemas).toHaveProperty('SubscriptionDetail');
    expect(doc.components.schemas).toHaveProperty('SubscriptionActionResult');
  });
});
