import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { installRequestLog } from './request-log';

async function appLogging(level: string, slowMs?: number) {
  const lines: { level: number; msg: string; status?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  installRequestLog(app, slowMs);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fail', async (_req, reply) => reply.status(503).send({ error: 'SERVICE_UNAVAILABLE' }));
  return { app, lines };
}

describe('request log', () => {
  it('at info: failures and slow requests only, one line each', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject('/ok');
    expect(lines).toEqual([]);
    await app.inject('/fail');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', status: 503 });
    await app.close();
  });

  it('at debug: every request', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject('/ok');
    await app.inject('/ok');
    expect(lines.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    await app.close();
  });

  it('names a slow request at info', async () => {
    // Every request counts as slow at a threshold of 0 ms: no sleeping in tests.
    const { app, lines } = await appLogging('info', 0);
    await app.inject('/ok');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'slow request', status: 200 });
    await app.close();
  });
});
