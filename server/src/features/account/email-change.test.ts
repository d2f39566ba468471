import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, emailChangeUndoneSchema, EMAIL_UNDO_DAYS } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, TEST_PASSWORD } from '../../../test/factories';
import { fromIp, sessionFor, signUp, tokenRequest } from '../../../test/auth-helpers';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { latestCode, latestLink, outbox } from '../../../test/outbox-helpers';
import { fixedClock } from '../../lib/clock';

/** Decision 048: a new sign-in email waits until confirmed; the old address is told and can undo. */
const clock = fixedClock(new Date());
let ctx: TestContext;
let accounts: ReturnType<typeof accountFactory>;

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { publicUrl: 'https://cuewave.test' } });
  accounts = accountFactory(ctx.db);
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  ctx.app.inject({ method, url, headers: { ...fromIp(), ...headers }, ...(payload ? { payload } : {}) });

async function confirmedUser() {
  const account = await accounts.account({ confirmedEmail: true });
  const session = await sessionFor(ctx.db, account.id, clock);
  return { ...account, ...session };
}

const newAddress = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.com`;

const requestChange = (user: { auth: Headers }, email: string) =>
  call('POST', '/api/v1/account', user.auth, { email, currentPassword: TEST_PASSWORD });

const signInStatus = async (email: string, password = TEST_PASSWORD) =>
  (await tokenRequest(ctx.app, { grant_type: 'password', username: email, password })).statusCode;

const tokenOf = (link: string, name: string) => new URL(link).searchParams.get(name)!;

/** Requests and confirms a change by code; the undo token mailed to the old address. */
async function switchEmail(user: { email: string; auth: Headers }, next: string): Promise<string> {
  expect((await requestChange(user, next)).statusCode).toBe(200);
  const verified = await call('POST', '/api/v1/account/email/verify', user.auth, {
    code: await latestCode(ctx.db, next),
  });
  expect(verified.statusCode).toBe(200);
  return tokenOf(await latestLink(ctx.db, user.email, '/account/email-change'), 'undo');
}

describe('changing the sign-in email', () => {
  it('keeps the old email for sign-in until the new one is confirmed, then tells the old address', async () => {
    const user = await confirmedUser();
    const next = newAddress('pending');

    const res = await requestChange(user, next);
    expect(res.statusCode).toBe(200);
    expect(accountSchema.parse(res.json())).toMatchObject({
      email: user.email,
      confirmedEmail: true,
      pendingEmail: next,
    });
    const [mail] = await outbox(ctx.db, next);
    expect(mail).toMatchObject({
      template: 'email-change-verification',
      subject: expect.stringContaining('new email'),
    });
    expect(mail!.text).toContain(user.email);
    expect(await latestLink(ctx.db, next, '/account/email-change')).toContain('confirm=');

    // Pending: the old address still signs in, the new one does not, and the old one was told nothing yet.
    expect((await call('GET', '/api/auth/me', user.auth)).json().account).toMatchObject({ email: user.email });
    expect(await signInStatus(user.email)).toBe(200);
    expect(await signInStatus(next)).toBe(401);
    expect(await outbox(ctx.db, user.email)).toEqual([]);

    const verified = await call('POST', '/api/v1/account/email/verify', user.auth, {
      code: await latestCode(ctx.db, next),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: next, confirmedEmail: true });
    expect((await call('GET', '/api/v1/account', user.auth)).json()).toMatchObject({
      email: next,
      confirmedEmail: true,
      pendingEmail: null,
    });
    expect(await signInStatus(next)).toBe(200);
    expect(await signInStatus(user.email)).toBe(401);

    const [notice] = await outbox(ctx.db, user.email);
    expect(notice).toMatchObject({ template: 'email-changed', subject: expect.stringContaining('changed') });
    expect(notice!.text).toContain(next);
    expect(notice!.text).toContain(`${EMAIL_UNDO_DAYS} days`);
    expect(await latestLink(ctx.db, user.email, '/account/email-change')).toMatch(
      /^https:\/\/cuewave\.test\/account\/email-change\?undo=/,
    );
  });

  it('confirms by the emailed link too, in any browser, once', async () => {
    const user = await confirmedUser();
    const next = newAddress('linked');
    await requestChange(user, next);
    const token = tokenOf(await latestLink(ctx.db, next, '/account/email-change'), 'confirm');

    const ok = await call('POST', '/api/v1/account/email/verify', {}, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: next, confirmedEmail: true });
    const again = await call('POST', '/api/v1/account/email/verify', {}, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe('can not find account by token');
    expect((await outbox(ctx.db, user.email))[0]!.template).toBe('email-changed');
  });

  it('replaces an unconfirmed email at once: nothing about it was proven (a sign-up fixing a typo)', async () => {
    const account = await accounts.account({ confirmedEmail: false });
    const user = { ...account, ...(await sessionFor(ctx.db, account.id, clock)) };
    const next = newAddress('typo-fixed');
    const res = await requestChange(user, next);
    expect(res.json()).toMatchObject({ email: next, confirmedEmail: false, pendingEmail: null });
    expect((await outbox(ctx.db, next))[0]!.template).toBe('email-change-verification');
  });

  it('refuses an address another account signs in with, or takes meanwhile', async () => {
    const user = await confirmedUser();
    const other = await accounts.account();
    const taken = await requestChange(user, other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'EMAIL_TAKEN', message: expect.any(String) });

    const next = newAddress('raced');
    await requestChange(user, next);
    const code = await latestCode(ctx.db, next);
    await signUp(ctx.app, { email: next, password: 'Sunny-days-2030' }); // someone else signs up with it first
    const refused = await call('POST', '/api/v1/account/email/verify', user.auth, { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('EMAIL_TAKEN');
    expect((await call('GET', '/api/v1/account', user.auth)).json()).toMatchObject({ email: user.email });
    expect(await signInStatus(user.email)).toBe(200);
  });

  it('cancels a pending change: its code and link stop working', async () => {
    const user = await confirmedUser();
    const next = newAddress('cancelled');
    await requestChange(user, next);
    const code = await latestCode(ctx.db, next);
    const token = tokenOf(await latestLink(ctx.db, next, '/account/email-change'), 'confirm');

    const cancelled = await call('DELETE', '/api/v1/account/email/pending', user.auth);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email: user.email, confirmedEmail: true, pendingEmail: null });
    expect((await call('POST', '/api/v1/account/email/verify', user.auth, { code })).statusCode).toBe(409);
    expect((await call('POST', '/api/v1/account/email/verify', {}, { token })).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/account', user.auth)).json().email).toBe(user.email);
    expect((await call('DELETE', '/api/v1/account/email/pending')).statusCode).toBe(401);
  });

  it('resends the code to the pending address, within the resend limits', async () => {
    const user = await confirmedUser();
    const next = newAddress('resent');
    await requestChange(user, next);
    const resend = async () =>
      call('POST', '/api/v1/account/email/resend', user.auth, { captcha: await solveCaptcha(ctx.app) });
    expect((await resend()).statusCode).toBe(429); // one code per 30 s: the change just sent one
    clock.advance(31_000);
    expect((await resend()).statusCode).toBe(202);
    expect(await outbox(ctx.db, next)).toHaveLength(2);
    expect(await outbox(ctx.db, user.email)).toEqual([]);
  });
});

describe('undoing an email change from the old address', () => {
  it('restores the old email, signs every session out and makes the password be chosen anew', async () => {
    const user = await confirmedUser();
    const next = newAddress('hijacked');
    const undo = await switchEmail(user, next);

    const res = await call('POST', '/api/v1/account/email/undo', {}, { token: undo });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = emailChangeUndoneSchema.parse(res.json());
    expect(body.email).toBe(user.email);

    expect((await call('GET', '/api/auth/me', user.auth)).statusCode).toBe(401);
    expect(await signInStatus(next)).toBe(401);
    expect(await signInStatus(user.email)).toBe(401); // whoever changed it knew the password
    const reset = await call(
      'POST',
      '/api/v1/account/password/change',
      {},
      {
        token: body.resetToken,
        password: 'Fresh-start-2031',
      },
    );
    expect(reset.statusCode).toBe(200);
    expect(await signInStatus(user.email, 'Fresh-start-2031')).toBe(200);
    const row = await ctx.db
      .selectFrom('accounts')
      .select(['email', 'confirmed_email', 'pending_email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: user.email, confirmed_email: true, pending_email: null });
  });

  it('works once: a reused, made-up or wrong-purpose token is refused', async () => {
    const user = await confirmedUser();
    const next = newAddress('once');
    await requestChange(user, next);
    const confirmToken = tokenOf(await latestLink(ctx.db, next, '/account/email-change'), 'confirm');
    await call('POST', '/api/v1/account/email/verify', {}, { token: confirmToken });
    const undo = tokenOf(await latestLink(ctx.db, user.email, '/account/email-change'), 'undo');

    // The spent confirm link is no undo link, and nothing else is either.
    for (const token of [confirmToken, 'made-up-token', undo.slice(0, -1)]) {
      const refused = await call('POST', '/api/v1/account/email/undo', {}, { token });
      expect(refused.statusCode, token).toBe(404);
      expect(refused.json()).toEqual({ error: 'can not find account by token', message: expect.any(String) });
    }
    expect((await call('POST', '/api/v1/account/email/undo', {}, { token: undo })).statusCode).toBe(200);
    const reused = await call('POST', '/api/v1/account/email/undo', {}, { token: undo });
    expect(reused.statusCode).toBe(404);
    expect((await call('POST', '/api/v1/account/email/undo', {}, {})).statusCode).toBe(400);
  });

  it('an undo link only ever restores the account it was mailed for, whoever sends it', async () => {
    const victim = await confirmedUser();
    const bystander = await confirmedUser();
    const victimUndo = await switchEmail(victim, newAddress('victim-new'));
    const bystanderNew = newAddress('bystander-new');
    await switchEmail(bystander, bystanderNew);

    // The bystander, signed in, presents the victim's link: the victim is restored, the bystander untouched.
    const res = await call('POST', '/api/v1/account/email/undo', bystander.auth, { token: victimUndo });
    expect(res.json().email).toBe(victim.email);
    expect((await call('GET', '/api/v1/account', bystander.auth)).json()).toMatchObject({ email: bystanderNew });
  });

  it('voids the later undo links of an account once one was used', async () => {
    const user = await confirmedUser();
    const second = newAddress('second');
    const firstUndo = await switchEmail(user, newAddress('first'));
    clock.advance(31_000); // the resend limits allow one code per 30 s
    // A second change, mailed to the first new address (think: the hijacker's) with its own undo link.
    const stillSignedIn = { ...user, email: (await call('GET', '/api/v1/account', user.auth)).json().email };
    const secondUndo = await switchEmail(stillSignedIn, second);

    expect((await call('POST', '/api/v1/account/email/undo', {}, { token: firstUndo })).json().email).toBe(user.email);
    const hijackerUndo = await call('POST', '/api/v1/account/email/undo', {}, { token: secondUndo });
    expect(hijackerUndo.statusCode).toBe(404);
  });

  it('keeps the old address reserved for its owner while the undo link lives', async () => {
    const user = await confirmedUser();
    await switchEmail(user, newAddress('moved-on'));
    const squat = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/register',
      headers: fromIp(),
      payload: {
        email: user.email,
        password: 'Sunny-days-2030',
        newsletter: false,
        captcha: await solveCaptcha(ctx.app),
      },
    });
    expect(squat.statusCode).toBe(409);
    expect(squat.json().error).toBe('EMAIL_TAKEN');
    // The owner may go back to it, though.
    clock.advance(31_000);
    const back = await requestChange(user, user.email);
    expect(back.json()).toMatchObject({ pendingEmail: user.email });
  });

  it('refuses an expired undo link', async () => {
    const user = await confirmedUser();
    const undo = await switchEmail(user, newAddress('late'));
    clock.advance(EMAIL_UNDO_DAYS * 24 * 3600 * 1000 + 60_000);
    const res = await call('POST', '/api/v1/account/email/undo', {}, { token: undo });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('can not find account by token');
  });
});
