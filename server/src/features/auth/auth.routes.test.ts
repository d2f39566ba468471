import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, decodeProtectedHeader } from 'jose';
import { meSchema, ottSchema, tokenResponseSchema, type TokenResponse } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, TEST_PASSWORD } from '../../../test/factories';
import { bearer, fromIp, nextIp, sessionFor, setCookies, signedInUser, tokenRequest } from '../../../test/auth-helpers';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { latestLink, outbox } from '../../../test/outbox-helpers';
import { fixedClock } from '../../lib/clock';

const clock = fixedClock(new Date());
let ctx: TestContext;
let accounts: ReturnType<typeof accountFactory>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  accounts = accountFactory(ctx.db);
});
afterAll(() => ctx.close());

const me = (headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const refresh = (token: string) => tokenRequest(ctx.app, { grant_type: 'refresh_token', refresh_token: token });

describe('POST /api/auth/token, password grant', () => {
  it('a user signs in with a form body and gets tokens and both session cookies', async () => {
    const { email } = await accounts.account();
    const res = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = tokenResponseSchema.parse(res.json());
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'ES256', kid: expect.any(String) });

    const cookies = setCookies(res);
    expect(cookies['cm-user-token']).toMatchObject({
      value: body.access_token,
      attributes: { 'max-age': '604800', path: '/', samesite: 'Lax' },
    });
    expect(cookies['cm-user-token']!.attributes.httponly).toBeUndefined();
    expect(cookies['cm-user-token']!.attributes.secure).toBeUndefined();
    expect(cookies['cm-refresh-token']).toMatchObject({
      value: body.refresh_token,
      attributes: { 'max-age': '2592000', path: '/', samesite: 'Lax', httponly: true },
    });

    const who = await me(bearer(body.access_token));
    expect(who.statusCode).toBe(200);
    expect(meSchema.parse(who.json()).account.email).toBe(email);
  });

  it('accepts JSON bodies too, and marks cookies Secure when the request came over https', async () => {
    const { email } = await accounts.account();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { ...fromIp(), 'x-forwarded-proto': 'https' },
      payload: { grant_type: 'password', username: email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookies = setCookies(res);
    expect(cookies['cm-user-token']!.attributes.secure).toBe(true);
    expect(cookies['cm-refresh-token']!.attributes.secure).toBe(true);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const { email } = await accounts.account();
    const wrong = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: email,
      password: 'Wrong-password-1',
    });
    const unknown = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: 'nobody-here@example.com',
      password: 'Wrong-password-1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('wrong credentials or client not found');
    expect(setCookies(wrong)).toEqual({});
  });

  it('refuses an unsupported grant and a password grant without credentials', async () => {
    const bad = await tokenRequest(ctx.app, { grant_type: 'client_credentials' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'unsupported_grant_type', message: expect.stringContaining('password') });

    const missing = await tokenRequest(ctx.app, { grant_type: 'password', username: 'a@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('VALIDATION_FAILED');

    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/token', headers: fromIp(), payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it('requires a captcha after 3 failures for the same email, from any IP', async () => {
    const { email } = await accounts.account();
    for (let i = 0; i < 3; i++) {
      const res = await tokenRequest(ctx.app, {
        grant_type: 'password',
        username: email,
        password: `Nope-${i}-password`,
      });
      expect(res.json().error).toBe('wrong credentials or client not found');
    }
    // Even the right password is refused without a captcha now...
    const noCaptcha = await tokenRequest(ctx.app, { grant_type: 'password', username: email, password: TEST_PASSWORD });
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().error).toBe('recaptcha error');
    // ...or with a failing one...
    const badCaptcha = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: email,
      password: TEST_PASSWORD,
      captcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64'),
    });
    expect(badCaptcha.json().error).toBe('recaptcha error');
    // ...and accepted with a solved one; success forgets the email's failures.
    const ok = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: email,
      password: TEST_PASSWORD,
      captcha: await solveCaptcha(ctx.app),
    });
    expect(ok.statusCode).toBe(200);
    const again = await tokenRequest(ctx.app, { grant_type: 'password', username: email, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(200);
  });

  it('requires a captcha after 3 failures from the same IP, whatever the email', async () => {
    const ip = fromIp();
    for (let i = 0; i < 3; i++) {
      const res = await tokenRequest(
        ctx.app,
        { grant_type: 'password', username: `ghost${i}@example.com`, password: 'x' },
        ip,
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await tokenRequest(
      ctx.app,
      { grant_type: 'password', username: 'ghost9@example.com', password: 'x' },
      ip,
    );
    expect(res.json().error).toBe('recaptcha error');
  });

  it('rate limits sign-ins per email and address (10 per 5 minutes) with 429 and Retry-After', async () => {
    const username = 'hammered@example.com';
    const ip = fromIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await tokenRequest(ctx.app, { grant_type: 'password', username, password: 'x' }, ip)).statusCode);
    }
    expect(statuses).not.toContain(429);
    const limited = await tokenRequest(ctx.app, { grant_type: 'password', username, password: 'x' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(300);
  });

  it('rate limits the token endpoint per IP (30 per 5 minutes), whatever the grant', async () => {
    const ip = fromIp();
    for (let i = 0; i < 30; i++) {
      const res = await tokenRequest(ctx.app, { grant_type: 'refresh_token', refresh_token: `junk-${i}` }, ip);
      expect(res.statusCode).toBe(401);
    }
    const limited = await tokenRequest(ctx.app, { grant_type: 'refresh_token', refresh_token: 'junk' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await tokenRequest(ctx.app, { grant_type: 'refresh_token', refresh_token: 'junk' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/token, refresh_token grant', () => {
  it('rotates on every use; a reuse within 10 s is refused without signing out, after 10 s it revokes the family', async () => {
    const { id } = await accounts.account();
    const first = await sessionFor(ctx.db, id, clock);
    const other = await sessionFor(ctx.db, id, clock); // another device: a separate family

    const r2res = await refresh(first.refresh_token);
    expect(r2res.statusCode).toBe(200);
    const r2 = r2res.json<TokenResponse>();
    expect(r2.refresh_token).not.toBe(first.refresh_token);
    expect(setCookies(r2res)['cm-refresh-token']!.value).toBe(r2.refresh_token);

    // A second tab racing with the same token: refused, but the session lives on.
    clock.advance(5_000);
    const raced = await refresh(first.refresh_token);
    expect(raced.statusCode).toBe(401);
    expect(raced.json().error).toBe('verify jwt token');
    const r3res = await refresh(r2.refresh_token);
    expect(r3res.statusCode).toBe(200);
    const r3 = r3res.json<TokenResponse>();

    // The old token shows up again later: someone else has it. The whole family dies.
    clock.advance(11_000);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(r3.refresh_token)).statusCode).toBe(401);
    // The other device's family is untouched.
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('takes the refresh token from the cm-refresh-token cookie when the body has none', async () => {
    const { id } = await accounts.account();
    const session = await sessionFor(ctx.db, id, clock);
    const res = await tokenRequest(
      ctx.app,
      { grant_type: 'refresh_token' },
      {
        ...fromIp(),
        cookie: `cm-refresh-token=${session.refresh_token}; other=1`,
      },
    );
    expect(res.statusCode).toBe(200);
    const noCookie = await tokenRequest(ctx.app, { grant_type: 'refresh_token' });
    expect(noCookie.statusCode).toBe(401);
    expect(noCookie.json().error).toBe('verify jwt token');
  });
});

describe('access tokens and requireAuth', () => {
  it('accepts the cm-user-token cookie when there is no Authorization header', async () => {
    const { id } = await accounts.account();
    const session = await sessionFor(ctx.db, id, clock);
    const res = await me({ cookie: `cm-user-token=${session.access_token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().account.id).toBe(id);
  });

  it('refuses missing, malformed, tampered, foreign-key and unsigned tokens with verify jwt token', async () => {
    const { id } = await accounts.account();
    const { access_token: token } = await sessionFor(ctx.db, id, clock);
    const [head, payload] = token.split('.');
    const { kid } = decodeProtectedHeader(token);
    const foreign = await generateKeyPair('ES256');
    const now = Math.floor(clock.now().getTime() / 1000);
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'ES256', kid: kid! })
      .setSubject(id)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .setJti('x')
      .sign(foreign.privateKey);
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${payload}.`;
    const otherUser = Buffer.from(JSON.stringify({ sub: 'someone-else', ver: 0 })).toString('base64url');
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer not-a-jwt' },
      bearer(`${head}.${otherUser}.${token.split('.')[2]}`),
      bearer(forged),
      bearer(unsigned),
      { cookie: 'cm-user-token=garbage' },
    ];
    for (const headers of cases) {
      const res = await me(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().error).toBe('verify jwt token');
    }
  });

  it('access tokens expire after 15 minutes by the injected clock; the refresh token gets a new one', async () => {
    const { id } = await accounts.account();
    const session = await sessionFor(ctx.db, id, clock);
    clock.advance(14 * 60_000);
    expect((await me(session.auth)).statusCode).toBe(200);
    clock.advance(60_000 + 1_000);
    const expired = await me(session.auth);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe('verify jwt token');
    const renewed = (await refresh(session.refresh_token)).json<TokenResponse>();
    expect((await me(bearer(renewed.access_token))).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me', () => {
  it('tells a new user to verify their email', async () => {
    const { id } = await accounts.account();
    const res = await me((await sessionFor(ctx.db, id, clock)).auth);
    expect(meSchema.parse(res.json())).toMatchObject({
      account: { id, confirmedEmail: false },
      subscription: null,
      access: { isRegisterComplete: false, isPendingPayment: false, isNoPlan: true },
      registrationStep: 'verify-email',
    });
  });

  it('follows the registration order to the trial page and to completion', async () => {
    const { id } = await accounts.account({
      confirmedEmail: true,
      phone: '+48601234567',
      confirmedPhone: true,
      signupPlan: 'trial',
    });
    const { auth } = await sessionFor(ctx.db, id, clock);
    expect((await me(auth)).json().registrationStep).toBe('trial');
    await accounts.subscription(id, { plan: 'professional', status: 'pending', startedAt: clock.now() });
    expect((await me(auth)).json()).toMatchObject({
      registrationStep: null,
      subscription: { planType: 'professional', status: 'pending', payPeriod: 'yearly', currency: 'usd' },
      access: { isRegisterComplete: true, isPendingPayment: true, isNoPlan: false },
    });
  });
});

describe('one-time sign-in tokens', () => {
  it('GET /api/auth/ott hands the session to another device once', async () => {
    const { id } = await accounts.account();
    const { auth } = await sessionFor(ctx.db, id, clock);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/ott', headers: auth });
    expect(res.statusCode).toBe(200);
    const ott = ottSchema.parse(res.json());
    expect(ott.expiresIn).toBe(300);

    const signedIn = await tokenRequest(ctx.app, { grant_type: 'ott', code: ott.code });
    expect(signedIn.statusCode).toBe(200);
    expect((await me(bearer(signedIn.json().access_token))).json().account.id).toBe(id);

    const reused = await tokenRequest(ctx.app, { grant_type: 'ott', code: ott.code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error).toBe('verify jwt token');

    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/ott' })).statusCode).toBe(401);
    expect((await tokenRequest(ctx.app, { grant_type: 'ott' })).statusCode).toBe(401);
  });

  it('a one-time token expires after 5 minutes', async () => {
    const { id } = await accounts.account();
    const { auth } = await sessionFor(ctx.db, id, clock);
    const ott = (await ctx.app.inject({ method: 'GET', url: '/api/auth/ott', headers: auth })).json().code as string;
    clock.advance(301_000);
    expect((await tokenRequest(ctx.app, { grant_type: 'ott', code: ott })).statusCode).toBe(401);
  });

  it('POST /api/auth/ott/email mails a sign-in link to a known email and answers the same for unknown ones', async () => {
    const { id, email } = await accounts.account();
    const send = async (to: string, captcha?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/ott/email',
        headers: fromIp(),
        payload: { email: to, captcha: captcha ?? (await solveCaptcha(ctx.app)) },
      });

    const known = await send(email);
    const unknown = await send('stranger@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(await outbox(ctx.db, 'stranger@example.com')).toHaveLength(0);

    const [mail] = await outbox(ctx.db, email);
    expect(mail).toMatchObject({ template: 'signin-link', subject: expect.stringContaining('sign-in') });
    expect(mail!.html).toContain('<a href="http://localhost:3000/ott/');
    const link = new URL(await latestLink(ctx.db, email, '/ott/'));
    const code = decodeURIComponent(link.pathname.slice('/ott/'.length));
    const res = await tokenRequest(ctx.app, { grant_type: 'ott', code });
    expect(res.statusCode).toBe(200);
    expect((await me(bearer(res.json().access_token))).json().account.id).toBe(id);

    expect((await send(email, 'not-a-solution')).json().error).toBe('recaptcha error');
    // 3 per email and hour: the 4th is refused.
    await send(email);
    await send(email);
    const limited = await send(email);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('an emailed sign-in link stops working after 15 minutes', async () => {
    const { email } = await accounts.account();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/ott/email',
      headers: fromIp(),
      payload: { email, captcha: await solveCaptcha(ctx.app) },
    });
    const code = decodeURIComponent(new URL(await latestLink(ctx.db, email, '/ott/')).pathname.slice(5));
    clock.advance(15 * 60_000 + 1_000);
    expect((await tokenRequest(ctx.app, { grant_type: 'ott', code })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/revoke', () => {
  it('signs out: revokes the whole family, clears both cookies and answers {}', async () => {
    const { id } = await accounts.account();
    const session = await sessionFor(ctx.db, id, clock);
    const rotated = (await refresh(session.refresh_token)).json<TokenResponse>();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/revoke',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(session.refresh_token)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const cookies = setCookies(res);
    expect(cookies['cm-user-token']).toMatchObject({ value: '', attributes: { 'max-age': '0', path: '/' } });
    expect(cookies['cm-refresh-token']).toMatchObject({ value: '', attributes: { 'max-age': '0', httponly: true } });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });

  it('takes the token from the cookie, and answers the same for unknown or missing tokens', async () => {
    const { id } = await accounts.account();
    const session = await sessionFor(ctx.db, id, clock);
    const viaCookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/revoke',
      headers: { cookie: `cm-refresh-token=${session.refresh_token}` },
    });
    expect(viaCookie.statusCode).toBe(200);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);

    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/revoke',
      payload: { refresh_token: 'nope' },
    });
    const none = await ctx.app.inject({ method: 'POST', url: '/api/auth/revoke' });
    expect([unknown.statusCode, none.statusCode]).toEqual([200, 200]);
    expect(unknown.body).toBe(viaCookie.body);
    expect(none.body).toBe(viaCookie.body);
  });
});

describe('session expiry over days', () => {
  it('a refresh token stops working after 30 days', async () => {
    const { id } = await accounts.account();
    const session = await sessionFor(ctx.db, id, clock);
    clock.advance(30 * 24 * 3600_000 + 1_000);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    // A fresh sign-in still works, with a key that has rotated meanwhile.
    const later = await signedInUser(ctx);
    expect(decodeProtectedHeader(later.tokens.access_token).kid).not.toBe(
      decodeProtectedHeader(session.access_token).kid,
    );
    expect((await me(later.auth)).statusCode).toBe(200);
    expect(nextIp()).toMatch(/^10\./);
  });
});
