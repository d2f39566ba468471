import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema, type Account } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, TEST_PASSWORD } from '../../../test/factories';
import { fromIp, sessionFor } from '../../../test/auth-helpers';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { latestCode, outbox } from '../../../test/outbox-helpers';
import { fixedClock } from '../../lib/clock';

/** The account's language (decision 076): stored at sign-up, switched by the user, followed by its emails. */

const clock = fixedClock(new Date());
let ctx: TestContext;
let accounts: ReturnType<typeof accountFactory>;

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { publicUrl: 'https://cuewave.test' } });
  accounts = accountFactory(ctx.db);
});
afterAll(() => ctx.close());

async function register(email: string, headers: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/account/register',
    headers: { ...fromIp(), ...headers },
    payload: { email, password: 'Sunny-days-2030', newsletter: false, captcha: await solveCaptcha(ctx.app) },
  });
}

const storedLanguage = async (id: string) =>
  (await ctx.db.selectFrom('accounts').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

describe('the language of an account', () => {
  it('a visitor whose browser asks for Polish signs up into a Polish account and gets the verification email in Polish', async () => {
    const res = await register('ania@example.pl', { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' });
    expect(res.statusCode, res.body).toBe(201);
    const account = accountSchema.parse(res.json());
    expect(account.language).toBe('pl');
    expect(await storedLanguage(account.id)).toBe('pl');

    const [mail] = await outbox(ctx.db, 'ania@example.pl');
    expect(mail!.subject).toBe('Potwierdź swój adres e-mail w Cuewave');
    expect(mail!.html).toContain('<html lang="pl">');
    expect(mail!.html).toContain('Witaj w Cuewave! Wpisz ten kod na stronie weryfikacji');
    expect(mail!.html).toContain('Potwierdzam adres e-mail');
    expect(mail!.text).toContain('Kod wygasa za 15 minut, a link za 24 godziny.');
    expect(mail!.html).toContain(await latestCode(ctx.db, 'ania@example.pl'));
    expect(mail!.html).not.toContain('Confirm your email');
  });

  it('the language cookie wins over the browser, and without either the account is English', async () => {
    const cookie = await register('cookie@example.com', { cookie: 'a=1; lang=en', 'accept-language': 'pl' });
    expect(cookie.json<Account>().language).toBe('en');
    expect((await outbox(ctx.db, 'cookie@example.com'))[0]!.subject).toBe('Confirm your email address for Cuewave');

    const polishCookie = await register('cookie-pl@example.com', { cookie: 'lang=pl', 'accept-language': 'en-US' });
    expect(polishCookie.json<Account>().language).toBe('pl');

    const unknown = await register('nobody@example.com', { cookie: 'lang=de', 'accept-language': 'fr-FR, de;q=0.8' });
    expect(unknown.json<Account>().language).toBe('en');
  });

  it('a signed-in user switches the language with PATCH (or POST) and the next email follows it', async () => {
    const account = await accounts.account({ confirmedEmail: true });
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/account',
      headers: auth,
      payload: { language: 'pl' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json<Account>().language).toBe('pl');
    expect(await storedLanguage(account.id)).toBe('pl');
    const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: auth });
    expect(read.json<Account>().language).toBe('pl');

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/password/reset',
      headers: fromIp(),
      payload: { email: account.email, captcha: await solveCaptcha(ctx.app) },
    });
    expect(reset.statusCode).toBe(202);
    const [mail] = await outbox(ctx.db, account.email);
    expect(mail).toMatchObject({ template: 'password-reset', subject: 'Zresetuj hasło do Cuewave' });
    expect(mail!.text).toContain('Link działa jeden raz i wygasa za 60 minut.');

    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account',
      headers: auth,
      payload: { language: 'en' },
    });
    expect(back.json<Account>().language).toBe('en');
  });

  it('refuses a language the store does not speak, and a switch without a session', async () => {
    const account = await accounts.account();
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    for (const language of ['de', 'PL', '', 'pl-PL', 7, null]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/account',
        headers: auth,
        payload: { language },
      });
      expect(res.statusCode, `language ${JSON.stringify(language)}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('language') });
    }
    expect(await storedLanguage(account.id)).toBe('en');
    const anonymous = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/account', payload: { language: 'pl' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('error messages in the request’s language', () => {
  it('a Polish request gets the thrower’s Polish wording, or the code’s Polish text; the code stays the same', async () => {
    const account = await accounts.account();
    const { auth } = await sessionFor(ctx.db, account.id, clock);
    const wrongPassword = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/v1/account',
        headers: { ...auth, ...headers },
        payload: { password: `${TEST_PASSWORD}-not` },
      });
    const english = await wrongPassword({});
    expect(english.json()).toEqual({
      error: 'wrong credentials or client not found',
      message: 'The password is not right.',
    });
    const polish = await wrongPassword({ 'accept-language': 'pl-PL' });
    expect(polish.statusCode).toBe(401);
    expect(polish.json()).toEqual({
      error: 'wrong credentials or client not found',
      message: 'Hasło jest nieprawidłowe.',
    });

    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { cookie: 'lang=pl' },
    });
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Nie znaleźliśmy tego, czego szukasz.' });
    const missingEn = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(missingEn.json().message).toBe('No route for GET /api/v1/nothing-here');
  });

  it('a validation failure in Polish names the fields instead of zod’s English', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/register',
      headers: { ...fromIp(), 'accept-language': 'pl' },
      payload: { email: 'not-an-email', password: 'x', captcha: 'y' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ error: string; message: string }>();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.message).toMatch(
      /^Niektóre pola są wypełnione nieprawidłowo\. Popraw je i spróbuj ponownie\. \(.*email.*\)$/,
    );
  });
});
