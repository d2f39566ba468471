import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpSmsSender } from './http-sms';

type Seen = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };

describe('HTTP SMS sender (against a local HTTP gateway)', () => {
  let server: Server;
  let base: string;
  const seen: Seen[] = [];
  let status = 200;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method!, path: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : null });
        if (req.url === '/slow') return; // never answers
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(status < 300 ? '{"id":"m1"}' : '{"error":"no credit"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    seen.length = 0;
    status = 200;
  });

  it('posts {to, from, text} as JSON with the bearer token', async () => {
    const sender = createHttpSmsSender({ url: `${base}/sms`, token: 's3cret', from: 'CUEWAVE' });
    expect(sender.kind).toBe('http');
    await sender.send({ to: '+447700900123', text: 'Your Cuewave code is 123456', template: 'verify-phone' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/sms',
      body: { to: '+447700900123', from: 'CUEWAVE', text: 'Your Cuewave code is 123456' },
    });
    expect(seen[0]!.headers.authorization).toBe('Bearer s3cret');
    expect(seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('sends no authorization header without a token and uses the default sender name', async () => {
    await createHttpSmsSender({ url: `${base}/sms` }).send({ to: '+15005550006', text: 'hi', template: 't' });
    expect(seen[0]!.headers.authorization).toBeUndefined();
    expect(seen[0]!.body).toMatchObject({ from: 'Cuewave' });
  });

  it('accepts any 2xx', async () => {
    status = 202;
    await expect(
      createHttpSmsSender({ url: `${base}/sms` }).send({ to: '+1', text: 'x', template: 't' }),
    ).resolves.toBeUndefined();
  });

  it('throws on a non-2xx answer, naming the status', async () => {
    status = 402;
    await expect(
      createHttpSmsSender({ url: `${base}/sms` }).send({ to: '+1', text: 'x', template: 't' }),
    ).rejects.toThrow(/HTTP 402: \{"error":"no credit"\}/);
    status = 500;
    await expect(
      createHttpSmsSender({ url: `${base}/sms` }).send({ to: '+1', text: 'x', template: 't' }),
    ).rejects.toThrow(/HTTP 500/);
  });

  it('throws on a timeout and on an unreachable gateway', async () => {
    await expect(
      createHttpSmsSender({ url: `${base}/slow`, timeoutMs: 200 }).send({ to: '+1', text: 'x', template: 't' }),
    ).rejects.toThrow();
    await expect(
      createHttpSmsSender({ url: 'http://127.0.0.1:1/sms' }).send({ to: '+1', text: 'x', template: 't' }),
    ).rejects.toThrow();
  });
});
