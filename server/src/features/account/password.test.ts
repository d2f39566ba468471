import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenResponseSchema, type TokenResponse } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, TEST_PASSWORD } from '../../../test/factories';
import { bearer, fromIp, sessionFor, setCookies, tokenRequest } from '../../../test/auth-helpers';
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
const signInWith = (username: string, password: string) =>
  tokenRequest(ctx.app, { grant_type: 'password', username, password });

describe('POST /api/v1/account/password', () => {
  it('checks the current password and the strength of the new one', async () => {
    const account = await accounts.account();
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: auth,
      payload: { currentPassword: 'Not-my-password-1', newPassword: 'Brand-new-pass-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('wrong credentials or client not found');
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: auth,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'aaaaaaaaaaaa' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      error: 'WEAK_PASSWORD',
      message: 'Mix letters with at least one number or symbol.',
    });
    expect((await me(auth)).statusCode).toBe(200); // nothing was revoked
  });

  it('signs out every other session at once and hands the caller fresh tokens', async () => {
    const account = await accounts.account();
    const here = await sessionFor(ctx.db, account.id, clock);
    const elsewhere = await sessionFor(ctx.db, account.id, clock);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: here.auth,
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Second-password-2' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = tokenResponseSchema.parse(res.json());
    expect(setCookies(res)['cm-user-token']!.value).toBe(fresh.access_token);

    // token_version moved: both old access tokens die now, not in 15 minutes; every refresh family is revoked.
    for (const old of [here, elsewhere]) {
      expect((await me(old.auth)).json().error).toBe('verify jwt token');
      expect((await refresh(old.refresh_token)).statusCode).toBe(401);
    }
    expect((await me(bearer(fresh.access_token))).statusCode).toBe(200);
    expect((await refresh(fresh.refresh_token)).statusCode).toBe(200);

    expect((await signInWith(account.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInWith(account.email, 'Second-password-2')).statusCode).toBe(200);
    const [mail] = await outbox(ctx.db, account.email);
    expect(mail).toMatchObject({ template: 'password-changed', subject: 'Your Cuewave password was changed' });
  });
});

describe('password reset', () => {
  const requestReset = async (email: string, captcha?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password/reset',
      headers: fromIp(),
      payload: { email, captcha: captcha ?? (await solveCaptcha(ctx.app)) },
    });
  const change = (token: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/account/password/change', payload: { token, password } });
  const tokenOf = async (email: string) =>
    new URL(await latestLink(ctx.db, email, '/auth/change-password')).searchParams.get('token')!;

  it('a user resets a forgotten password through the emailed link, and every session is signed out', async () => {
    const account = await accounts.account();
    const session = await sessionFor(ctx.db, account.id, clock);

    const res = await requestReset(account.email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({});
    const [mail] = await outbox(ctx.db, account.email);
    expect(mail).toMatchObject({ template: 'password-reset', subject: 'Reset your Cuewave password' });
    expect(mail!.html).toContain('http://localhost:3000/auth/change-password?token=');
    const token = await tokenOf(account.email);

    // A weak password is refused without spending the link.
    const weak = await change(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('WEAK_PASSWORD');

    clock.advance(1_000); // the outbox orders by time: keep the confirmation after the reset email
    const ok = await change(token, 'Recovered-pass-7');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({});
    expect((await outbox(ctx.db, account.email))[0]!.template).toBe('password-changed');

    const reused = await change(token, 'Another-pass-8');
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error).toBe('can not find account by token');

    expect((await me(session.auth)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await signInWith(account.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInWith(account.email, 'Recovered-pass-7')).statusCode).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const { email } = await accounts.account();
    const known = await requestReset(email);
    const unknown = await requestReset('who-is-this@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await outbox(ctx.db, 'who-is-this@example.com')).toEqual([]);
  });

  it('a link works for 60 minutes, only the newest link works, and made-up tokens are not found', async () => {
    const account = await accounts.account();
    await requestReset(account.email);
    const first = await tokenOf(account.email);
    clock.advance(1_000);
    await requestReset(account.email);
    const second = await tokenOf(account.email);
    expect((await change(first, 'Fresh-password-3')).statusCode).toBe(404);
    expect((await change('made-up', 'Fresh-password-3')).json().error).toBe('can not find account by token');

    clock.advance(60 * 60_000 + 1_000);
    const expired = await change(second, 'Fresh-password-3');
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe('can not find account by token');
  });

  it('needs a captcha and allows 3 requests per email and hour', async () => {
    const { email } = await accounts.account();
    const failing = await requestReset(email, 'not-solved');
    expect(failing.statusCode).toBe(400);
    expect(failing.json().error).toBe('recaptcha error');
    for (let i = 0; i < 3; i++) expect((await requestReset(email)).statusCode).toBe(202);
    const limited = await requestReset(email);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outbox(ctx.db, email)).toHaveLength(3);
  });
});

describe('sessions after a reset', () => {
  it('an old access token cannot be refreshed into a new one', async () => {
    const account = await accounts.account();
    const session = await sessionFor(ctx.db, account.id, clock);
    const rotated = (await refresh(session.refresh_token)).json<TokenResponse>();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password/reset',
      headers: fromIp(),
      payload: { email: account.email, captcha: await solveCaptcha(ctx.app) },
    });
    const token = new URL(await latestLink(ctx.db, account.email, '/auth/change-password')).searchParams.get('token')!;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password/change',
      payload: { token, password: 'Reset-again-4' },
    });
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await me(bearer(rotated.access_token))).statusCode).toBe(401);
  });
});
