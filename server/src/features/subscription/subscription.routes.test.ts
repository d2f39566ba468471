import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionSummarySchema, TRIAL_DAYS } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(new Date());
let ctx: TestContext;
let accounts: ReturnType<typeof accountFactory>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  accounts = accountFactory(ctx.db);
});
afterAll(() => ctx.close());

const ready = { confirmedEmail: true, phone: '+48601234567', confirmedPhone: true, signupPlan: 'trial' as const };
const get = (headers: Record<string, string>, url = '/api/v1/subscription') =>
  ctx.app.inject({ method: 'GET', url, headers });
const startTrial = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/subscription/new/trial', headers });

describe('the free trial', () => {
  it('starts a 30-day trial once the email and phone are confirmed, and only once', async () => {
    const { id } = await accounts.account(ready);
    const { auth } = await sessionFor(ctx.db, id, clock);
    const none = await get(auth);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();

    const res = await startTrial(auth);
    expect(res.statusCode).toBe(201);
    const trial = subscriptionSummarySchema.parse(res.json());
    expect(trial).toMatchObject({ planType: 'trial', status: 'active', payPeriod: null, currency: null });
    expect(new Date(trial.nextPayTS!).getTime()).toBe(clock.now().getTime() + TRIAL_DAYS * 86_400_000);
    expect((await get(auth)).json()).toMatchObject(trial);

    const me = await get(auth, '/api/auth/me');
    expect(me.json()).toMatchObject({
      subscription: trial,
      registrationStep: null,
      access: { isRegisterComplete: true, isNoPlan: false, isPendingPayment: false },
    });

    const again = await startTrial(auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('TRIAL_ALREADY_USED');
  });

  it('two clicks at once start one trial', async () => {
    const { id } = await accounts.account(ready);
    const { auth } = await sessionFor(ctx.db, id, clock);
    const results = await Promise.all([startTrial(auth), startTrial(auth)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.db.selectFrom('subscriptions').select('id').where('account_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('needs a confirmed email and a confirmed phone', async () => {
    const unconfirmed = await accounts.account({ ...ready, confirmedEmail: false });
    const res = await startTrial((await sessionFor(ctx.db, unconfirmed.id, clock)).auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account not confirmed');

    for (const spec of [{ phone: null, confirmedPhone: false }, { confirmedPhone: false }]) {
      const account = await accounts.account({ ...ready, ...spec });
      const refused = await startTrial((await sessionFor(ctx.db, account.id, clock)).auth);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('PHONE_REQUIRED');
    }
    expect((await startTrial({})).statusCode).toBe(401);
    expect((await get({})).json().error).toBe('verify jwt token');
  });

  it('a trial that was used once, even long ended, is not offered again', async () => {
    const { id } = await accounts.account(ready);
    await accounts.subscription(id, { plan: 'trial', status: 'ended', payPeriod: null });
    const res = await startTrial((await sessionFor(ctx.db, id, clock)).auth);
    expect(res.json().error).toBe('TRIAL_ALREADY_USED');
  });

  it('after 30 days the trial is over: no current subscription, the registration asks for a paid plan', async () => {
    const { id } = await accounts.account(ready);
    const { auth } = await sessionFor(ctx.db, id, clock);
    expect((await startTrial(auth)).statusCode).toBe(201);
    clock.advance(TRIAL_DAYS * 86_400_000 + 1_000);
    const fresh = await sessionFor(ctx.db, id, clock);
    expect((await get(fresh.auth)).json()).toBeNull();
    expect((await get(fresh.auth, '/api/auth/me')).json()).toMatchObject({
      subscription: null,
      // Not 'trial' again: that page could only answer TRIAL_ALREADY_USED.
      registrationStep: 'select-plan',
      access: { isNoPlan: true, isTrialUsed: true },
    });
  });
});
