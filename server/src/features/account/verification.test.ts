import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory } from '../../../test/factories';
import { fromIp, sessionFor, signUp } from '../../../test/auth-helpers';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { latestCode, latestLink, outbox } from '../../../test/outbox-helpers';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(new Date());
let ctx: TestContext;
let accounts: ReturnType<typeof accountFactory>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  accounts = accountFactory(ctx.db);
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...fromIp(), ...headers }, ...(payload ? { payload } : {}) });

/** A user whose verification email was sent (through resend, the same path as sign-up). */
async function userWithEmailCode(spec: Parameters<typeof accounts.account>[0] = {}) {
  const account = await accounts.account(spec);
  const session = await sessionFor(ctx.db, account.id, clock);
  const res = await post('/api/v1/account/email/resend', session.auth, { captcha: await solveCaptcha(ctx.app) });
  expect(res.statusCode).toBe(202);
  return { ...account, ...session, code: await latestCode(ctx.db, account.email) };
}

const verifyEmail = (headers: Headers, body: object) => post('/api/v1/account/email/verify', headers, body);
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email verification by code', () => {
  it('a wrong code tells how many tries are left; the right one confirms the email once', async () => {
    const user = await userWithEmailCode();
    const wrong = await verifyEmail(user.auth, { code: wrongCode(user.code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'CODE_INVALID', message: 'This code is not right. 4 tries left.' });

    const ok = await verifyEmail(user.auth, { code: user.code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: user.email, confirmedEmail: true });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth });
    expect(me.json()).toMatchObject({ account: { confirmedEmail: true }, registrationStep: 'select-plan' });

    const again = await verifyEmail(user.auth, { code: user.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('email already confirmed');
  });

  it('the 5th wrong try burns the code', async () => {
    const user = await userWithEmailCode();
    const messages: string[] = [];
    for (let i = 0; i < 5; i++)
      messages.push((await verifyEmail(user.auth, { code: wrongCode(user.code) })).json().message);
    expect(messages[3]).toBe('This code is not right. 1 try left.');
    expect(messages[4]).toMatch(/no tries are left/);
    const burnt = await verifyEmail(user.auth, { code: user.code });
    expect(burnt.statusCode).toBe(400);
    expect(burnt.json().error).toBe('CODE_EXPIRED');
  });

  it('a code expires after 15 minutes, and without any code there is nothing to verify', async () => {
    const user = await userWithEmailCode();
    clock.advance(15 * 60_000 + 1_000);
    const later = await sessionFor(ctx.db, user.id, clock); // access tokens last 15 minutes too
    expect((await verifyEmail(later.auth, { code: user.code })).json().error).toBe('CODE_EXPIRED');

    const never = await accounts.account();
    const { auth } = await sessionFor(ctx.db, never.id, clock);
    expect((await verifyEmail(auth, { code: '123456' })).json().error).toBe('CODE_EXPIRED');
  });

  it('refuses a code without a signed-in user, and bodies with both or neither field', async () => {
    const user = await userWithEmailCode();
    const anonymous = await verifyEmail({}, { code: user.code });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('verify jwt token');
    expect((await verifyEmail(user.auth, { code: user.code, token: 'abc' })).json().error).toBe('VALIDATION_FAILED');
    expect((await verifyEmail(user.auth, {})).statusCode).toBe(400);
    expect((await verifyEmail(user.auth, { code: '12345' })).json().error).toBe('VALIDATION_FAILED');
  });
});

describe('email verification by link', () => {
  it('the emailed link confirms the email without signing in, once', async () => {
    const account = await signUp(ctx.app, { email: 'linky@example.com', password: 'Linky-password-9' });
    const token = new URL(await latestLink(ctx.db, account.email, '/register/verify-email')).searchParams.get('token')!;
    const ok = await verifyEmail({}, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: 'linky@example.com', confirmedEmail: true });
    const again = await verifyEmail({}, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('can not find account by token');
  });

  it('an unknown token, or the link of an older email, is not found', async () => {
    expect((await verifyEmail({}, { token: 'made-up' })).json().error).toBe('can not find account by token');
    const user = await userWithEmailCode();
    const oldToken = new URL(await latestLink(ctx.db, user.email, '/register/verify-email')).searchParams.get('token')!;
    clock.advance(31_000);
    await post('/api/v1/account/email/resend', user.auth, { captcha: await solveCaptcha(ctx.app) });
    const stale = await verifyEmail({}, { token: oldToken });
    expect(stale.statusCode).toBe(404);
    // The old code was replaced too.
    const newCode = await latestCode(ctx.db, user.email);
    if (newCode !== user.code)
      expect((await verifyEmail(user.auth, { code: user.code })).json().error).toBe('CODE_INVALID');
    expect((await verifyEmail(user.auth, { code: newCode })).statusCode).toBe(200);
  });

  it('a confirmed account answers 409 to its link', async () => {
    const user = await userWithEmailCode();
    const token = new URL(await latestLink(ctx.db, user.email, '/register/verify-email')).searchParams.get('token')!;
    await verifyEmail(user.auth, { code: user.code });
    // Confirming by code spent the link as well.
    expect((await verifyEmail({}, { token })).statusCode).toBe(404);
  });
});

describe('POST /api/v1/account/email/resend', () => {
  it('needs a captcha, allows one per 30 s and six per hour per account, and answers 409 once confirmed', async () => {
    const account = await accounts.account();
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    const resend = async (captcha?: string) =>
      post('/api/v1/account/email/resend', auth, { captcha: captcha ?? (await solveCaptcha(ctx.app)) });

    const noCaptcha = await resend('');
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().error).toBe('recaptcha error');

    expect((await resend()).statusCode).toBe(202);
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(30);
    for (let i = 0; i < 5; i++) {
      clock.advance(31_000);
      expect((await resend()).statusCode).toBe(202);
    }
    clock.advance(31_000);
    const hourly = await resend();
    expect(hourly.statusCode).toBe(429);
    expect(Number(hourly.headers['retry-after'])).toBeGreaterThan(30);
    expect(await outbox(ctx.db, account.email)).toHaveLength(6);

    const confirmed = await accounts.account({ confirmedEmail: true });
    const session = await sessionFor(ctx.db, confirmed.id, clock);
    const res = await post('/api/v1/account/email/resend', session.auth, { captcha: await solveCaptcha(ctx.app) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('email already confirmed');
    expect((await post('/api/v1/account/email/resend', {}, { captcha: 'x' })).statusCode).toBe(401);
  });
});

describe('phone', () => {
  const addPhone = (headers: Headers, body: object) => post('/api/v1/account/mobile', headers, body);

  it('needs a confirmed email first', async () => {
    const account = await accounts.account();
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    const res = await addPhone(auth, { phoneNumber: '+48601234567' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('account not confirmed');
  });

  it('validates and normalises numbers to E.164, reading national numbers in the given country', async () => {
    const account = await accounts.account({ confirmedEmail: true });
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    for (const phoneNumber of ['12', 'call me', '+48 123', '+1 555 0100']) {
      const res = await addPhone(auth, { phoneNumber });
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(res.json().error).toBe('PHONE_INVALID');
    }
    expect((await addPhone(auth, { phoneNumber: '601 234 567', country: 'XX' })).json().error).toBe('PHONE_INVALID');
    expect((await addPhone(auth, { phoneNumber: '601 234 567', country: 'POL' })).json().error).toBe(
      'VALIDATION_FAILED',
    );

    const res = await addPhone(auth, { phoneNumber: '601 234 567', country: 'pl' });
    expect(res.statusCode).toBe(200);
    expect(accountSchema.parse(res.json())).toMatchObject({ phone: '+48601234567', confirmedPhone: false });
    const [sms] = await outbox(ctx.db, '+48601234567');
    const code = await latestCode(ctx.db, '+48601234567');
    expect(sms).toMatchObject({ channel: 'sms', template: 'phone-verification' });
    expect(sms!.text).toBe(`Your Cuewave code is ${code}. It expires in 15 minutes.`);

    clock.advance(31_000);
    const us = await addPhone(auth, { phoneNumber: '(201) 555-0123' });
    expect(us.json().phone).toBe('+12015550123');
    // The code sent to the former number no longer counts.
    expect((await post('/api/v1/account/mobile/verify', auth, { code })).statusCode).toBe(400);
  });

  it('verifies the number with the texted code, then refuses to verify or resend again', async () => {
    const account = await accounts.account({ confirmedEmail: true, signupPlan: 'trial' });
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    await addPhone(auth, { phoneNumber: '+48 601 234 568' });
    const code = await latestCode(ctx.db, '+48601234568');

    const wrong = await post('/api/v1/account/mobile/verify', auth, { code: wrongCode(code) });
    expect(wrong.json()).toEqual({ error: 'CODE_INVALID', message: 'This code is not right. 4 tries left.' });
    const ok = await post('/api/v1/account/mobile/verify', auth, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+48601234568', confirmedPhone: true });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(me.json().registrationStep).toBe('trial');

    const again = await post('/api/v1/account/mobile/verify', auth, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('PHONE_ALREADY_CONFIRMED');
    const resend = await post('/api/v1/account/mobile/resend', auth, { captcha: await solveCaptcha(ctx.app) });
    expect(resend.json().error).toBe('PHONE_ALREADY_CONFIRMED');
    // Adding the same confirmed number again changes nothing and sends nothing.
    const same = await addPhone(auth, { phoneNumber: '+48601234568' });
    expect(same.json().confirmedPhone).toBe(true);
    expect(await outbox(ctx.db, '+48601234568')).toHaveLength(1);
  });

  it('resends the SMS code with a captcha and the same limits; a phone code expires too', async () => {
    const account = await accounts.account({ confirmedEmail: true });
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    const none = await post('/api/v1/account/mobile/resend', auth, { captcha: await solveCaptcha(ctx.app) });
    expect(none.json().error).toBe('PHONE_REQUIRED');
    expect((await post('/api/v1/account/mobile/verify', auth, { code: '123456' })).json().error).toBe('PHONE_REQUIRED');

    await addPhone(auth, { phoneNumber: '+48601234569' });
    const tooSoon = await post('/api/v1/account/mobile/resend', auth, { captcha: await solveCaptcha(ctx.app) });
    expect(tooSoon.statusCode).toBe(429);
    clock.advance(31_000);
    expect((await post('/api/v1/account/mobile/resend', auth, { captcha: 'nope' })).json().error).toBe(
      'recaptcha error',
    );
    const resent = await post('/api/v1/account/mobile/resend', auth, { captcha: await solveCaptcha(ctx.app) });
    expect(resent.statusCode).toBe(202);
    expect(await outbox(ctx.db, '+48601234569')).toHaveLength(2);

    const code = await latestCode(ctx.db, '+48601234569');
    clock.advance(15 * 60_000 + 1_000);
    const later = await sessionFor(ctx.db, account.id, clock);
    expect((await post('/api/v1/account/mobile/verify', later.auth, { code })).json().error).toBe('CODE_EXPIRED');
  });

  it('DELETE /api/v1/account/mobile removes the number and turns notifications off', async () => {
    const account = await accounts.account({
      confirmedEmail: true,
      phone: '+48601234570',
      confirmedPhone: true,
      mobileNotifications: true,
    });
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/account/mobile', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: null, confirmedPhone: false, mobileNotifications: false });
  });
});
