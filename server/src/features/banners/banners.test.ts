import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeBannerAnswerSchema, bannerListSchema, bannerSchema } from '@cuewave/contract/banners';
import { fixedClock } from '../../lib/clock';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fromIp, sessionFor } from '../../../test/auth-helpers';
import { accountFactory } from '../../../test/factories';
import { createCoupon } from '../pricing/pricing.service';
import type { Coupon } from '../pricing/coupon';
import { createBanners } from './banners.service';

/** Promotional banners (issue 15, decision 072): operators schedule them, the root shell shows the live one. */
const start = new Date('2027-03-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = fixedClock(start);
let ctx: TestContext;
type Auth = { authorization: string };
let operatorId: string;
let customerId: string;
// A session made at the clock's current time, so moving the clock never leaves a stale token.
const operator = {
  get auth(): Promise<Auth> {
    return sessionFor(ctx.db, operatorId, clock).then((s) => s.auth);
  },
};
const customer = {
  get auth(): Promise<Auth> {
    return sessionFor(ctx.db, customerId, clock).then((s) => s.auth);
  },
};

const coupon = (code: string, extra: Partial<Coupon> = {}): Coupon => ({
  code,
  kind: 'percent',
  percent: 50,
  amountMinor: null,
  currency: null,
  plans: null,
  periods: null,
  firstPurchaseOnly: false,
  expiresAt: null,
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { operatorEmails: ['ops@cuewave.test'] } });
  const accounts = accountFactory(ctx.db);
  operatorId = (await accounts.account({ email: 'ops@cuewave.test' })).id;
  customerId = (await accounts.account()).id;
  const deps = { db: ctx.db, clock };
  await createCoupon(deps, coupon('WOMEN50'));
  await createCoupon(deps, coupon('EASTER40', { percent: 40 }));
  await createCoupon(deps, coupon('EASTER20', { percent: 20 }));
  await createCoupon(deps, coupon('SHORT40', { percent: 40, expiresAt: new Date(start.getTime() + 2 * HOUR) }));
  await createCoupon(deps, coupon('OLD40', { percent: 40, expiresAt: new Date(start.getTime() - HOUR) }));
  await createCoupon(deps, coupon('TENOFF', { kind: 'fixed', percent: null, amountMinor: 1000, currency: 'usd' }));
  const launch = { kind: 'price' as const, percent: null, amountMinor: 99, currency: 'usd' as const };
  await createCoupon(deps, coupon('USLAUNCH', { ...launch, periods: ['month'] }));
  await createCoupon(deps, coupon('USYEAR', { ...launch, periods: null }));
});
afterAll(() => ctx.close());

const at = (ms: number) => new Date(start.getTime() + ms).toISOString();
const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as?: Promise<Auth> | Auth) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...fromIp(), ...(await (as ?? operator.auth)) },
  });
const post = (payload: unknown, as?: Promise<Auth> | Auth) => send('POST', '/api/v1/banners', payload, as);
const listAs = async (as: Promise<Auth>) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/banners', headers: await as });
const shown = async (edition?: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/banner${edition ? `?edition=${edition}` : ''}` });
  expect(res.statusCode).toBe(200);
  return activeBannerAnswerSchema.parse(res.json()).banner;
};

describe('banners', () => {
  it('show only while their window is open, their own edition first, with the coupon and its discount', async () => {
    expect(await shown()).toBeNull();
    const women = await post({ variant: 'womensDay', coupon: 'women50', startsAt: at(HOUR), endsAt: at(DAY) });
    expect(women.statusCode, women.body).toBe(201);
    expect(bannerSchema.parse(women.json())).toMatchObject({ edition: 'all', coupon: 'WOMEN50', state: 'scheduled' });
    expect(await shown()).toBeNull();

    clock.advance(HOUR);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/banner' });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(activeBannerAnswerSchema.parse(res.json()).banner).toEqual({
      id: women.json<{ id: string }>().id,
      variant: 'womensDay',
      code: 'WOMEN50',
      discount: { kind: 'percent', percent: 50 },
      endsAt: at(DAY),
    });
    expect((await shown('us'))?.variant).toBe('womensDay');

    // The US launch: a first month for $0.99, in the US edition only, where it wins over "all".
    const launch = await post({ variant: 'usLaunch', coupon: 'USLAUNCH', startsAt: at(0), endsAt: at(DAY) });
    expect(launch.statusCode, launch.body).toBe(201);
    expect(launch.json()).toMatchObject({ edition: 'us', state: 'live' });
    expect(await shown('us')).toMatchObject({
      variant: 'usLaunch',
      discount: { kind: 'price', amountMinor: 99, currency: 'usd', periods: ['month'] },
    });
    expect((await shown('eu'))?.variant).toBe('womensDay');
    // What it says is what the checkout charges: $0.99 before tax for a first month, in dollars only.
    const quote = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/subscription/price/start/month?coupon=USLAUNCH&${query}` });
    expect((await quote('currency=usd')).json()).toMatchObject({ price: 99, coupon: { valid: true } });
    expect((await quote('currency=eur')).json()).toMatchObject({ coupon: { valid: false, reason: 'currency' } });

    // The window closes on the second, cached or not.
    clock.advance(DAY - HOUR - 1);
    expect((await shown('eu'))?.variant).toBe('womensDay');
    clock.advance(1);
    expect(await shown('eu')).toBeNull();
    expect(await shown('us')).toBeNull();
    const list = bannerListSchema.parse((await listAs(operator.auth)).json());
    expect(list.banners.map((b) => b.state)).toEqual(['ended', 'ended']);
    clock.advance(-DAY);
    for (const b of list.banners) expect((await send('DELETE', `/api/v1/banners/${b.id}`)).statusCode).toBe(204);
  });

  it('stop showing when their coupon expires, and the operator is warned of it', async () => {
    const res = await post({ variant: 'easter', coupon: 'SHORT40', startsAt: at(0), endsAt: at(3 * DAY) });
    expect(res.statusCode, res.body).toBe(201);
    const banner = bannerSchema.parse(res.json());
    expect(banner.warnings).toEqual([expect.stringMatching(/SHORT40 expires .* before the banner ends/)]);
    expect(await shown()).toMatchObject({ variant: 'easter', code: 'SHORT40', endsAt: at(2 * HOUR) });
    clock.advance(2 * HOUR);
    expect(await shown()).toBeNull();
    const list = bannerListSchema.parse((await listAs(operator.auth)).json());
    expect(list.banners.find((b) => b.id === banner.id)?.state).toBe('coupon_expired');
    clock.advance(-2 * HOUR);
    expect((await send('DELETE', `/api/v1/banners/${banner.id}`)).statusCode).toBe(204);
    expect(await shown()).toBeNull();
    expect((await send('DELETE', `/api/v1/banners/${banner.id}`)).statusCode).toBe(404);
  });

  it('are changed by operators only, and bad input is a 400 that says why', async () => {
    const good = { variant: 'easter', coupon: 'EASTER40', startsAt: at(0), endsAt: at(DAY) };
    expect((await post(good, {} as Auth)).statusCode).toBe(401);
    const refused = await post(good, customer.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect((await listAs(customer.auth)).statusCode).toBe(403);

    const cases: Array<[unknown, RegExp | null]> = [
      [{}, null],
      [[good], null],
      [{ ...good, variant: 'halloween' }, null],
      [{ ...good, edition: 'mars' }, null],
      [{ ...good, extra: 1 }, null],
      [{ ...good, startsAt: 'tomorrow' }, null],
      [{ ...good, startsAt: '2027-02-30' }, null],
      [{ ...good, coupon: 'x'.repeat(41) }, null],
      [{ ...good, startsAt: at(DAY), endsAt: at(0) }, /endsAt must be after startsAt/],
      [{ ...good, startsAt: at(-2 * DAY), endsAt: at(-DAY) }, /already ended/],
      [{ ...good, coupon: 'NOSUCH' }, /no coupon NOSUCH/],
      [{ ...good, coupon: 'OLD40' }, /OLD40 expired/],
      [{ ...good, startsAt: at(3 * HOUR), coupon: 'SHORT40' }, /expires before the banner starts/],
      [{ ...good, coupon: 'EASTER20' }, /announces 40 % off; EASTER20 gives 20 %/],
      [{ ...good, coupon: 'TENOFF' }, /percentage off/],
      [{ ...good, variant: 'usLaunch', coupon: 'USLAUNCH', edition: 'all' }, /US edition only/],
      [{ ...good, variant: 'usLaunch', coupon: 'EASTER40' }, /first month for \$0.99/],
      [{ ...good, variant: 'usLaunch', coupon: 'USYEAR' }, /--periods month/],
    ];
    for (const [body, why] of cases) {
      const res = await post(body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      if (why) expect(res.json<{ message: string }>().message).toMatch(why);
    }
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/banners',
      payload: '{"variant":',
      headers: { ...fromIp(), ...(await operator.auth), 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(await shown()).toBeNull();

    const created = await post(good);
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    expect((await send('PUT', '/api/v1/banners/not-a-uuid', good)).statusCode).toBe(400);
    expect((await send('PUT', `/api/v1/banners/${crypto.randomUUID()}`, good)).statusCode).toBe(404);
    expect((await send('PUT', `/api/v1/banners/${id}`, { ...good, endsAt: at(-HOUR) })).statusCode).toBe(400);
    expect((await send('PUT', `/api/v1/banners/${id}`, good, customer.auth)).statusCode).toBe(403);
    const changed = await send('PUT', `/api/v1/banners/${id}`, { ...good, coupon: 'easter40', edition: 'eu' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await shown('us')).toBeNull();
    expect((await shown('eu'))?.code).toBe('EASTER40');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/banner?edition=mars' })).statusCode).toBe(400);
    expect((await send('DELETE', `/api/v1/banners/${id}`, undefined, customer.auth)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/v1/banners/${id}`)).statusCode).toBe(204);
  });

  it('are documented in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/banner', '/api/v1/banners', '/api/v1/banners/{id}']),
    );
  });

  it('reach every instance within the cache time, and each instance reads the database once per period', async () => {
    let ticks = 0;
    const deps = { db: ctx.db, clock };
    const here = createBanners(deps, 5_000, () => ticks);
    const there = createBanners(deps, 5_000, () => ticks);
    expect(await there.active('eu')).toBeNull();
    const banner = await here.create({ variant: 'midSummer', coupon: 'WOMEN50', startsAt: at(0), endsAt: at(DAY) });
    // The instance that wrote knows at once; the other one still answers from memory.
    expect((await here.active('eu'))?.id).toBe(banner.id);
    expect(await there.active('eu')).toBeNull();
    ticks += 5_000;
    expect((await there.active('eu'))?.id).toBe(banner.id);
    await here.remove(banner.id);
    expect(await here.active('eu')).toBeNull();
  });
});
