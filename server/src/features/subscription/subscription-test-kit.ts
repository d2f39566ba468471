import { expect } from 'vitest';
import { SANDBOX_TEST_CARDS, type Payment, type StoredPaymentMethod } from '@cuewave/contract/payment';
import type { PriceQuote } from '@cuewave/contract/pricing';
import {
  subscriptionActionResultSchema,
  subscriptionDetailSchema,
  type SubscriptionActionResult,
  type SubscriptionDetail,
} from '@cuewave/contract/subscription';
import { accountFactory } from '../../../test/factories';
import { fromIp, sessionFor } from '../../../test/auth-helpers';
import type { TestContext } from '../../../test/test-app';
import type { Clock } from '../../lib/clock';
import { runRenewals } from './renewal.job';

/**
 * What the subscription tests share (test-only; imported by *.test.ts): a signed-in user with
 * billing details and sandbox cards saved through the real token and card endpoints, and short
 * calls for the subscription API.
 */
export type Auth = Record<string, string>;
export type Kit = ReturnType<typeof subscriptionKit>;

export const cardNumber = (outcome: (typeof SANDBOX_TEST_CARDS)[number]['outcome'], nth = 0) =>
  SANDBOX_TEST_CARDS.filter((c) => c.outcome === outcome)[nth]!.number;

export function subscriptionKit(ctx: TestContext, clock: Clock) {
  const accounts = accountFactory(ctx.db);
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, auth: Auth, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });

  async function saveCard(auth: Auth, number: string): Promise<StoredPaymentMethod> {
    const tok = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/sandbox/tokens',
      headers: fromIp(),
      payload: {
        number,
        expMonth: 12,
        expYear: 2030,
        cvc: number.startsWith('37') ? '1234' : '123',
        name: 'Zofia Nowak',
      },
    });
    expect(tok.statusCode, tok.body).toBe(201);
    const saved = await inject('POST', `/payment/stripe/method/${encodeURIComponent(tok.json().token)}`, auth);
    expect([200, 201], saved.body).toContain(saved.statusCode);
    return saved.json<StoredPaymentMethod>();
  }

  /** A fresh access token (they expire when a test moves the clock by days). */
  const signIn = async (accountId: string): Promise<Auth> => (await sessionFor(ctx.db, accountId, clock)).auth;

  async function makeDefault(auth: Auth, methodId: string): Promise<void> {
    const res = await inject('POST', `/payment/stripe/method/${methodId}/default`, auth);
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A confirmed account with Polish personal billing details and, unless `card` is null, a saved card. */
  async function user(opts: { card?: string | null; billing?: boolean; signupPlan?: 'trial' | 'professional' } = {}) {
    const { id } = await accounts.account({
      confirmedEmail: true,
      phone: '+48601234567',
      confirmedPhone: true,
      signupPlan: opts.signupPlan ?? 'professional',
    });
    const { auth } = await sessionFor(ctx.db, id, clock);
    if (opts.billing !== false) {
      const res = await inject('POST', '/billing', auth, {
        type: 'personal',
        firstName: 'Zażółć',
        lastName: 'Gęślą',
        city: 'Warszawa',
        postalCode: '00-950',
        line1: 'ul. Marszałkowska 1',
        country: 'PL',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const card = opts.card === undefined ? cardNumber('succeeded') : opts.card;
    const method = card ? await saveCard(auth, card) : null;
    return { id, auth, method };
  }

  const buy = (auth: Auth, plan: string, period: string, opts: { query?: string; paymentMethodId?: string } = {}) =>
    inject(
      'POST',
      `/subscription/new/${plan}/${period}${opts.query ? `?${opts.query}` : ''}`,
      auth,
      opts.paymentMethodId ? { paymentMethodId: opts.paymentMethodId } : {},
    );

  async function bought(auth: Auth, plan: string, period: string, query?: string): Promise<SubscriptionActionResult> {
    const res = await buy(auth, plan, period, { query });
    expect(res.statusCode, res.body).toBe(201);
    return subscriptionActionResultSchema.parse(res.json());
  }

  async function current(auth: Auth): Promise<SubscriptionDetail | null> {
    const res = await inject('GET', '/subscription', auth);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<unknown>();
    return body === null ? null : subscriptionDetailSchema.parse(body);
  }

  async function quote(auth: Auth, plan: string, period: string, query = ''): Promise<PriceQuote> {
    const res = await inject('GET', `/subscription/price/${plan}/${period}${query ? `?${query}` : ''}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PriceQuote>();
  }

  /** The cardholder's answer to a 3-D Secure step; answers the payment as it then stands. */
  async function confirm(auth: Auth, payment: Payment, approve = true): Promise<Payment> {
    const res = await inject('POST', `/payment/sandbox/confirm/${payment.id}`, auth, { approve });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Payment>();
  }

  /** The account's payment rows, oldest first. */
  const paymentRows = (accountId: string) =>
    ctx.db
      .selectFrom('payments')
      .select(['id', 'status', 'total', 'idempotency_key', 'description', 'subscription_id'])
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'asc')
      .orderBy('idempotency_key', 'asc')
      .execute();

  const subscriptionRows = (accountId: string) =>
    ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'asc')
      .execute();

  const jobDeps = { ...ctx.deps, clock };
  const job = () => runRenewals(jobDeps, { onError: (err) => console.error(err) });

  return {
    accounts,
    inject,
    saveCard,
    makeDefault,
    signIn,
    user,
    buy,
    bought,
    current,
    quote,
    confirm,
    paymentRows,
    subscriptionRows,
    job,
    jobDeps,
  };
}
