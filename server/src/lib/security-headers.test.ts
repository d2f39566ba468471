import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { signedInUser } from '../../test/auth-helpers';
import { addSecurityHeaders, isPrivatePath, PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './security-headers';

describe('security headers on the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the Permissions-Policy on every answer, errors and unknown paths included', async () => {
    for (const url of ['/api/health', '/api/v1/account', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
  });

  it('sends HSTS only when the request came over https, as a trusted proxy reports it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const viaLocalProxy = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaLocalProxy.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    // Anyone else's X-Forwarded-Proto is not believed (TRUST_PROXY is loopback by default).
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.8',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('forbids storing account, billing, payment, subscription and auth answers', async () => {
    const user = await signedInUser(t, { confirmedEmail: true });
    for (const url of [
      '/api/v1/account',
      '/api/v1/billing',
      '/api/v1/payment/stripe/method',
      '/api/v1/payment/config',
      '/api/v1/subscription',
      '/api/v1/subscription/list/my',
      '/api/auth/me',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: user.auth });
      expect(res.headers['cache-control'], `${url} (${res.statusCode})`).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/account' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves public answers to their own caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['cache-control']).toBeUndefined();
  });
});

describe('security headers on server-rendered pages', () => {
  const app = Fastify();
  beforeAll(async () => {
    addSecurityHeaders(app);
    // Stands in for web-app.ts, whose pages may set their own Cache-Control.
    app.get('/*', async (_request, reply) => reply.header('cache-control', 'public, max-age=60').send('<html>'));
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    '/dashboard',
    '/dashboard/billing',
    '/dashboard.data',
    '/dashboard/account.data?_routes=routes%2Fdashboard%2Faccount',
    '/register/details',
    '/register',
    '/auth/login',
    '/auth/reset-password?token=abc',
    '/ott/abc',
    '/dev/mailbox',
    '/us/dashboard/licenses',
    '/us/register/billing',
  ])('%s is never stored', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  it.each(['/', '/c/genres', '/licenses', '/dashboards', '/registered', '/author', '/us', '/c/song/dashboard'])(
    '%s keeps its own Cache-Control',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['cache-control']).toBe('public, max-age=60');
    },
  );
});

describe('isPrivatePath', () => {
  it('matches the private API families by prefix, and nothing that merely resembles them', () => {
    expect(isPrivatePath('/api/v1/accounts')).toBe(true);
    expect(isPrivatePath('/api/v1/payment/receipt/123')).toBe(true);
    expect(isPrivatePath('/api/auth/token')).toBe(true);
    expect(isPrivatePath('/api/v1/catalog/songs')).toBe(false);
    expect(isPrivatePath('/api/authority')).toBe(false);
    expect(isPrivatePath('/api/v2/account')).toBe(false);
  });
});
