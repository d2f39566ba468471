import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { accountSchema, type Account } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, TEST_PASSWORD } from '../../../test/factories';
import { fromIp, sessionFor, setCookies, signUp, tokenRequest } from '../../../test/auth-helpers';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { latestCode, latestLink, outbox } from '../../../test/outbox-helpers';
import { fixedClock } from '../../lib/clock';

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
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function newUser(spec: Parameters<typeof accounts.account>[0] = {}) {
  const account = await accounts.account(spec);
  const session = await sessionFor(ctx.db, account.id, clock);
  return { ...account, ...session };
}

describe('POST /api/v1/account/register', () => {
  const register = async (body: Record<string, unknown>, headers: Headers = fromIp()) =>
    call('POST', '/api/v1/account/register', headers, body);

  it('a visitor signs up and gets a verification email with a code and a link', async () => {
    const account = await signUp(ctx.app, {
      email: 'New.Person@Example.com',
      password: 'Sunny-days-2030',
      newsletter: true,
    });
    expect(accountSchema.parse(account)).toMatchObject({
      email: 'new.person@example.com',
      confirmedEmail: false,
      phone: null,
      confirmedPhone: false,
      newsletter: true,
      mobileNotifications: false,
      rating: null,
      signupPlan: null,
    });
    const row = await ctx.db
      .selectFrom('accounts')
      .select('password_hash')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const [mail] = await outbox(ctx.db, 'new.person@example.com');
    expect(mail).toMatchObject({
      channel: 'email',
      template: 'email-verification',
      subject: expect.stringContaining('Confirm'),
    });
    const code = await latestCode(ctx.db, account.email);
    expect(mail!.html).toContain(code);
    expect(mail!.html).toMatch(/<html/);
    const link = new URL(await latestLink(ctx.db, account.email, '/register/verify-email'));
    expect(link.origin).toBe('https://cuewave.test');
    expect(link.searchParams.get('token')).toBeTruthy();

    const signedIn = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: account.email,
      password: 'Sunny-days-2030',
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('refuses a missing or failing captcha, a weak password, a taken email and a malformed one', async () => {
    const { email } = await accounts.account();
    const good = { email: 'fresh@example.com', password: 'Sunny-days-2030', newsletter: false };

    const failing = await register({ ...good, captcha: 'bogus' });
    expect(failing.statusCode).toBe(400);
    expect(failing.json().error).toBe('recaptcha error');
    const missing = await register(good);
    expect(missing.statusCode).toBe(400);

    const weak = await register({ ...good, password: 'short1', captcha: await solveCaptcha(ctx.app) });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: 'WEAK_PASSWORD', message: 'Use at least 10 characters.' });
    const asEmail = await register({ ...good, password: good.email, captcha: await solveCaptcha(ctx.app) });
    expect(asEmail.json().error).toBe('WEAK_PASSWORD');

    const taken = await register({ ...good, email: email.toUpperCase(), captcha: await solveCaptcha(ctx.app) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('EMAIL_TAKEN');

    const malformed = await register({ ...good, email: 'not-an-email', captcha: await solveCaptcha(ctx.app) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('VALIDATION_FAILED');
    expect(await outbox(ctx.db, 'fresh@example.com')).toHaveLength(0);
  });

  it('a captcha solution works once', async () => {
    const captcha = await solveCaptcha(ctx.app);
    const body = { email: 'once@example.com', password: 'short', newsletter: false, captcha };
    expect((await register(body)).json().error).toBe('WEAK_PASSWORD');
    expect((await register(body)).json().error).toBe('recaptcha error');
  });

  it('allows 10 sign-ups per IP and hour, then 429 with Retry-After', async () => {
    const ip = fromIp();
    const attempt = async () =>
      register(
        { email: 'flood@example.com', password: 'weak', newsletter: false, captcha: await solveCaptcha(ctx.app) },
        ip,
      );
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('GET and POST /api/v1/account', () => {
  it('reads the signed-in account and refuses callers without a valid token', async () => {
    const user = await newUser({ newsletter: true });
    const res = await call('GET', '/api/v1/account', user.auth);
    expect(res.statusCode).toBe(200);
    expect(accountSchema.parse(res.json())).toMatchObject({ id: user.id, email: user.email, newsletter: true });
    expect(res.json()).not.toHaveProperty('password_hash');
    const anonymous = await call('GET', '/api/v1/account');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe('verify jwt token');
  });

  it('updates the newsletter choice and the signup plan and period', async () => {
    const user = await newUser();
    const res = await call('POST', '/api/v1/account', user.auth, {
      newsletter: true,
      signupPlan: 'trial',
      signupPeriod: 'month',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ newsletter: true, signupPlan: 'trial', signupPeriod: 'month' });
    const cleared = await call('POST', '/api/v1/account', user.auth, { signupPlan: null });
    expect(cleared.json()).toMatchObject({ signupPlan: null, signupPeriod: 'month', newsletter: true });
    const bad = await call('POST', '/api/v1/account', user.auth, { signupPlan: 'platinum' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('VALIDATION_FAILED');
  });

  it('changes the email only with the current password; the new one signs in once verified', async () => {
    const user = await newUser({ confirmedEmail: true });
    const other = await accounts.account();
    const newEmail = `moved-${user.id.slice(0, 6)}@example.com`;

    const noPassword = await call('POST', '/api/v1/account', user.auth, { email: newEmail });
    expect(noPassword.statusCode).toBe(400);
    const wrong = await call('POST', '/api/v1/account', user.auth, {
      email: newEmail,
      currentPassword: 'Wrong-pass-123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('wrong credentials or client not found');
    const taken = await call('POST', '/api/v1/account', user.auth, {
      email: other.email,
      currentPassword: TEST_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('EMAIL_TAKEN');
    // Same address, other case: nothing changes, no password needed.
    const same = await call('POST', '/api/v1/account', user.auth, { email: user.email.toUpperCase() });
    expect(same.json()).toMatchObject({ email: user.email, confirmedEmail: true });

    const moved = await call('POST', '/api/v1/account', user.auth, { email: newEmail, currentPassword: TEST_PASSWORD });
    expect(moved.statusCode).toBe(200);
    // Pending until confirmed (decision 048): the old address stays the sign-in email.
    expect(moved.json()).toMatchObject({ email: user.email, confirmedEmail: true, pendingEmail: newEmail });
    const [mail] = await outbox(ctx.db, newEmail);
    expect(mail!.template).toBe('email-change-verification');

    const verified = await call('POST', '/api/v1/account/email/verify', user.auth, {
      code: await latestCode(ctx.db, newEmail),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email: newEmail, confirmedEmail: true });
  });

  it('records a rating from 1 to 5 and refuses anything else', async () => {
    const user = await newUser();
    const res = await call('POST', '/api/v1/account/rate', user.auth, { value: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().rating).toBe(5);
    for (const value of [0, 6, 2.5, '4']) {
      const bad = await call('POST', '/api/v1/account/rate', user.auth, { value });
      expect(bad.statusCode, String(value)).toBe(400);
    }
    expect((await call('GET', '/api/v1/account', user.auth)).json().rating).toBe(5);
  });

  it('subscribes to and unsubscribes from the newsletter', async () => {
    const user = await newUser();
    expect((await call('POST', '/api/v1/account/email/newsletter', user.auth)).json().newsletter).toBe(true);
    expect((await call('DELETE', '/api/v1/account/email/newsletter', user.auth)).json().newsletter).toBe(false);
    expect((await call('POST', '/api/v1/account/email/newsletter')).statusCode).toBe(401);
  });

  it('turns text notifications on only with a confirmed phone', async () => {
    const noPhone = await newUser({ confirmedEmail: true });
    const refused = await call('POST', '/api/v1/account/mobile/notifications', noPhone.auth);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('PHONE_REQUIRED');
    const unconfirmed = await newUser({ confirmedEmail: true, phone: '+48601234567' });
    expect((await call('POST', '/api/v1/account/mobile/notifications', unconfirmed.auth)).json().error).toBe(
      'PHONE_REQUIRED',
    );

    const user = await newUser({ confirmedEmail: true, phone: '+48601234567', confirmedPhone: true });
    expect((await call('POST', '/api/v1/account/mobile/notifications', user.auth)).json().mobileNotifications).toBe(
      true,
    );
    expect((await call('DELETE', '/api/v1/account/mobile/notifications', user.auth)).json().mobileNotifications).toBe(
      false,
    );
  });
});

describe('DELETE /api/v1/account', () => {
  const count = async (
    table: 'refresh_tokens' | 'one_time_tokens' | 'verification_codes' | 'subscriptions',
    accountId: string,
  ) =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('needs the password and refuses while a paid subscription is active', async () => {
    const user = await newUser();
    const wrong = await call('DELETE', '/api/v1/account', user.auth, { password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('wrong credentials or client not found');

    await accounts.subscription(user.id, { plan: 'advanced', status: 'payment' });
    const paid = await call('DELETE', '/api/v1/account', user.auth, { password: TEST_PASSWORD });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ error: 'ACTIVE_SUBSCRIPTION', message: expect.stringMatching(/cancel/i) });
    expect((await call('GET', '/api/v1/account', user.auth)).statusCode).toBe(200);
  });

  it('deletes the account and everything personal, and its tokens die', async () => {
    const [phone, formerPhone] = ['+48601234598', '+48601234599'];
    const user = await newUser({ confirmedEmail: true });
    const bystander = await newUser();
    await accounts.subscription(user.id, { plan: 'trial', status: 'active', payPeriod: null });
    await accounts.subscription(user.id, { plan: 'start', status: 'ended' });
    await call('GET', '/api/auth/ott', user.auth); // a one-time token
    // A phone, then another one: codes and SMS to both numbers.
    await call('POST', '/api/v1/account/mobile', { ...user.auth, ...fromIp() }, { phoneNumber: formerPhone });
    clock.advance(31_000);
    await call('POST', '/api/v1/account/mobile', { ...user.auth, ...fromIp() }, { phoneNumber: phone });
    await ctx.providers.email.send({ to: user.email, subject: 's', text: 't', html: 'h', template: 'test' });
    await ctx.providers.email.send({ to: bystander.email, subject: 's', text: 't', html: 'h', template: 'test' });
    expect(await outbox(ctx.db, formerPhone)).toHaveLength(1);
    expect(await outbox(ctx.db, phone)).toHaveLength(1);
    expect(await count('verification_codes', user.id)).toBe(2);
    expect(await count('one_time_tokens', user.id)).toBe(1);

    const res = await call(
      'DELETE',
      '/api/v1/account',
      { ...user.auth, 'content-type': 'application/json' },
      { password: TEST_PASSWORD },
    );
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(setCookies(res)['cm-user-token']!.attributes['max-age']).toBe('0');

    expect(await ctx.db.selectFrom('accounts').select('id').where('id', '=', user.id).execute()).toEqual([]);
    for (const table of ['refresh_tokens', 'one_time_tokens', 'verification_codes', 'subscriptions'] as const) {
      expect(await count(table, user.id), table).toBe(0);
    }
    expect(await outbox(ctx.db, user.email)).toEqual([]);
    expect(await outbox(ctx.db, phone)).toEqual([]);
    expect(await outbox(ctx.db, formerPhone)).toEqual([]);
    expect(await outbox(ctx.db, bystander.email)).toHaveLength(1);

    const after = await call('GET', '/api/v1/account', user.auth);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('verify jwt token');
    expect(
      (await tokenRequest(ctx.app, { grant_type: 'refresh_token', refresh_token: user.refresh_token })).statusCode,
    ).toBe(401);
    const signIn = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.json().error).toBe('wrong credentials or client not found');
    expect((await call('GET', '/api/v1/account', bystander.auth)).statusCode).toBe(200);
  });
});

describe('one user never reads or changes another', () => {
  it("user B's token only ever reaches B's account", async () => {
    const a = await newUser({ newsletter: false });
    const b = await newUser();
    const aBefore = (await call('GET', '/api/v1/account', a.auth)).json<Account>();

    expect((await call('GET', '/api/v1/account', b.auth)).json().id).toBe(b.id);
    expect((await call('GET', '/api/auth/me', b.auth)).json().account.id).toBe(b.id);
    // Ids smuggled into bodies are ignored: there is no way to name another account.
    await call('POST', '/api/v1/account', b.auth, { id: a.id, newsletter: true });
    await call('POST', '/api/v1/account/rate', b.auth, { value: 1, accountId: a.id });
    await call('POST', '/api/v1/account/email/newsletter', b.auth);
    // A's code does not verify B, and B cannot take A's email or delete A with A's password.
    await call(
      'POST',
      '/api/v1/account/email/resend',
      { ...a.auth, ...fromIp() },
      { captcha: await solveCaptcha(ctx.app) },
    );
    const aCode = await latestCode(ctx.db, a.email);
    const bVerify = await call('POST', '/api/v1/account/email/verify', b.auth, { code: aCode });
    expect(bVerify.statusCode).toBe(400);
    expect(
      (await call('POST', '/api/v1/account', b.auth, { email: a.email, currentPassword: TEST_PASSWORD })).statusCode,
    ).toBe(409);
    expect((await call('DELETE', '/api/v1/account', b.auth, { password: 'Another-password-9' })).statusCode).toBe(401);

    const aAfter = (await call('GET', '/api/v1/account', a.auth)).json<Account>();
    expect(aAfter).toEqual(aBefore);
    expect((await call('GET', '/api/v1/account', b.auth)).json()).toMatchObject({ newsletter: true, rating: 1 });
  });
});

describe('email and link bodies', () => {
  it('quotes the public URL exactly once, without a double slash', async () => {
    const rows = await ctx.db
      .selectFrom('outbox_messages')
      .select('text_body')
      .where(sql<boolean>`text_body like '%cuewave.test//%'`)
      .execute();
    expect(rows).toEqual([]);
  });
});
