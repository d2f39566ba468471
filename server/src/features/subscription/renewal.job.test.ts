import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionDetailSchema, type SubscriptionDetail } from '@cuewave/contract/subscription';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { addPeriod } from './periods';
import { cardNumber, subscriptionKit, type Auth, type Kit } from './subscription-test-kit';

const DAY = 86_400_000;
const clock = fixedClock(new Date('2026-01-31T10:00:00Z'));
let ctx: TestContext;
let kit: Kit;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  kit = subscriptionKit(ctx, clock);
});
afterAll(() => ctx.close());
// The job sees every account: each test starts with nothing due from the ones before.
afterEach(async () => {
  await ctx.db
    .updateTable('subscriptions')
    .set({ status: 'ended', ended_at: clock.now() })
    .where('status', '!=', 'ended')
    .execute();
});

/** Moves the clock to `at` (never backwards) and answers a fresh token for the account. */
async function travelTo(at: Date, accountId: string): Promise<Auth> {
  const ms = at.getTime() - clock.now().getTime();
  if (ms > 0) clock.advance(ms);
  return kit.signIn(accountId);
}

async function action(method: 'POST' | 'DELETE', url: string, auth: Auth, payload?: object, status = 200) {
  const res = await kit.inject(method, url, auth, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json<{ error?: string; message?: string } & Partial<SubscriptionDetail>>();
}

const addChannel = async (auth: Auth, handle: string) => {
  const res = await kit.inject('POST', '/subscription/channels', auth, {
    type: 'youtube',
    url: `https://www.youtube.com/@${handle}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ type: 'youtube'; url: string }>();
};

describe('downgrade', () => {
  it('is applied by the job at the period end: new plan and period, channels trimmed, renewal charged', async () => {
    const { id, auth } = await kit.user();
    const { subscription } = await kit.bought(auth, 'professional', 'year');
    const [a, b, c] = [
      await addChannel(auth, 'alpha'),
      await addChannel(auth, 'beta'),
      await addChannel(auth, 'gamma'),
    ];
    const keep = { type: b.type, url: b.url };

    // Refusals first: too many channels, a channel of someone else, a plan that is not lower.
    const tooMany = await action('POST', '/subscription/downgrade/start/month', auth, { channels: [a, b] }, 400);
    expect(tooMany.message).toMatch(/covers 1 channel; keep at most 1/);
    const foreign = await action(
      'POST',
      '/subscription/downgrade/start/month',
      auth,
      { channels: [{ type: 'youtube', url: 'https://www.youtube.com/@someoneelse' }] },
      400,
    );
    expect(foreign.message).toMatch(/not one of your channels/);
    expect(
      (await action('POST', '/subscription/downgrade/professional/month', auth, { channels: [] }, 400)).message,
    ).toMatch(/below your Professional plan/);
    await action('POST', '/subscription/downgrade/enterprise/month', auth, { channels: [] }, 400);

    const planned = subscriptionDetailSchema.parse(
      await action('POST', '/subscription/downgrade/start/month', auth, { channels: [keep] }),
    );
    expect(planned).toMatchObject({
      planType: 'professional',
      pendingChange: {
        type: 'downgrade',
        plan: 'start',
        period: 'month',
        channels: [keep],
        effectiveTS: subscription.nextPayTS,
      },
      renewal: { plan: 'start', period: 'month' },
    });
    const startMonthly = await kit.quote(auth, 'start', 'month');
    expect(planned.renewal!.total).toBe(startMonthly.total);

    // Nothing happens before the period end.
    expect((await kit.job()).changed).toBe(0);
    expect((await kit.current(auth))!.planType).toBe('professional');

    const due = new Date(subscription.nextPayTS!);
    const later = await travelTo(new Date(due.getTime() + 1000), id);
    const report = await kit.job();
    expect(report).toMatchObject({ changed: 1, renewed: 1, failed: 0 });

    const after = (await kit.current(later))!;
    expect(after).toMatchObject({
      planType: 'start',
      period: 'month',
      status: 'active',
      periodStartTS: due.toISOString(),
      nextPayTS: addPeriod(due, 'month').toISOString(),
      pendingChange: null,
      channelLimit: 1,
    });
    const channels = (await kit.inject('GET', '/subscription/channels', later)).json<Array<{ url: string }>>();
    expect(channels.map((ch) => ch.url)).toEqual([b.url]);
    expect(c.url).not.toBe(b.url);

    const renewal = (await kit.paymentRows(id)).at(-1)!;
    expect(renewal).toMatchObject({
      status: 'succeeded',
      total: startMonthly.total,
      idempotency_key: `renew:${subscription.id}:${due.toISOString()}`,
    });
    // The certificate now covers the start plan and the kept channel only.
    const current = await ctx.db
      .selectFrom('licences')
      .select(['plan', 'channels'])
      .where('account_id', '=', id)
      .where('superseded_at', 'is', null)
      .execute();
    expect(current).toEqual([{ plan: 'start', channels: [keep] }]);
  });

  it('can be dropped before it applies', async () => {
    const { auth } = await kit.user();
    await kit.bought(auth, 'advanced', 'month');
    await action('POST', '/subscription/downgrade/start/year', auth, { channels: [] });
    const dropped = await action('DELETE', '/subscription/cancel/downgrade', auth);
    expect(dropped).toMatchObject({ planType: 'advanced', pendingChange: null, renewal: { plan: 'advanced' } });
    expect((await action('DELETE', '/subscription/cancel/downgrade', auth, undefined, 409)).message).toMatch(
      /no downgrade/,
    );
  });
});

describe('period change', () => {
  it('switches to yearly at the period end; can be dropped and asked again', async () => {
    const { id, auth } = await kit.user();
    const { subscription } = await kit.bought(auth, 'advanced', 'month');
    expect(await action('POST', '/subscription/period/yearly', auth)).toMatchObject({
      pendingChange: { type: 'change_cycle', period: 'year', effectiveTS: subscription.nextPayTS },
      renewal: { period: 'year' },
    });
    expect((await action('POST', '/subscription/period/year', auth, undefined, 409)).message).toMatch(
      /already renews yearly/,
    );
    expect(await action('DELETE', '/subscription/cancel/period', auth)).toMatchObject({ pendingChange: null });
    await action('DELETE', '/subscription/cancel/period', auth, undefined, 409);
    await action('POST', '/subscription/period/month', auth, undefined, 409);
    await action('POST', '/subscription/period/decade', auth, undefined, 400);
    await action('POST', '/subscription/period/year', auth);

    const due = new Date(subscription.nextPayTS!);
    const later = await travelTo(due, id);
    expect(await kit.job()).toMatchObject({ changed: 1, renewed: 1 });
    const yearly = await kit.quote(later, 'advanced', 'year');
    expect(await kit.current(later)).toMatchObject({
      period: 'year',
      payPeriod: 'yearly',
      nextPayTS: addPeriod(due, 'year').toISOString(),
      pendingChange: null,
    });
    expect((await kit.paymentRows(id)).at(-1)!.total).toBe(yearly.total);
  });
});

describe('cancel and renew', () => {
  it('cancel renewal -> cancelled; renew -> active; cancelled again -> ended by the job at the period end', async () => {
    const { id, auth } = await kit.user();
    const { subscription } = await kit.bought(auth, 'start', 'year');
    await action('POST', '/subscription/period/month', auth);
    const cancelled = await action('DELETE', '/subscription/cancel/renew', auth);
    expect(cancelled).toMatchObject({ status: 'cancelled', pendingChange: null, renewal: null });
    await action('DELETE', '/subscription/cancel/renew', auth, undefined, 409);
    // Changes need renewal on.
    expect((await action('POST', '/subscription/upgrade/advanced/year', auth, {}, 409)).message).toMatch(/cancelled/);

    const renewed = await action('POST', '/subscription/renew', auth);
    expect(renewed).toMatchObject({ subscription: { status: 'active' }, payment: null });
    await action('POST', '/subscription/renew', auth, undefined, 409);

    await action('DELETE', `/subscription/cancel/${subscription.id}`, auth);
    const due = new Date(subscription.nextPayTS!);
    const later = await travelTo(new Date(due.getTime() + 1), id);
    // Past the end the reads already say so; the job then records it.
    expect(await kit.current(later)).toBeNull();
    expect(await kit.job()).toMatchObject({ ended: 1, renewed: 0 });
    const row = (await kit.subscriptionRows(id))[0]!;
    expect(row.status).toBe('ended');
    expect(new Date(row.ended_at!).getTime()).toBe(due.getTime());
    expect(await kit.paymentRows(id)).toHaveLength(1);
    await action('POST', '/subscription/renew', later, undefined, 409);
  });

  it('force cancel ends now', async () => {
    const { auth } = await kit.user();
    const { subscription } = await kit.bought(auth, 'start', 'month');
    const ended = await action('DELETE', `/subscription/cancel/${subscription.id}?force=true`, auth);
    expect(ended).toMatchObject({ status: 'ended', endedTS: clock.now().toISOString(), renewal: null });
    expect(await kit.current(auth)).toBeNull();
    expect(
      (await action('DELETE', `/subscription/cancel/${subscription.id}?force=1`, auth, undefined, 409)).message,
    ).toMatch(/already ended/);
    await action('DELETE', `/subscription/cancel/${subscription.id}?force=maybe`, auth, undefined, 400);
  });

  it('a pending subscription is abandoned with cancel, and the trial only ends with force', async () => {
    const declined = await kit.user({ card: cardNumber('card_declined') });
    expect((await kit.buy(declined.auth, 'start', 'month')).statusCode).toBe(402);
    const pending = (await kit.current(declined.auth))!;
    expect(await action('DELETE', `/subscription/cancel/${pending.id}`, declined.auth)).toMatchObject({
      status: 'ended',
    });
    expect((await kit.buy(declined.auth, 'advanced', 'month')).statusCode).toBe(402);
    expect(await action('DELETE', '/subscription/cancel/renew', declined.auth)).toMatchObject({
      planType: 'advanced',
      status: 'ended',
    });
    expect((await action('DELETE', '/subscription/cancel/renew', declined.auth, undefined, 409)).message).toMatch(
      /no subscription/,
    );

    const trialUser = await kit.user({ card: null, signupPlan: 'trial' });
    const trial = (await kit.inject('POST', '/subscription/new/trial', trialUser.auth)).json<{ id: string }>();
    expect((await action('DELETE', '/subscription/cancel/renew', trialUser.auth, undefined, 409)).message).toMatch(
      /ends by itself/,
    );
    await action('DELETE', `/subscription/cancel/${trial.id}?force=true`, trialUser.auth);
    expect(await kit.current(trialUser.auth)).toBeNull();
  });

  it('cancelling a pending subscription calls off its open 3-D Secure step', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('requires_action') });
    const step = await kit.buy(auth, 'advanced', 'year');
    expect(step.statusCode, step.body).toBe(202);
    expect(await action('DELETE', '/subscription/cancel/renew', auth)).toMatchObject({ status: 'ended' });
    expect(await kit.confirm(auth, step.json().payment)).toMatchObject({ status: 'failed', failureCode: 'canceled' });
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['failed']);
  });
});

describe('failed renewals', () => {
  async function failingRenewal() {
    const user = await kit.user();
    const { subscription } = await kit.bought(user.auth, 'start', 'month');
    const bad = await kit.saveCard(user.auth, cardNumber('card_declined'));
    await kit.makeDefault(user.auth, bad.id);
    const due = new Date(subscription.nextPayTS!);
    const auth = await travelTo(due, user.id);
    expect(await kit.job()).toMatchObject({ failed: 1, renewed: 0 });
    return { ...user, auth, subscription, due, bad };
  }

  it('retries a day later and succeeds with the card the user put in meanwhile', async () => {
    const { id, auth, subscription, due, method } = await failingRenewal();
    const failed = (await kit.current(auth))!;
    expect(failed).toMatchObject({
      status: 'payment',
      nextPayTS: due.toISOString(),
      retry: { attempts: 1, nextRetryTS: new Date(due.getTime() + DAY).toISOString() },
    });
    expect((await kit.inject('GET', '/subscription/payment', auth)).json()).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
    });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(me.json().access).toMatchObject({ isPendingPayment: true, isNoPlan: false });
    // Nothing to do until the retry is due.
    expect(await kit.job()).toMatchObject({ failed: 0, renewed: 0 });

    await kit.makeDefault(auth, method!.id);
    const later = await travelTo(new Date(due.getTime() + DAY), id);
    expect(await kit.job()).toMatchObject({ renewed: 1 });
    expect(await kit.current(later)).toMatchObject({
      status: 'active',
      periodStartTS: due.toISOString(),
      nextPayTS: addPeriod(due, 'month').toISOString(),
      retry: null,
    });
    expect((await kit.paymentRows(id)).map((r) => [r.status, r.idempotency_key])).toEqual([
      ['succeeded', `sub:${subscription.id}:0`],
      ['failed', `renew:${subscription.id}:${due.toISOString()}`],
      ['succeeded', `renew:${subscription.id}:${due.toISOString()}:1`],
    ]);
  });

  it('ends after the last retry fails (days 1, 3 and 7 after the due date)', async () => {
    const { id, subscription, due } = await failingRenewal();
    for (const days of [1, 3]) {
      await travelTo(new Date(due.getTime() + days * DAY), id);
      expect(await kit.job()).toMatchObject({ failed: 1 });
      expect((await kit.subscriptionRows(id))[0]!.status).toBe('payment');
    }
    const auth = await travelTo(new Date(due.getTime() + 7 * DAY), id);
    expect(await kit.job()).toMatchObject({ failed: 1 });
    const row = (await kit.subscriptionRows(id))[0]!;
    expect(row).toMatchObject({ status: 'ended', renewal_attempts: 4 });
    expect(await kit.current(auth)).toBeNull();
    expect((await kit.paymentRows(id)).map((r) => r.idempotency_key).slice(1)).toEqual([
      `renew:${subscription.id}:${due.toISOString()}`,
      `renew:${subscription.id}:${due.toISOString()}:1`,
      `renew:${subscription.id}:${due.toISOString()}:2`,
      `renew:${subscription.id}:${due.toISOString()}:3`,
    ]);
  });

  it('the user pays the failed renewal with POST renew', async () => {
    const { auth, method, subscription } = await failingRenewal();
    const declined = await kit.inject('POST', '/subscription/renew', auth);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toBe('PAYMENT_FAILED');
    // The user's own failed try does not use up a scheduled retry.
    expect((await kit.current(auth))!.retry).toMatchObject({ attempts: 2 });
    await kit.makeDefault(auth, method!.id);
    const paid = await kit.inject('POST', '/subscription/renew', auth);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({
      subscription: {
        status: 'active',
        nextPayTS: addPeriod(new Date(subscription.nextPayTS!), 'month').toISOString(),
      },
      payment: { status: 'succeeded' },
    });
  });
});

describe('renewals with a card that asks for 3-D Secure', () => {
  it('the job cannot ask the cardholder: status payment; confirming later pays it, without a second charge', async () => {
    const { id, auth } = await kit.user();
    const { subscription } = await kit.bought(auth, 'start', 'month');
    const secure = await kit.saveCard(auth, cardNumber('requires_action'));
    await kit.makeDefault(auth, secure.id);
    const due = new Date(subscription.nextPayTS!);
    const later = await travelTo(due, id);
    expect(await kit.job()).toMatchObject({ failed: 1 });
    expect((await kit.current(later))!.status).toBe('payment');

    const waiting = (await kit.inject('GET', '/subscription/payment', later)).json();
    expect(waiting).toMatchObject({ status: 'requires_action', action: { type: 'sandbox_3ds' } });
    await kit.confirm(later, waiting);
    const renewed = await kit.inject('POST', '/subscription/renew', later);
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect(renewed.json()).toMatchObject({ subscription: { status: 'active' }, payment: { id: waiting.id } });
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('the user renews: 202 with the step, then the repeated call answers 201', async () => {
    const { id, auth } = await kit.user();
    const { subscription } = await kit.bought(auth, 'start', 'month');
    const bad = await kit.saveCard(auth, cardNumber('card_declined'));
    await kit.makeDefault(auth, bad.id);
    const later = await travelTo(new Date(subscription.nextPayTS!), id);
    await kit.job();
    const secure = await kit.saveCard(later, cardNumber('requires_action'));
    await kit.makeDefault(later, secure.id);
    const step = await kit.inject('POST', '/subscription/renew', later);
    expect(step.statusCode, step.body).toBe(202);
    await kit.confirm(later, step.json().payment);
    const done = await kit.inject('POST', '/subscription/renew', later);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().payment.id).toBe(step.json().payment.id);
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['succeeded', 'failed', 'succeeded']);
  });
});

describe('the renewal job', () => {
  it('activates a new subscription whose 3-D Secure step was confirmed but never followed up by the buyer', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('requires_action') });
    const step = await kit.buy(auth, 'advanced', 'year');
    expect(step.statusCode, step.body).toBe(202);
    // Nothing is due yet: the job leaves a pending payment alone while the cardholder decides.
    expect(await kit.job()).toMatchObject({ activated: 0, ended: 0 });
    await kit.confirm(auth, step.json().payment);
    // The buyer closed the tab here: no repeated call. The money was taken, so the job activates it.
    expect(await kit.job()).toMatchObject({ activated: 1, ended: 0 });
    const active = await kit.current(auth);
    expect(active).toMatchObject({ planType: 'advanced', status: 'active', period: 'year' });
    expect(new Date(active!.nextPayTS!).getTime()).toBe(addPeriod(clock.now(), 'year').getTime());
    // Once: a second run and the late repeat change nothing and charge nothing.
    expect(await kit.job()).toMatchObject({ activated: 0 });
    expect((await kit.buy(auth, 'advanced', 'year')).statusCode).toBe(201);
    expect((await kit.paymentRows(id)).map((r) => r.status)).toEqual(['succeeded']);
    const licence = await kit.inject('GET', `/subscription/license/${active!.id}`, auth);
    expect(licence.statusCode).toBe(200);
  });

  it('ends a trial at its end', async () => {
    const { id, auth } = await kit.user({ card: null, signupPlan: 'trial' });
    const trial = (await kit.inject('POST', '/subscription/new/trial', auth)).json<{ nextPayTS: string }>();
    expect((await kit.job()).ended).toBe(0);
    await travelTo(new Date(trial.nextPayTS), id);
    expect((await kit.job()).ended).toBeGreaterThanOrEqual(1);
    const row = (await kit.subscriptionRows(id))[0]!;
    expect(row.status).toBe('ended');
    expect(new Date(row.ended_at!).toISOString()).toBe(trial.nextPayTS);
  });

  it('ends a subscription whose first payment never came after 24 hours', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('card_declined') });
    expect((await kit.buy(auth, 'start', 'month')).statusCode).toBe(402);
    await travelTo(new Date(clock.now().getTime() + 23 * 3_600_000), id);
    await kit.job();
    expect((await kit.subscriptionRows(id))[0]!.status).toBe('pending');
    await travelTo(new Date(clock.now().getTime() + 2 * 3_600_000), id);
    await kit.job();
    expect((await kit.subscriptionRows(id))[0]!.status).toBe('ended');
  });

  it('after 24 hours calls off a 3-D Secure step nobody answered, then ends the subscription', async () => {
    const { id, auth } = await kit.user({ card: cardNumber('requires_action') });
    const step = await kit.buy(auth, 'start', 'month');
    expect(step.statusCode, step.body).toBe(202);
    const later = await travelTo(new Date(clock.now().getTime() + 25 * 3_600_000), id);
    expect(await kit.job()).toMatchObject({ ended: 1, activated: 0 });
    expect((await kit.subscriptionRows(id))[0]!.status).toBe('ended');
    // Answering the step now takes nothing for a subscription that has ended.
    expect(await kit.confirm(later, step.json().payment)).toMatchObject({ status: 'failed', failureCode: 'canceled' });
    expect(await kit.job()).toMatchObject({ ended: 0, activated: 0 });
  });

  it('three runs at once charge each due renewal once', async () => {
    const users = [];
    for (let i = 0; i < 4; i += 1) {
      const user = await kit.user();
      users.push({ ...user, subscription: (await kit.bought(user.auth, 'advanced', 'month')).subscription });
    }
    const due = new Date(users[0]!.subscription.nextPayTS!);
    await travelTo(due, users[0]!.id);
    const reports = await Promise.all([kit.job(), kit.job(), kit.job()]);
    expect(reports.reduce((n, r) => n + r.renewed, 0)).toBe(users.length);
    expect(reports.reduce((n, r) => n + r.errors + r.failed, 0)).toBe(0);
    for (const { id } of users) {
      const renewals = (await kit.paymentRows(id)).filter((p) => p.idempotency_key.startsWith('renew:'));
      expect(renewals.map((p) => p.status)).toEqual(['succeeded']);
      const [row] = await kit.subscriptionRows(id);
      expect(row).toMatchObject({ status: 'active', renewal_attempts: 0, next_pay_at: addPeriod(due, 'month') });
    }
  });
});
