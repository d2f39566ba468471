import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { outbox } from '../../../test/outbox-helpers';
import { signedInUser } from '../../../test/auth-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { CONTACT_RATE, DEFAULT_SUPPORT_EMAIL as SUPPORT_INBOX } from './contact.service';

describe('contact form and support requests', () => {
  let t: TestContext;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Each test comes from its own address: the form is limited per client. */
  const nextIp = () => `198.51.100.${++ipCounter}`;

  const message = (patch: Record<string, unknown> = {}) => ({
    name: 'Ola Kowalska',
    email: `ola-${Math.random().toString(36).slice(2, 8)}@studio.example`,
    topic: 'licensing',
    message: 'Can I use a track from my trial in a video I publish next month?',
    ...patch,
  });

  async function post(body: Record<string, unknown>, ip = nextIp()) {
    return t.app.inject({ method: 'POST', url: '/api/v1/contact', payload: body, remoteAddress: ip });
  }
  const stored = (email: string) =>
    t.db.selectFrom('contact_messages').selectAll().where('email', '=', email).execute();

  it('stores the message, mails the team and acknowledges the sender', async () => {
    const body = message();
    const res = await post({ ...body, captcha: await solveCaptcha(t.app) });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ received: true });

    const rows = await stored(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'contact', account_id: null, topic: 'licensing', name: 'Ola Kowalska' });

    const [toTeam] = (await outbox(t.db, SUPPORT_INBOX)).filter((m) => m.text.includes(body.email));
    expect(toTeam?.subject).toBe('Licences and rights: Ola Kowalska');
    expect(toTeam?.text).toContain('from my trial');
    expect(toTeam?.text).toContain(rows[0]!.id);

    const [copy] = await outbox(t.db, body.email);
    expect(copy?.template).toBe('contact-message-copy');
    // The acknowledgement does not echo the text: the form cannot mail arbitrary text to anyone.
    expect(copy?.text).not.toContain('from my trial');
  });

  it('keeps markup as text: stored as typed, escaped in the team’s email', async () => {
    const body = message({ message: '<script>alert(1)</script><img src=x onerror=alert(2)> hello team' });
    expect((await post({ ...body, captcha: await solveCaptcha(t.app) })).statusCode).toBe(202);
    const [row] = await stored(body.email);
    expect(row?.message).toBe('<script>alert(1)</script><img src=x onerror=alert(2)> hello team');
    const [toTeam] = (await outbox(t.db, SUPPORT_INBOX)).filter((m) => m.text.includes(body.email));
    expect(toTeam?.html).toContain('&lt;script&gt;');
    expect(toTeam?.html).not.toContain('<script>');
    expect(toTeam?.html).not.toContain('<img src=x');
  });

  it.each([
    ['empty fields', { name: '', message: '' }],
    ['a 100 KB message', { message: 'x'.repeat(100 * 1024) }],
    ['an unknown topic', { topic: 'refund-now' }],
    ['a header injection in the email', { email: 'ola@studio.example\r\nBcc: victim@example.com' }],
    ['a newline-split email', { email: 'ola@studio.example\nCc: victim@example.com' }],
  ])('refuses %s with VALIDATION_FAILED and keeps nothing', async (_, patch) => {
    const body = message(patch);
    const res = await post({ ...body, captcha: await solveCaptcha(t.app) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.any(String) });
    expect(await outbox(t.db, 'victim@example.com')).toEqual([]);
    expect(await t.db.selectFrom('contact_messages').select('id').where('message', 'like', 'xxxx%').execute()).toEqual(
      [],
    );
  });

  it('refuses a missing captcha with the spec error and stores nothing', async () => {
    const body = message();
    const res = await post({ ...body, captcha: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('recaptcha error');
    expect(await stored(body.email)).toEqual([]);
  });

  it('answers a flood from one client with 429 and lets other clients through', async () => {
    const flooder = nextIp();
    for (let i = 0; i < CONTACT_RATE.perIp.limit; i++) {
      const res = await post({ ...message(), captcha: await solveCaptcha(t.app) }, flooder);
      expect(res.statusCode, res.body).toBe(202);
    }
    const over = await post({ ...message(), captcha: await solveCaptcha(t.app) }, flooder);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'TOO_MANY_REQUESTS', message: expect.any(String) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    // The same email from another client still gets through: the limit is not per address typed.
    const other = await post({ ...message({ email: 'ola@studio.example' }), captcha: await solveCaptcha(t.app) });
    expect(other.statusCode, other.body).toBe(202);
  });

  it('answers 503 and keeps nothing when the team’s mail cannot be sent', async () => {
    // The app's own sender, made to fail for this test only (a second app would cost seconds).
    const email = t.providers.email;
    const send = email.send.bind(email);
    email.send = () => Promise.reject(new Error('connection refused'));
    try {
      const body = message();
      const res = await post({ ...body, captcha: await solveCaptcha(t.app) });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('SERVICE_UNAVAILABLE');
      expect(await stored(body.email)).toEqual([]);
    } finally {
      email.send = send;
    }
  });

  it('GET /api/v1/site/legal states the seller and the processors this installation is configured with', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/site/legal' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      seller: { name: t.config.seller.name, vatId: t.config.seller.vatId },
      supportEmail: SUPPORT_INBOX,
      processors: {
        payments: 'sandbox',
        email: 'outbox',
        sms: 'outbox',
        captcha: 'altcha',
        embeddings: 'embedded',
        storage: 'local',
      },
    });
  });

  it('sends an /in-store enquiry to sales through the Enterprise form, with its locations', async () => {
    const email = `venue-${Math.random().toString(36).slice(2, 8)}@cafe.example`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/enterprise/contact',
      remoteAddress: nextIp(),
      payload: {
        name: 'Jan Nowak',
        email,
        company: 'Kawiarnia Nowak',
        use: 'venue',
        channels: 4,
        message: 'Background music for four cafés in Kraków, open 7 to 22.',
        captcha: await solveCaptcha(t.app),
      },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [toSales] = (await outbox(t.db, t.config.salesEmail)).filter((m) => m.text.includes(email));
    expect(toSales?.text).toContain('Use: Shops, restaurants or venues');
    expect(toSales?.text).toContain('Locations: 4');
  });

  describe('support requests', () => {
    it('needs a signed-in user', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/support/requests' });
      expect(res.statusCode).toBe(401);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/v1/support/requests',
        payload: { topic: 'account', message: 'Please help me with my account.' },
      });
      expect(post.statusCode).toBe(401);
    });

    it('records a request in the user’s own history only and mails the team from their address', async () => {
      const alice = await signedInUser(t);
      const bob = await signedInUser(t);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/support/requests',
        headers: alice.auth,
        payload: { topic: 'downloads', message: 'My WAV download stopped at <b>90%</b>.' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const request = created.json();
      expect(request).toMatchObject({ topic: 'downloads', message: 'My WAV download stopped at <b>90%</b>.' });

      const mine = await t.app.inject({ method: 'GET', url: '/api/v1/support/requests', headers: alice.auth });
      expect(mine.json().items.map((r: { id: string }) => r.id)).toEqual([request.id]);

      const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/support/requests', headers: bob.auth });
      expect(theirs.json().items).toEqual([]);
      const peek = await t.app.inject({
        method: 'GET',
        url: `/api/v1/support/requests/${request.id}`,
        headers: bob.auth,
      });
      expect(peek.statusCode).toBe(404);
      expect(peek.json().error).toBe('NOT_FOUND');
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/v1/support/requests/${request.id}`,
        headers: alice.auth,
      });
      expect(own.json().id).toBe(request.id);
      const junk = await t.app.inject({
        method: 'GET',
        url: `/api/v1/support/requests/${encodeURIComponent("1' or '1'='1")}`,
        headers: alice.auth,
      });
      expect(junk.statusCode).toBe(404);

      const [toTeam] = (await outbox(t.db, SUPPORT_INBOX)).filter((m) => m.text.includes(request.id));
      expect(toTeam?.template).toBe('support-message');
      expect(toTeam?.text).toContain(`Email: ${alice.email}`);
    });

    it('limits requests per account', async () => {
      const user = await signedInUser(t);
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/support/requests',
          headers: user.auth,
          payload: { topic: 'other', message: 'One more question about my plan.' },
        });
      for (let i = 0; i < CONTACT_RATE.perAccount.limit; i++) expect((await send()).statusCode).toBe(201);
      const over = await send();
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toBe('TOO_MANY_REQUESTS');
    });
  });
});
