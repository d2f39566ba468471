import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceStatusSchema } from '@cuewave/contract/maintenance';
import { parseEnv } from '../../env';
import { systemClock } from '../../lib/clock';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fromIp, signedInUser, tokenRequest, type SignedInUser } from '../../../test/auth-helpers';
import { createMaintenanceSwitch } from './maintenance.service';
import { maintenancePageHtml } from './maintenance.page';

/** The maintenance switch (issue 15): operators turn it on without a restart; the API closes, health and sign-in stay. */
let ctx: TestContext;
let operator: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  ctx = await createTestApp({ config: { operatorEmails: ['ops@cuewave.test'] } });
  operator = await signedInUser(ctx, { email: 'OPS@cuewave.test' });
  customer = await signedInUser(ctx);
});
afterAll(() => ctx.close());

const put = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/maintenance',
    payload: payload as object,
    headers: { ...fromIp(), ...headers },
  });
const listing = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/product/music?limit=1', headers });

describe('maintenance switch', () => {
  it('is off by default and says so publicly', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/maintenance' });
    expect(res.statusCode).toBe(200);
    expect(maintenanceStatusSchema.parse(res.json())).toEqual({
      on: false,
      retryAfter: null,
      message: null,
      since: null,
    });
    expect((await listing()).statusCode).toBe(200);
  });

  it('is switched by operators only, with checked input', async () => {
    expect((await put({ on: true })).statusCode).toBe(401);
    const refused = await put({ on: true }, customer.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });
    for (const bad of [
      {},
      { on: 'yes' },
      { on: true, retryAfter: 5 },
      { on: true, retryAfter: 10 ** 9 },
      { on: true, extra: 1 },
      { on: true, message: 'x'.repeat(501) },
    ]) {
      const res = await put(bad, operator.auth);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
    expect((await listing()).statusCode).toBe(200);
  });

  it('closes the API but not health, status and sign-in; operators keep everything', async () => {
    const on = await put({ on: true, retryAfter: 900, message: 'Database upgrade' }, operator.auth);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ on: true, retryAfter: 900, message: 'Database upgrade' });

    const closed = await listing(customer.auth);
    expect(closed.statusCode).toBe(503);
    expect(closed.json()).toMatchObject({ error: 'MAINTENANCE' });
    expect(Number(closed.headers['retry-after'])).toBeGreaterThanOrEqual(840);
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/product/search',
      payload: { prompt: 'x', type: 'music', engine: 'standard' },
    });
    expect(search.statusCode).toBe(503);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/v1/maintenance' });
    expect(status.json()).toMatchObject({ on: true, message: 'Database upgrade' });
    // Signing in still works, so an operator can come in and check the site.
    const signIn = await tokenRequest(ctx.app, {
      grant_type: 'password',
      username: operator.email,
      password: operator.password,
    });
    expect(signIn.statusCode).toBe(200);
    const fresh = { authorization: `Bearer ${signIn.json<{ access_token: string }>().access_token}` };
    expect((await listing(fresh)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account', headers: operator.auth })).statusCode).toBe(
      200,
    );

    const off = await put({ on: false }, operator.auth);
    expect(off.json()).toEqual({ on: false, retryAfter: null, message: null, since: null });
    expect((await listing(customer.auth)).statusCode).toBe(200);
  });

  it('reaches every instance through the database, without a restart', async () => {
    const here = createMaintenanceSwitch({ db: ctx.db, clock: systemClock }, 0);
    const there = createMaintenanceSwitch({ db: ctx.db, clock: systemClock }, 0);
    expect((await there.state()).on).toBe(false);
    await here.set({ on: true, retryAfter: 120 });
    expect(await there.state()).toMatchObject({ on: true, retryAfter: 120 });
    await here.set({ on: false });
    expect((await there.state()).on).toBe(false);
  });
});

describe('maintenance page', () => {
  it('shows the operator note as text, never as markup', () => {
    const html = maintenancePageHtml(600, '<script>alert(1)</script> back at 14:00');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; back at 14:00');
    expect(html).toContain('undergoing maintenance');
    expect(html).toContain('about 10 minutes');
  });
});

describe('OPERATOR_EMAILS', () => {
  it('is a comma-separated list of addresses, compared without case', () => {
    expect(parseEnv({ OPERATOR_EMAILS: ' Ops@Cuewave.example, b@c.example ' }).OPERATOR_EMAILS).toEqual([
      'ops@cuewave.example',
      'b@c.example',
    ]);
    expect(parseEnv({}).OPERATOR_EMAILS).toBeUndefined();
    expect(() => parseEnv({ OPERATOR_EMAILS: 'ops, b@c.example' })).toThrow(/OPERATOR_EMAILS/);
  });
});
