import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from './error-handler';
import { rejectNulCharacters } from './reject-nul';

const app = Fastify();
beforeAll(async () => {
  installErrorHandler(app);
  rejectNulCharacters(app);
  app.post('/api/echo/:id', async (request) => ({ ok: true, body: request.body }));
  app.get('/page/:id', async () => ({ page: true }));
  await app.ready();
});
afterAll(() => app.close());

const refusal = (part: string) => `The request's ${part} holds a NUL character, which no field accepts.`;

describe('rejectNulCharacters', () => {
  it('refuses a NUL in a path parameter, the query, a nested body field or a body key', async () => {
    const cases = [
      { url: '/api/echo/a%00b', payload: {}, part: 'path' },
      { url: '/api/echo/a?q=%00', payload: {}, part: 'query' },
      { url: '/api/echo/a', payload: { list: [{ name: 'x\u0000' }] }, part: 'body' },
      { url: '/api/echo/a', payload: { ['k\u0000']: 1 }, part: 'body' },
    ];
    for (const { url, payload, part } of cases) {
      const res = await app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'BAD_REQUEST', message: refusal(part) });
    }
  });

  it('lets ordinary text through, Unicode included, and leaves pages to the web app', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/echo/Za%C5%BC%C3%B3%C5%82%C4%87',
      payload: { a: 'ż 🎵' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, body: { a: 'ż 🎵' } });
    expect((await app.inject({ method: 'GET', url: '/page/%00' })).statusCode).toBe(200);
  });
});
