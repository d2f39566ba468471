import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveCaptcha } from '../../../test/captcha-helpers';
import { outbox } from '../../../test/outbox-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { DEFAULT_SALES_EMAIL as SALES_INBOX } from './enterprise.service';

describe('POST /api/v1/enterprise/contact', () => {
  let t: TestContext;
  let ipCounter = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Each test comes from its own address: the form is limited per IP. */
  const nextIp = () => `203.0.113.${++ipCounter}`;

  const enquiry = (patch: Record<string, unknown> = {}) => ({
    name: 'Zofia Nowak',
    email: `zofia-${Math.random().toString(36).slice(2, 8)}@broadcaster.example`,
    company: 'Nowak Media',
    use: 'broadcast',
    channels: 12,
    message: 'We need music for three TV channels and their YouTube pages.',
    ...patch,
  });

  async function post(body: Record<string, unknown>, ip = nextIp()) {
    return t.app.inject({ method: 'POST', url: '/api/v1/enterprise/contact', payload: body, remoteAddress: ip });
  }

  it('sends the enquiry to sales and a copy to the visitor', async () => {
    const body = enquiry();
    const res = await post({ ...body, captcha: await solveCaptcha(t.app) });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ received: true });

    const [toSales] = (await outbox(t.db, SALES_INBOX)).filter((m) => m.text.includes(body.email));
    expect(toSales?.template).toBe('enterprise-enquiry');
    expect(toSales?.subject).toBe('Enterprise enquiry: Nowak Media');
    expect(toSales?.text).toContain('TV, radio or broadcast');
    expect(toSales?.text).toContain('Channels: 12');
    expect(toSales?.text).toContain('three TV channels');

    const [copy] = await outbox(t.db, body.email);
    expect(copy?.template).toBe('enterprise-enquiry-copy');
    expect(copy?.text).toContain('Hi Zofia Nowak');
    expect(copy?.text).toContain('three TV channels');
  });

  it('refuses a missing or reused captcha with the spec error', async () => {
    const missing = await post({ ...enquiry(), captcha: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('recaptcha error');

    const captcha = await solveCaptcha(t.app);
    expect((await post({ ...enquiry(), captcha })).statusCode).toBe(202);
    const reused = await post({ ...enquiry(), captcha });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('recaptcha error');
  });

  it('validates the fields with readable messages and sends nothing', async () => {
    const body = enquiry({ email: 'not-an-email', message: 'short', channels: 0, use: 'space' });
    const res = await post({ ...body, captcha: await solveCaptcha(t.app) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(typeof res.json().message).toBe('string');
    expect(await outbox(t.db, 'not-an-email')).toEqual([]);
  });

  it('keeps the subject on one line whatever the company name holds', async () => {
    const body = enquiry({ company: 'Evil\r\nBcc: victim@example.com' });
    const res = await post({ ...body, captcha: await solveCaptcha(t.app) });
    expect(res.statusCode, res.body).toBe(202);
    const [toSales] = (await outbox(t.db, SALES_INBOX)).filter((m) => m.text.includes(body.email));
    expect(toSales?.subject).toBe('Enterprise enquiry: Evil Bcc: victim@example.com');
  });

  it('limits enquiries per address: the sixth in an hour gets 429 with Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      const res = await post({ ...enquiry(), captcha: await solveCaptcha(t.app) }, ip);
      expect(res.statusCode, res.body).toBe(202);
    }
    const sixth = await post({ ...enquiry(), captcha: await solveCaptcha(t.app) }, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('TOO_MANY_REQUESTS');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits enquiries per email across addresses', async () => {
    const email = 'repeat@agency.example';
    for (let i = 0; i < 3; i++) {
      const res = await post({ ...enquiry({ email }), captcha: await solveCaptcha(t.app) });
      expect(res.statusCode, res.body).toBe(202);
    }
    const fourth = await post({ ...enquiry({ email }), captcha: await solveCaptcha(t.app) });
    expect(fourth.statusCode).toBe(429);
  });
});
