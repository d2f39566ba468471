import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceVerificationSchema, LICENCE_CODE_PATTERN, type LicenceVerification } from '@cuewave/contract/licence';
import type { SubscriptionsTable } from '../../db/schema';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory } from '../../../test/factories';
import { fromIp, sessionFor } from '../../../test/auth-helpers';
import { fixedClock } from '../../lib/clock';
import { pdfText } from './pdf-text';

const DAY = 86_400_000;
const PUBLIC_URL = 'https://cuewave.example';
const clock = fixedClock(new Date('2030-03-01T10:00:00Z'));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { publicUrl: PUBLIC_URL } });
});
afterAll(() => ctx.close());

type Auth = { authorization: string };
type User = { id: string; email: string; subscriptionId: string; auth: () => Promise<Auth> };

async function subscriber(
  plan: SubscriptionsTable['plan'] = 'professional',
  spec: { status?: SubscriptionsTable['status']; days?: number; language?: 'en' | 'pl' } = {},
): Promise<User> {
  const factory = accountFactory(ctx.db);
  const account = await factory.account({
    confirmedEmail: true,
    phone: '+48601234567',
    confirmedPhone: true,
    language: spec.language,
  });
  const trial = plan === 'trial';
  const subscriptionId = await factory.subscription(account.id, {
    plan,
    status: spec.status ?? 'active',
    payPeriod: trial ? null : 'year',
    currency: trial ? null : 'pln',
    startedAt: clock.now(),
    nextPayAt: new Date(clock.now().getTime() + (spec.days ?? (trial ? 30 : 365)) * DAY),
  });
  // Sessions are made on demand: tests move the clock past the access token's 15 minutes.
  const auth = async () => (await sessionFor(ctx.db, account.id, clock)).auth;
  return { id: account.id, email: account.email, subscriptionId, auth };
}

const download = async (user: Pick<User, 'auth'>, subscriptionId: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/subscription/license/${subscriptionId}`,
    headers: await user.auth(),
  });

async function certificate(user: User): Promise<{ code: string; pdf: Buffer; text: string }> {
  const res = await download(user, user.subscriptionId);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const match = /^attachment; filename="cuewave-licence-(CW-[A-Z0-9]{4}-[A-Z0-9]{4})\.pdf"$/.exec(
    String(res.headers['content-disposition']),
  );
  expect(match, String(res.headers['content-disposition'])).not.toBeNull();
  const code = match![1]!;
  expect(code).toMatch(LICENCE_CODE_PATTERN);
  const pdf = res.rawPayload;
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const text = (await pdfText(pdf)).join('\n');
  return { code, pdf, text };
}

const addChannel = async (user: User, type: string, url: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/subscription/channels',
    headers: await user.auth(),
    payload: { type, url },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};

const removeChannel = async (user: User, id: string) => {
  const res = await ctx.app.inject({
    method: 'DELETE',
    url: `/api/v1/subscription/channels/${id}`,
    headers: await user.auth(),
  });
  expect(res.statusCode).toBe(204);
};

const saveBilling = async (user: User, payload: Record<string, unknown>) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/billing', headers: await user.auth(), payload });
  expect(res.statusCode, res.body).toBe(200);
};

let ipSeq = 0;
const verify = (code: string, ip = `198.51.100.${(ipSeq = (ipSeq % 250) + 1)}`) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/license/verify/${encodeURIComponent(code)}`, headers: fromIp(ip) });

async function verified(code: string): Promise<LicenceVerification> {
  const res = await verify(code);
  expect(res.statusCode, res.body).toBe(200);
  return licenceVerificationSchema.parse(res.json());
}

const licenceCount = async (subscriptionId: string) =>
  (await ctx.db.selectFrom('licences').select('id').where('subscription_id', '=', subscriptionId).execute()).length;

const polishPersonal = {
  type: 'personal',
  firstName: 'Zażółć',
  lastName: 'Gęślą',
  city: 'Warszawa',
  postalCode: '00-950',
  line1: 'ul. Marszałkowska 1',
  country: 'PL',
};

describe('licence certificate PDF', () => {
  it('a subscriber downloads a PDF naming the Polish licensee, plan, channels, code and verify URL', async () => {
    const user = await subscriber('professional');
    await saveBilling(user, polishPersonal);
    await addChannel(user, 'youtube', 'https://youtube.com/@ZazolcTV/');
    await addChannel(user, 'website', 'https://studio.example.com/');
    const { code, pdf, text } = await certificate(user);
    expect(pdf.length).toBeGreaterThan(5_000);
    expect(pdf.length).toBeLessThan(400_000);
    expect(text).toContain('Licence certificate');
    expect(text).toContain('Zażółć Gęślą');
    expect(text).toContain('Professional');
    expect(text).toContain('Commercial-plus licence');
    expect(text).toContain('https://www.youtube.com/@ZazolcTV');
    expect(text).toContain('https://studio.example.com');
    expect(text).toContain(code);
    expect(text).toContain(`${PUBLIC_URL}/licenses/verify/${code}`);
    expect(text).toContain('Mar 1, 2030'); // valid from and issued
    expect(text).toContain('Mar 1, 2031'); // valid until: the next payment
    // The font is embedded (subset), so the Polish letters render anywhere.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(pdf.toString('latin1')).toMatch(/NotoSans/);
  });

  it('a Polish account’s certificate is in Polish, whatever language the request asks for', async () => {
    const user = await subscriber('professional', { language: 'pl' });
    await saveBilling(user, polishPersonal);
    await addChannel(user, 'website', 'https://studio.example.com/');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/subscription/license/${user.subscriptionId}`,
      headers: { ...(await user.auth()), 'accept-language': 'en-GB' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = (await pdfText(res.rawPayload)).join('\n');
    expect(text).toContain('Certyfikat licencji');
    expect(text).toContain('LICENCJOBIORCA Zażółć Gęślą');
    expect(text).toContain('Licencja Commercial Plus');
    expect(text).toContain('Strona internetowa');
    expect(text).toContain('1 marca 2030'); // valid from and issued
    expect(text).toContain('1 marca 2031'); // valid until
    expect(text).not.toContain('Licence certificate');
  });

  it('a business licence names the company', async () => {
    const user = await subscriber('advanced');
    await saveBilling(user, {
      ...polishPersonal,
      type: 'business',
      companyName: 'Jaźń Sp. z o.o.',
      taxNumber: '526-025-09-95',
    });
    const { text } = await certificate(user);
    expect(text).toContain('Jaźń Sp. z o.o.');
    expect(text).toContain('Advanced');
    expect(text).toContain('No channels registered yet');
  });

  it('without billing details the licensee is the account email, masked on the public check', async () => {
    const user = await subscriber('trial');
    const { code, text } = await certificate(user);
    expect(text).toContain(user.email);
    expect(text).toContain('Free trial');
    const check = await verified(code);
    expect(check.licensee).toBe(`u***@example.com`);
    expect(check.licensee).not.toContain(user.email.split('@')[0]!.slice(1));
  });

  it('downloading again with nothing changed reuses the certificate; two downloads at once issue one', async () => {
    const user = await subscriber('start');
    await addChannel(user, 'twitch', 'https://twitch.tv/reuse_me');
    const [a, b] = await Promise.all([download(user, user.subscriptionId), download(user, user.subscriptionId)]);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-disposition']).toBe(b.headers['content-disposition']);
    const again = await certificate(user);
    expect(String(a.headers['content-disposition'])).toContain(again.code);
    expect(await licenceCount(user.subscriptionId)).toBe(1);
  });

  it('a channel change issues a new code and the old one is superseded', async () => {
    const user = await subscriber('advanced');
    await addChannel(user, 'youtube', 'https://www.youtube.com/@before');
    const first = await certificate(user);
    await addChannel(user, 'tiktok', 'https://www.tiktok.com/@after');
    const second = await certificate(user);
    expect(second.code).not.toBe(first.code);
    expect(second.text).toContain('https://www.tiktok.com/@after');
    expect(await licenceCount(user.subscriptionId)).toBe(2);
    const old = await verified(first.code);
    expect(old.status).toBe('superseded');
    expect(old.supersededAt).toBe(clock.now().toISOString());
    expect(old.channels).toEqual([{ type: 'youtube', url: 'https://www.youtube.com/@before' }]);
    expect((await verified(second.code)).status).toBe('valid');
  });

  it('removing a channel supersedes the certificate that lists it at once', async () => {
    const user = await subscriber('start');
    const channelId = await addChannel(user, 'instagram', 'https://www.instagram.com/gone.soon');
    const { code } = await certificate(user);
    expect((await verified(code)).status).toBe('valid');
    await removeChannel(user, channelId);
    expect((await verified(code)).status).toBe('superseded');
    const next = await certificate(user);
    expect(next.code).not.toBe(code);
    expect(next.text).toContain('No channels registered yet');
  });

  it('a plan change issues a new certificate; a new billing name too', async () => {
    const user = await subscriber('start');
    const first = await certificate(user);
    await ctx.db.updateTable('subscriptions').set({ plan: 'advanced' }).where('id', '=', user.subscriptionId).execute();
    const second = await certificate(user);
    expect(second.code).not.toBe(first.code);
    expect(second.text).toContain('Advanced');
    expect((await verified(first.code)).status).toBe('superseded');
    await saveBilling(user, { ...polishPersonal, firstName: 'Ada', lastName: 'Lovelace' });
    const third = await certificate(user);
    expect(third.code).not.toBe(second.code);
    expect(third.text).toContain('Ada Lovelace');
  });

  it('a plan that shrank before its channels were trimmed covers only its limit, oldest first', async () => {
    const user = await subscriber('advanced');
    await addChannel(user, 'youtube', 'https://www.youtube.com/@kept');
    clock.advance(1000);
    await addChannel(user, 'tiktok', 'https://www.tiktok.com/@dropped');
    await ctx.db.updateTable('subscriptions').set({ plan: 'start' }).where('id', '=', user.subscriptionId).execute();
    const { code } = await certificate(user);
    expect((await verified(code)).channels).toEqual([{ type: 'youtube', url: 'https://www.youtube.com/@kept' }]);
  });

  it("B cannot download A's licence: 404, as for an unknown or malformed id", async () => {
    const a = await subscriber('professional');
    const b = await subscriber('professional');
    const res = await download(b, a.subscriptionId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Subscription not found' });
    expect(await licenceCount(a.subscriptionId)).toBe(0);
    expect((await download(b, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(b, 'not-a-uuid')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/subscription/license/${a.subscriptionId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a subscription waiting for its first payment has no certificate yet (409)', async () => {
    const user = await subscriber('professional', { status: 'pending' });
    const res = await download(user, user.subscriptionId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/first payment/);
  });

  it('an ended subscription without a certificate answers 409', async () => {
    const user = await subscriber('start', { status: 'ended' });
    const res = await download(user, user.subscriptionId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/has ended/);
  });
});

describe('public verification', () => {
  it('a valid certificate: status, plan, period, channels, issue time', async () => {
    const start = clock.now();
    const user = await subscriber('professional');
    await saveBilling(user, polishPersonal);
    await addChannel(user, 'vimeo', 'https://vimeo.com/zazolc');
    const { code } = await certificate(user);
    const res = await verify(code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.json()).toEqual({
      code,
      status: 'valid',
      licensee: 'Zażółć Gęślą',
      plan: 'professional',
      planTitle: 'Professional',
      validFrom: start.toISOString(),
      validUntil: new Date(start.getTime() + 365 * DAY).toISOString(),
      channels: [{ type: 'vimeo', url: 'https://vimeo.com/zazolc' }],
      issuedAt: clock.now().toISOString(),
      supersededAt: null,
    });
  });

  it('unknown and malformed codes get the same 404', async () => {
    const unknown = await verify('CW-2222-2222');
    expect(unknown.statusCode).toBe(404);
    const body = unknown.json();
    expect(body.error).toBe('NOT_FOUND');
    for (const code of ['nonsense', 'CW-0000-0000', "CW-' OR 1=1 --", 'x'.repeat(90)]) {
      const res = await verify(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual(body);
    }
  });

  it('60 checks a minute per IP, then 429 with Retry-After; other addresses are unaffected', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 60; i += 1) expect((await verify('CW-2222-3333', ip)).statusCode).toBe(404);
    const refused = await verify('CW-2222-3333', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await verify('CW-2222-3333', '203.0.113.78')).statusCode).toBe(404);
    clock.advance(61_000);
    expect((await verify('CW-2222-3333', ip)).statusCode).toBe(404);
  });
});

// These tests move the shared clock forward; they come last.
describe('verification over time', () => {
  it('a renewal of the same plan keeps the certificate valid; downloading again moves its end date, same code', async () => {
    const user = await subscriber('start', { days: 30 });
    const { code } = await certificate(user);
    const renewedTo = new Date(clock.now().getTime() + 60 * DAY);
    await ctx.db
      .updateTable('subscriptions')
      .set({ next_pay_at: renewedTo })
      .where('id', '=', user.subscriptionId)
      .execute();
    clock.advance(45 * DAY);
    const check = await verified(code);
    expect(check.status).toBe('valid');
    expect(check.validUntil).toBe(renewedTo.toISOString());
    const again = await certificate(user);
    expect(again.code).toBe(code);
    expect(await licenceCount(user.subscriptionId)).toBe(1);
  });

  it('a trial certificate expires when the trial ends, and the last one can still be downloaded', async () => {
    const user = await subscriber('trial');
    const { code } = await certificate(user);
    clock.advance(29 * DAY);
    expect((await verified(code)).status).toBe('valid');
    clock.advance(2 * DAY);
    const check = await verified(code);
    expect(check.status).toBe('expired');
    const after = await certificate(user);
    expect(after.code).toBe(code);
  });

  it('a subscription ended early cuts the certificate short', async () => {
    const user = await subscriber('advanced');
    const { code } = await certificate(user);
    const endedAt = clock.now();
    await ctx.db
      .updateTable('subscriptions')
      .set({ status: 'ended', ended_at: endedAt })
      .where('id', '=', user.subscriptionId)
      .execute();
    const check = await verified(code);
    expect(check.status).toBe('expired');
    expect(check.validUntil).toBe(endedAt.toISOString());
  });
});
