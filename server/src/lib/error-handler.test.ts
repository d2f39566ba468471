import { createServer, type Server } from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler, isServiceUnavailable, RETRY_AFTER_SECONDS } from './error-handler';

/** A PostgreSQL error as node-postgres builds it from the server's ErrorResponse. */
function pgError(code: string, message: string) {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = 'FATAL';
  return error;
}

/** What connecting to a port nobody listens on throws: ECONNREFUSED from the socket. */
async function refusedConnection(): Promise<unknown> {
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' });
  return client.connect().then(
    () => new Error('connected?'),
    (error: unknown) => error,
  );
}

/** A server that accepts and hangs up at once, as a dying PostgreSQL does mid-handshake. */
let hangUp: Server;
let hangUpPort = 0;
async function terminatedConnection(): Promise<unknown> {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${hangUpPort}/postgres` });
  client.on('error', () => {});
  return client.connect().then(
    () => new Error('connected?'),
    (error: unknown) => error,
  );
}

/** What the Redis rate limiter's client throws while Redis is down (one retry, then give up). */
async function redisDown(): Promise<unknown> {
  const redis = new Redis('redis://127.0.0.1:1', {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    retryStrategy: () => 10,
  });
  redis.on('error', () => {});
  const error = await redis.get('k').then(
    () => new Error('answered?'),
    (e: unknown) => e,
  );
  redis.disconnect();
  return error;
}

const app = Fastify();
let thrown: unknown;
beforeAll(async () => {
  hangUp = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
  hangUpPort = (hangUp.address() as { port: number }).port;
  installErrorHandler(app);
  app.get('/throw', async () => {
    throw thrown;
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => hangUp.close(resolve));
});

async function answerTo(error: unknown) {
  thrown = error;
  return app.inject({ method: 'GET', url: '/throw' });
}

const unavailable = {
  error: 'SERVICE_UNAVAILABLE',
  message: 'The service is briefly unavailable. Please try again in a few seconds.',
};

describe('error handler: a database or Redis that is down or restarting', () => {
  it('answers 503 with Retry-After and the spec body, naming no internals, for every way a restart shows', async () => {
    const cases: Array<[string, unknown]> = [
      ['57P01 admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
      ['57P02 crash shutdown', pgError('57P02', 'terminating connection due to crash of another server process')],
      ['57P03 starting up', pgError('57P03', 'the database system is starting up')],
      ['53300 too many connections', pgError('53300', 'sorry, too many clients already')],
      ['08006 connection failure', pgError('08006', 'connection failure')],
      ['ECONNREFUSED', await refusedConnection()],
      ['Connection terminated', await terminatedConnection()],
      ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
      ['broken client', new Error('Client has encountered a connection error and is not queryable')],
      ['Redis down', await redisDown()],
      ['wrapped', new Error('loading the account failed', { cause: pgError('57P01', 'terminating connection') })],
      ['dual-stack connect', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'connect')],
    ];
    for (const [name, error] of cases) {
      expect(isServiceUnavailable(error), name).toBe(true);
      const res = await answerTo(error);
      expect(res.statusCode, name).toBe(503);
      expect(res.headers['retry-after'], name).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json(), name).toEqual(unavailable);
    }
  });

  it('keeps bugs and other database errors a plain 500 without Retry-After', async () => {
    const cases: Array<[string, unknown]> = [
      ['unique violation', pgError('23505', 'duplicate key value violates unique constraint "accounts_email_key"')],
      ['syntax error', pgError('42601', 'syntax error at or near "selec"')],
      ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
      ['not an Error', 'a string'],
    ];
    for (const [name, error] of cases) {
      expect(isServiceUnavailable(error), name).toBe(false);
      const res = await answerTo(error);
      expect(res.statusCode, name).toBe(500);
      expect(res.headers['retry-after'], name).toBeUndefined();
      expect(res.json(), name).toEqual({
        error: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
      });
    }
  });
});
