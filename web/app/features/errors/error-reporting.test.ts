// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { reportError, setReportingRoute, shouldReport, startErrorReporting } from './error-reporting';

type Event = {
  message?: string;
  environment?: string;
  exception?: { values: Array<{ value: string }> };
  tags?: Record<string, string>;
  contexts?: { route?: { name: string; query: Record<string, unknown>; params: Record<string, unknown> } };
};

// The browser SDK's transport is fetch; Node's (undici) plays the browser here, posting to a local collector.
let collector: Server;
let port = 0;
const events: Event[] = [];

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const lines = body.split('\n').filter(Boolean);
      for (let i = 1; i + 1 < lines.length; i += 2) {
        if ((JSON.parse(lines[i]!) as { type: string }).type === 'event')
          events.push(JSON.parse(lines[i + 1]!) as Event);
      }
      res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  port = (collector.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => collector.close(resolve)));

/** What a loader's thrown data() becomes in the ErrorBoundary (isRouteErrorResponse's shape). */
const routeError = (status: number, body: unknown) => ({ status, statusText: '', internal: false, data: body });

describe('web error reporting (spec §8)', () => {
  it('skips 3xx/4xx and the listed identifiers', () => {
    expect(shouldReport(new ApiError(404, { error: 'NOT_FOUND', message: 'x' }))).toBe(false);
    expect(shouldReport(new ApiError(401, { error: 'verify jwt token', message: 'x' }))).toBe(false);
    expect(shouldReport(new ApiError(500, { error: 'recaptcha error', message: 'x' }))).toBe(false);
    expect(shouldReport(new ApiError(502, { error: 'BAD_GATEWAY', message: 'x' }))).toBe(true);
    expect(shouldReport(routeError(302, null))).toBe(false);
    expect(shouldReport(routeError(404, { error: 'NOT_FOUND', message: 'x' }))).toBe(false);
    expect(shouldReport(routeError(500, { error: 'INTERNAL', message: 'x' }))).toBe(true);
    expect(shouldReport(new Error('render failed'))).toBe(true);
  });

  it('starts nothing without a DSN or outside production, staging and development', async () => {
    expect(await startErrorReporting(null)).toBeNull();
    expect(
      await startErrorReporting({ dsn: `http://k@127.0.0.1:${port}/1`, environment: 'test', tracesSampleRate: 0 }),
    ).toBeNull();
  });

  it('posts reports with environment, route, redacted query and params to the DSN', async () => {
    const Sentry = await startErrorReporting({
      dsn: `http://publickey@127.0.0.1:${port}/1`,
      environment: 'development',
      tracesSampleRate: 0,
    });
    expect(Sentry).not.toBeNull();
    setReportingRoute({ name: 'routes/song', query: { q: 'jazz', token: 'abc' }, params: { slug: 'night-drive' } });
    reportError(new ApiError(404, { error: 'NOT_FOUND', message: 'gone' }));
    reportError(new ApiError(503, { error: 'SERVICE_UNAVAILABLE', message: 'Try again' }));
    reportError(new Error('render failed'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await Sentry!.flush(5000)).toBe(true);
    expect(events.map((e) => e.exception?.values[0]?.value ?? e.message)).toEqual([
      'SERVICE_UNAVAILABLE: Try again',
      'render failed',
    ]);
    for (const event of events) {
      expect(event.environment).toBe('development');
      expect(event.tags?.route).toBe('routes/song');
      expect(event.contexts?.route).toEqual({
        name: 'routes/song',
        query: { q: 'jazz', token: '[redacted]' },
        params: { slug: 'night-drive' },
      });
    }
  });
});
