import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

describe('app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('health answers ok when the database responds', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('unknown API paths answer 404 with the error body', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'No route for GET /api/v1/nothing-here' });
  });

  it('what the router refuses answers the error body too: a broken escape, an overlong parameter', async () => {
    const broken = await ctx.app.inject({ method: 'GET', url: '/api/v1/genre/%E0%A4%A' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ error: 'BAD_REQUEST', message: 'The address holds a broken percent-escape.' });
    const long = await ctx.app.inject({ method: 'GET', url: `/api/v1/genre/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ error: 'URI_TOO_LONG' });
    const longest = await ctx.app.inject({ method: 'GET', url: `/api/v1/genre/${'x'.repeat(100)}` });
    expect(longest.statusCode).toBe(404);
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });

  it('marks the routes that need a bearer token, and only those', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Operation = { security?: unknown };
    const paths = (res.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    expect(paths['/api/auth/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/v1/account']?.delete?.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/v1/account/register']?.post?.security).toBeUndefined();
    expect(paths['/api/auth/token']?.post?.security).toBeUndefined();
  });
});
