import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fromIp, sessionFor } from '../../../test/auth-helpers';
import { accountFactory, TEST_PASSWORD } from '../../../test/factories';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { latestCode, outbox } from '../../../test/outbox-helpers';
import { systemClock } from '../../lib/clock';
import type { EmailMessage, EmailSender } from '../../providers/email/email';
import { createOutboxEmailSender } from '../../providers/email/outbox-email';

/**
 * Decision 048: a sign-up whose verification email cannot be sent saves nothing and answers 503, so
 * the same sign-up goes through once mail works again; an email change likewise leaves nothing pending. Both kinds of sender: one that writes the outbox
 * inside the registration's transaction, and one that sends at once, like SMTP.
 */
function signUpWhenMailFails(kind: 'outbox' | 'smtp') {
  let ctx: TestContext;
  let failing = false;
  const sent: EmailMessage[] = [];
  const refuse = () => {
    throw new Error('421 mail server is not taking messages');
  };
  const flaky: EmailSender =
    kind === 'outbox'
      ? {
          kind: 'outbox',
          send: async () => refuse(),
          inTransaction: (db) => {
            const outboxSender = createOutboxEmailSender({ db, clock: systemClock });
            return { kind: 'outbox', send: async (message) => (failing ? refuse() : outboxSender.send(message)) };
          },
        }
      : {
          kind: 'smtp',
          send: async (message) => {
            if (failing) refuse();
            sent.push(message);
          },
        };

  beforeAll(async () => {
    ctx = await createTestApp({ providers: { email: flaky } });
  });
  afterAll(() => ctx.close());

  const register = async (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account/register',
      headers: fromIp(),
      payload: { email, password: 'Sunny-days-2030', newsletter: false, captcha: await solveCaptcha(ctx.app) },
    });

  const accountsWith = async (email: string) =>
    ctx.db
      .selectFrom('accounts')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email)
      .execute();

  it(`answers 503 and keeps nothing when the verification email cannot be sent (${kind})`, async () => {
    const email = `mail-down-${kind}@example.com`;
    failing = true;
    const res = await register(email);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('try again') });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await accountsWith(email)).toEqual([]);

    // Mail works again: the same sign-up succeeds instead of finding the address taken.
    failing = false;
    const retry = await register(email);
    expect(retry.statusCode).toBe(201);
    expect(await accountsWith(email)).toHaveLength(1);
    if (kind === 'outbox') {
      const mails = await outbox(ctx.db, email);
      expect(mails.map((m) => m.template)).toEqual(['email-verification']);
      // The code in that email confirms the address.
      const session = await sessionFor(ctx.db, retry.json().id);
      const verify = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/account/email/verify',
        headers: session.auth,
        payload: { code: await latestCode(ctx.db, email) },
      });
      expect(verify.statusCode).toBe(200);
    } else {
      expect(sent.filter((m) => m.to === email).map((m) => m.template)).toEqual(['email-verification']);
    }
  });

  it(`leaves nothing pending when the code for a new email cannot be sent (${kind})`, async () => {
    const account = await accountFactory(ctx.db).account({ confirmedEmail: true });
    const session = await sessionFor(ctx.db, account.id);
    failing = true;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/account',
      headers: { ...session.auth, ...fromIp() },
      payload: { email: `never-pending-${kind}@example.com`, currentPassword: TEST_PASSWORD },
    });
    failing = false;
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe('SERVICE_UNAVAILABLE');
    const row = await ctx.db
      .selectFrom('accounts')
      .select(['email', 'pending_email'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: account.email, pending_email: null });
  });
}

describe('sign-up when the verification email fails, outbox sender', () => {
  signUpWhenMailFails('outbox');
});

describe('sign-up when the verification email fails, SMTP-like sender', () => {
  signUpWhenMailFails('smtp');
});
