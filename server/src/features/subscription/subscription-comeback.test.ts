import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { subscriptionKit, type Auth, type Kit } from './subscription-test-kit';

/**
 * Buying a plan after the trial, or after a plan ended or was cancelled (decision 051): the trial
 * ends as the paid plan starts, and the channels the account kept are cut to what the new plan covers.
 */
const clock = fixedClock(new Date('2026-04-02T08:00:00Z'));
let ctx: TestContext;
let kit: Kit;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  kit = subscriptionKit(ctx, clock);
});
afterAll(() => ctx.close());

async function addChannel(auth: Auth, handle: string): Promise<string> {
  // A second apart, so "oldest" is well defined under the fixed clock.
  clock.advance(1000);
  const res = await kit.inject('POST', '/subscription/channels', auth, {
    type: 'youtube',
    url: `https://www.youtube.com/@${handle}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ url: string }>().url;
}

const channelUrls = async (auth: Auth) =>
  (await kit.inject('GET', '/subscription/channels', auth)).json<Array<{ url: string }>>().map((c) => c.url);

async function me(auth: Auth) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return meSchema.parse(res.json());
}

async function licenceChannels(accountId: string): Promise<string[][]> {
  const rows = await ctx.db
    .selectFrom('licences')
    .select(['channels'])
    .where('account_id', '=', accountId)
    .where('superseded_at', 'is', null)
    .execute();
  return rows.map((row) => (row.channels as Array<{ url: string }>).map((c) => c.url));
}

describe('trial → paid', () => {
  it('ends the trial now, keeps its channel on the new licence, and the account is a paying member', async () => {
    const { id, auth } = await kit.user({ signupPlan: 'trial' });
    expect((await kit.inject('POST', '/subscription/new/trial', auth)).statusCode).toBe(201);
    const channel = await addChannel(auth, 'trialchannel');
    const before = await me(auth);
    expect(before).toMatchObject({ registrationStep: null, subscription: { planType: 'trial', status: 'active' } });

    const { subscription } = await kit.bought(auth, 'advanced', 'month');
    expect(subscription).toMatchObject({ planType: 'advanced', status: 'active' });

    const rows = await kit.subscriptionRows(id);
    const trial = rows.find((r) => r.plan === 'trial')!;
    expect(trial.status).toBe('ended');
    expect(new Date(trial.ended_at!).getTime()).toBe(clock.now().getTime());
    expect(await channelUrls(auth)).toEqual([channel]);
    expect(await licenceChannels(id)).toContainEqual([channel]);
    const after = await me(auth);
    expect(after).toMatchObject({
      registrationStep: null,
      subscription: { planType: 'advanced', status: 'active' },
      access: { isNoPlan: false, isTrialUsed: true },
    });
  });
});

describe('ended or cancelled → new plan', () => {
  it('a former Professional back on Start keeps its oldest channel; the others leave the licence', async () => {
    const { id, auth } = await kit.user();
    const { subscription } = await kit.bought(auth, 'professional', 'year');
    const [first, second, third] = [
      await addChannel(auth, 'first'),
      await addChannel(auth, 'second'),
      await addChannel(auth, 'third'),
    ];
    // Cancelled at once (force): the plan ends now, and the channels stay on the account.
    const cancelled = await kit.inject('DELETE', `/subscription/cancel/${subscription.id}?force=true`, auth);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await kit.current(auth)).toBeNull();
    const between = await me(auth);
    expect(between.access.isNoPlan).toBe(true);
    expect(between.registrationStep).toBe('details');
    expect(await channelUrls(auth)).toEqual([first, second, third]);

    const back = await kit.bought(auth, 'start', 'month');
    expect(back.subscription).toMatchObject({ planType: 'start', status: 'active', channelLimit: 1 });
    expect(await channelUrls(auth)).toEqual([first]);
    // No current certificate lists a channel the Start plan does not cover.
    const current = await licenceChannels(id);
    expect(current.length).toBeGreaterThan(0);
    for (const listed of current) expect(listed).not.toEqual(expect.arrayContaining([second]));
    expect(current).toContainEqual([first]);
  });

  it('a plan that ran out at its period end (renewal cancelled, the job ended it) can be bought again', async () => {
    const { id, auth } = await kit.user();
    const { subscription } = await kit.bought(auth, 'advanced', 'month');
    const channels = [await addChannel(auth, 'one'), await addChannel(auth, 'two')];
    expect((await kit.inject('DELETE', '/subscription/cancel/renew', auth)).statusCode).toBe(200);
    clock.advance(new Date(subscription.nextPayTS!).getTime() - clock.now().getTime() + 1000);
    expect((await kit.job()).ended).toBeGreaterThanOrEqual(1);
    const later = await kit.signIn(id);
    expect(await kit.current(later)).toBeNull();
    expect((await me(later)).access.isNoPlan).toBe(true);

    // The same plan fits both channels: nothing is removed.
    const again = await kit.bought(later, 'advanced', 'year');
    expect(again.subscription).toMatchObject({ planType: 'advanced', status: 'active', period: 'year' });
    expect(await channelUrls(later)).toEqual(channels);
    expect((await me(later)).registrationStep).toBeNull();
  });

  it('a cancelled plan still running is renewed, not bought twice', async () => {
    const { auth } = await kit.user();
    await kit.bought(auth, 'start', 'month');
    expect((await kit.inject('DELETE', '/subscription/cancel/renew', auth)).statusCode).toBe(200);
    const twice = await kit.buy(auth, 'advanced', 'month');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'ACTIVE_SUBSCRIPTION', message: expect.stringMatching(/renew it/) });
  });
});
