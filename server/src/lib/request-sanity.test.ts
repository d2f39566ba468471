import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { ALLOWED_METHODS, isValidHost } from './request-sanity';

describe('isValidHost', () => {
  it.each([
    'localhost',
    'localhost:3000',
    'cuewave.example',
    'CUEWAVE.example.',
    '127.0.0.1:80',
    '[::1]',
    '[::1]:3000',
    'xn--bcher-kva.example',
    'host:',
  ])('accepts %s', (host) => expect(isValidHost(host)).toBe(true));

  it.each([
    '',
    '[',
    'a b',
    ':::',
    'host:99999',
    'user@host',
    'host/path',
    'host?x',
    'host#x',
    'a\\b',
    '[::1',
    '[nope]:80',
    'host:1:2',
    'a%20b',
    'host:-1',
    '[::1]x',
  ])('refuses %j', (host) => expect(isValidHost(host)).toBe(false));
});

describe('bad methods and hosts on the API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it.each(['[', 'a b', ':::', 'host:99999', 'user@host'])('Host %j is a 400 with the error body', async (host) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', message: expect.stringContaining('Host') });
  });

  it('a malformed X-Forwarded-Host from a trusted proxy is a 400; from anyone else it is not believed', async () => {
    const trusted = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-host': 'user@host' },
    });
    expect(trusted.statusCode).toBe(400);
    const untrusted = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-host': 'user@host' },
    });
    expect(untrusted.statusCode).toBe(200);
  });

  it('an X-Forwarded-Proto other than http or https from a trusted proxy is a 400', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'a b' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'BAD_REQUEST' });
    const https = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.statusCode).toBe(200);
  });

  it.each(['TRACE', 'CONNECT', 'PROPFIND', 'MKCOL'])('%s is a 405 with Allow and the error body', async (method) => {
    for (const url of ['/api/health', '/api/v1/no-such-route']) {
      const res = await ctx.app.inject({ method: method as 'GET', url });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe(ALLOWED_METHODS.join(', '));
      expect(res.json()).toMatchObject({ error: 'METHOD_NOT_ALLOWED', message: expect.stringContaining(method) });
    }
  });

  it('the allowed methods still reach their routes', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
  });
});
