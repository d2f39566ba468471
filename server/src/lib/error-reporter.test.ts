import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { createErrorReporter, type ErrorReporter } from './error-reporter';
import { installErrorHandler } from './error-handler';

type Event = {
  message?: string;
  environment?: string;
  timestamp?: number;
  exception?: { values: Array<{ type: string; value: string }> };
  request?: { url?: string; method?: string; headers?: Record<string, string>; cookies?: unknown };
  tags?: Record<string, string>;
  contexts?: { route?: { name: string; query: Record<string, unknown>; params: Record<string, unknown> } };
};

/** A stand-in for Sentry's ingest: the SDK posts envelopes to /api/<project>/envelope/ of the DSN's host. */
let collector: Server;
let events: Event[] = [];
let reporter: ErrorReporter;
let app: FastifyInstance;

beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const lines = body.toString('utf8').split('\n').filter(Boolean);
      // header, then (item header, item payload) pairs
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const item = JSON.parse(lines[i]!) as { type: string };
        if (item.type === 'event') events.push(JSON.parse(lines[i + 1]!) as Event);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  const created = await createErrorReporter({ dsn: `http://publickey@127.0.0.1:${port}/1`, environment: 'staging' });
  if (!created) throw new Error('staging must report');
  reporter = created;

  app = Fastify();
  installErrorHandler(app, reporter);
  app.get('/boom/:id', async () => {
    throw new Error('database exploded');
  });
  app.get('/mail-down', async () => {
    throw new AppError('SERVICE_UNAVAILABLE', 'Mail cannot be sent');
  });
  app.get('/missing', async () => {
    throw new AppError('NOT_FOUND', 'No such thing');
  });
  app.get('/unconfirmed', async () => {
    throw new AppError('account not confirmed', 'Confirm your email');
  });
  app.get('/teapot', async () => {
    throw Object.assign(new Error('client mistake'), { statusCode: 418 });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => collector.close(resolve));
});

beforeEach(() => {
  events = [];
});

async function settle() {
  expect(await reporter.flush(5000)).toBe(true);
}

describe('server error reporting (spec §8) against a local collector', () => {
  it('reports a 500 with url, route, query, params, browser and environment, and no secrets', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/boom/42?genre=jazz&token=s3cret',
      headers: {
        'user-agent': 'Mozilla/5.0 TestBrowser/1.0',
        cookie: 'cm-user-token=abc',
        authorization: 'Bearer abc',
      },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'INTERNAL', message: expect.any(String) });
    await settle();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.exception!.values[0]).toMatchObject({ type: 'Error', value: 'database exploded' });
    expect(event!.environment).toBe('staging');
    expect(event!.timestamp).toEqual(expect.any(Number));
    expect(event!.tags).toMatchObject({ route: '/boom/:id', status: '500' });
    expect(event!.contexts!.route).toEqual({
      name: '/boom/:id',
      query: { genre: 'jazz', token: '[redacted]' },
      params: { id: '42' },
    });
    expect(event!.request!.url).toMatch(/\/boom\/42\?genre=jazz&token=%5Bredacted%5D$/);
    expect(event!.request!.headers).toEqual({ 'user-agent': 'Mozilla/5.0 TestBrowser/1.0' });
    const raw = JSON.stringify(event);
    expect(raw).not.toContain('abc');
    expect(raw).not.toContain('s3cret');
  });

  it("reports a 5xx that carries an identifier as 'error: message'", async () => {
    expect((await app.inject('/mail-down')).statusCode).toBe(503);
    await settle();
    expect(events.map((e) => e.message)).toEqual(['SERVICE_UNAVAILABLE: Mail cannot be sent']);
  });

  it('does not report the listed identifiers or any 3xx/4xx', async () => {
    expect((await app.inject('/missing')).statusCode).toBe(404);
    expect((await app.inject('/unconfirmed')).statusCode).toBe(403);
    expect((await app.inject('/teapot')).statusCode).toBe(418);
    expect((await app.inject('/no-route')).statusCode).toBe(404);
    // A 500 after them proves the collector was listening when they were not sent.
    expect((await app.inject('/boom/1')).statusCode).toBe(500);
    await settle();
    expect(events).toHaveLength(1);
    expect(events[0]!.exception!.values[0]!.value).toBe('database exploded');
  });

  it('is off unless a DSN is set and the environment reports', async () => {
    expect(await createErrorReporter(null)).toBeNull();
    expect(await createErrorReporter({ dsn: 'http://k@127.0.0.1:1/1', environment: 'test' })).toBeNull();
  });
});
