import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelListSchema, channelSchema, type Channel } from '@cuewave/contract/licence';
import type { SubscriptionsTable } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';
import { listChannels } from './channel-list';

const DAY = 86_400_000;
const clock = fixedClock(new Date('2030-03-01T10:00:00Z'));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

type Auth = { authorization: string };

async function subscriber(
  plan: SubscriptionsTable['plan'] | null,
  spec: { nextPayAt?: Date; status?: SubscriptionsTable['status'] } = {},
) {
  const factory = accountFactory(ctx.db);
  const account = await factory.account({ confirmedEmail: true, phone: '+48601234567', confirmedPhone: true });
  if (plan) {
    const trial = plan === 'trial';
    await factory.subscription(account.id, {
      plan,
      status: spec.status ?? 'active',
      payPeriod: trial ? null : 'year',
      currency: trial ? null : 'usd',
      startedAt: clock.now(),
      nextPayAt: spec.nextPayAt ?? new Date(clock.now().getTime() + (trial ? 30 : 365) * DAY),
    });
  }
  const session = await sessionFor(ctx.db, account.id, clock);
  return { id: account.id, auth: session.auth };
}

const list = (auth?: Auth) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/subscription/channels', headers: { ...auth } });
const add = (auth: Auth | undefined, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/subscription/channels', headers: { ...auth }, payload });
const remove = (auth: Auth | undefined, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/v1/subscription/channels/${id}`, headers: { ...auth } });

async function added(auth: Auth, type: string, url: string): Promise<Channel> {
  // Channels are listed by creation time: a second apart, their order is certain.
  clock.advance(1000);
  const res = await add(auth, { type, url });
  expect(res.statusCode, res.body).toBe(201);
  return channelSchema.parse(res.json());
}

describe('channels: signing in and subscriptions', () => {
  it('a visitor without a token gets 401 on every channel call', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await add(undefined, { type: 'youtube', url: 'https://www.youtube.com/@a-channel' })).statusCode).toBe(401);
    expect((await remove(undefined, '7d3f1c2e-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('a user without a subscription sees no channels and cannot add one (403 with a way forward)', async () => {
    const user = await subscriber(null);
    const res = await list(user.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const refused = await add(user.auth, { type: 'youtube', url: 'https://www.youtube.com/@nosub' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'FORBIDDEN',
      message: expect.stringMatching(/free trial or choose a plan/),
    });
  });

  it('a trial whose end has passed no longer lets the user add channels', async () => {
    const user = await subscriber('trial', { nextPayAt: new Date(clock.now().getTime() - 1000) });
    const res = await add(user.auth, { type: 'youtube', url: 'https://www.youtube.com/@late' });
    expect(res.statusCode).toBe(403);
  });
});

describe('channels: adding, normalising, removing', () => {
  it('a subscriber adds a channel, stored normalised, and sees it listed', async () => {
    const user = await subscriber('advanced');
    const channel = await added(user.auth, 'youtube', 'https://m.YouTube.com/@CueWave/videos?x=1#top');
    expect(channel).toMatchObject({
      type: 'youtube',
      url: 'https://www.youtube.com/@CueWave',
      createTS: clock.now().toISOString(),
    });
    const res = await list(user.auth);
    expect(res.statusCode).toBe(200);
    expect(channelListSchema.parse(res.json())).toEqual([channel]);
    expect(await listChannels(ctx, user.id)).toEqual([channel]);
  });

  it.each([
    ['youtube', 'https://www.tiktok.com/@wrong', /YouTube channel address/],
    ['youtube', 'http://www.youtube.com/@insecure', /https/],
    ['instagram', 'https://www.instagram.com/p/Cxyz123', /Instagram/],
    ['website', 'https://192.168.1.10/', /IP address/],
    ['website', 'https://localhost/shop', /domain name|public/],
    ['podcast', 'https://user:secret@podcasts.example.com/show', /user name or password/],
    ['website', 'https://www.youtube.com/@cuewave', /choose YouTube/],
  ])('a bad %s address %s is refused with 400 VALIDATION_FAILED naming the problem', async (type, url, message) => {
    const user = await subscriber('advanced');
    const res = await add(user.auth, { type, url });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; message: string }>();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(/^Invalid body: url: /);
    expect(body.message).toMatch(message);
    expect(await listChannels(ctx, user.id)).toEqual([]);
  });

  it('an unknown type or a missing address is refused by the schema', async () => {
    const user = await subscriber('advanced');
    expect((await add(user.auth, { type: 'myspace', url: 'https://myspace.com/x' })).json().error).toBe(
      'VALIDATION_FAILED',
    );
    expect((await add(user.auth, { type: 'youtube' })).statusCode).toBe(400);
  });

  it('the same channel typed differently is a duplicate: 409 CONFLICT', async () => {
    const user = await subscriber('advanced');
    await added(user.auth, 'x', 'https://twitter.com/CueWave');
    for (const url of ['https://x.com/cuewave', 'x.com/CUEWAVE/', 'https://mobile.twitter.com/cuewave?s=20']) {
      const res = await add(user.auth, { type: 'x', url });
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({ error: 'CONFLICT', message: 'This channel is already on your licence.' });
    }
    expect(await listChannels(ctx, user.id)).toHaveLength(1);
  });

  it('two users may list the same channel address (each on their own licence)', async () => {
    const a = await subscriber('start');
    const b = await subscriber('start');
    await added(a.auth, 'twitch', 'https://twitch.tv/shared_stream');
    await added(b.auth, 'twitch', 'https://twitch.tv/shared_stream');
  });

  it('a subscriber removes a channel (204); removing it again or a malformed id is 404', async () => {
    const user = await subscriber('start');
    const channel = await added(user.auth, 'tiktok', 'https://www.tiktok.com/@dancer');
    const res = await remove(user.auth, channel.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await listChannels(ctx, user.id)).toEqual([]);
    expect((await remove(user.auth, channel.id)).json()).toEqual({ error: 'NOT_FOUND', message: 'Channel not found' });
    expect((await remove(user.auth, 'not-a-uuid')).statusCode).toBe(404);
    expect((await remove(user.auth, "1' or '1'='1")).statusCode).toBe(404);
  });
});

describe('channels: the plan limit (spec §6)', () => {
  it('a trial covers 1 channel: the second is refused with the plan in the message', async () => {
    const user = await subscriber('trial');
    await added(user.auth, 'youtube', 'https://www.youtube.com/@first');
    const res = await add(user.auth, { type: 'instagram', url: 'https://www.instagram.com/second' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'CONFLICT',
      message: 'Your Free trial covers 1 channel. Remove one or upgrade to add more.',
    });
  });

  it('advanced covers 3; after removing one another fits again', async () => {
    const user = await subscriber('advanced');
    const first = await added(user.auth, 'youtube', 'https://www.youtube.com/@one');
    await added(user.auth, 'tiktok', 'https://www.tiktok.com/@two');
    await added(user.auth, 'website', 'https://three.example.com');
    const res = await add(user.auth, { type: 'vimeo', url: 'https://vimeo.com/four' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Your Advanced plan covers 3 channels. Remove one or upgrade to add more.');
    expect((await remove(user.auth, first.id)).statusCode).toBe(204);
    await added(user.auth, 'vimeo', 'https://vimeo.com/four');
    expect((await listChannels(ctx, user.id)).map((c) => c.type)).toEqual(['tiktok', 'website', 'vimeo']);
  });

  it('enterprise covers 15 and points to us rather than an upgrade', async () => {
    const user = await subscriber('enterprise');
    for (let i = 0; i < 15; i += 1) await added(user.auth, 'website', `https://site${i}.example.com`);
    const res = await add(user.auth, { type: 'website', url: 'https://site15.example.com' });
    expect(res.json().message).toBe('Your Enterprise plan covers 15 channels. Remove one or contact us to add more.');
  });

  it('concurrent adds at the limit: exactly one wins, the rest get 409', async () => {
    const user = await subscriber('advanced');
    await added(user.auth, 'youtube', 'https://www.youtube.com/@race0');
    await added(user.auth, 'youtube', 'https://www.youtube.com/@race1');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        add(user.auth, { type: 'youtube', url: `https://www.youtube.com/@race-${n}` }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    expect(await listChannels(ctx, user.id)).toHaveLength(3);
  });

  it('two concurrent adds of the only trial slot: one channel, never two', async () => {
    const user = await subscriber('trial');
    const results = await Promise.all([
      add(user.auth, { type: 'youtube', url: 'https://www.youtube.com/@slot-a' }),
      add(user.auth, { type: 'tiktok', url: 'https://www.tiktok.com/@slot_b' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await listChannels(ctx, user.id)).toHaveLength(1);
  });

  it('concurrent adds of the same address: one row, the other 409', async () => {
    const user = await subscriber('professional');
    const results = await Promise.all([
      add(user.auth, { type: 'youtube', url: 'https://www.youtube.com/@twice' }),
      add(user.auth, { type: 'youtube', url: 'https://youtube.com/@twice/' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await listChannels(ctx, user.id)).toHaveLength(1);
  });
});

describe("channels: one user never touches another's", () => {
  it("B cannot list or delete A's channels", async () => {
    const a = await subscriber('advanced');
    const b = await subscriber('advanced');
    const channel = await added(a.auth, 'facebook', 'https://www.facebook.com/alices.page');
    expect((await list(b.auth)).json()).toEqual([]);
    const res = await remove(b.auth, channel.id);
    expect(res.statusCode).toBe(404);
    expect(await listChannels(ctx, a.id)).toEqual([channel]);
  });
});
