import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { subscriptionKit, type Auth, type Kit } from './subscription-test-kit';

/**
 * The free trial is for new customers: an account that had a paid plan (never a trial) whose plan
 * ended is refused one, and GET /auth/me stops offering it; a first payment that never went through
 * does not count, and other accounts' history does not matter.
 */
const clock = fixedClock(new Date('2026-05-04T09:00:00Z'));
let ctx: TestContext;
let kit: Kit;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  kit = subscriptionKit(ctx, clock);
});
afterAll(() => ctx.close());

const startTrial = (auth: Auth) => kit.inject('POST', '/subscription/new/trial', auth);

async function me(auth: Auth) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return meSchema.parse(res.json());
}

/** A paid-only former subscriber: bought Start, then cancelled it at once, so the plan ended. */
async function formerSubscriber(signupPlan: 'trial' | 'professional' = 'professional') {
  const user = await kit.user({ signupPlan });
  const { subscription } = await kit.bought(user.auth, 'start', 'month');
  const cancelled = await kit.inject('DELETE', `/subscription/cancel/${subscription.id}?force=true`, user.auth);
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  expect(await kit.current(user.auth)).toBeNull();
  return user;
}

describe('free trial for new customers only', () => {
  it('refuses a trial to a former paid-only subscriber and no longer offers it', async () => {
    const { id, auth } = await formerSubscriber();
    const res = await startTrial(auth);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'TRIAL_ALREADY_USED',
      message: 'Free trials are for new customers. Choose a plan to continue.',
    });
    expect((await kit.subscriptionRows(id)).some((row) => row.plan === 'trial')).toBe(false);
    expect((await me(auth)).access).toMatchObject({ isNoPlan: true, isTrialUsed: true });
  });

  it('sends a former subscriber who picked the trial back to select-plan, not to the trial step', async () => {
    const { auth } = await formerSubscriber('trial');
    expect((await me(auth)).registrationStep).toBe('select-plan');
  });

  it('still gives a fresh account its trial, whatever other accounts had', async () => {
    await formerSubscriber();
    // No card: one trial per card (decision 045) is another rule, and other tests' trials share the sandbox cards.
    const fresh = await kit.user({ signupPlan: 'trial', card: null });
    const before = await me(fresh.auth);
    expect(before.access.isTrialUsed).toBe(false);
    expect(before.registrationStep).toBe('trial');
    const res = await startTrial(fresh.auth);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ planType: 'trial', status: 'active' });
  });

  it('does not count a first payment that never went through (an abandoned pending plan)', async () => {
    const { id, auth } = await kit.user({ signupPlan: 'trial', card: null });
    const now = clock.now();
    await ctx.db
      .insertInto('subscriptions')
      .values({
        id: randomUUID(),
        account_id: id,
        plan: 'advanced',
        status: 'ended',
        pay_period: 'month',
        currency: 'PLN',
        started_at: now,
        next_pay_at: null,
        ended_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await me(auth)).access.isTrialUsed).toBe(false);
    const res = await startTrial(auth);
    expect(res.statusCode, res.body).toBe(201);
  });
});
