import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import type { Db } from '../db/client';
import { createLocalStorage } from '../providers/storage/local-storage';
import { createTestDb } from '../../test/test-db';

let db: Db;
let dropDb: () => Promise<void>;
let filesDir: string;
const apps: App[] = [];

beforeAll(async () => {
  ({ db, drop: dropDb } = await createTestDb());
  filesDir = await mkdtemp(join(tmpdir(), 'cuewave-drain-'));
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  await dropDb();
  await rm(filesDir, { recursive: true, force: true });
});

/** The app with one extra route that answers only when the test releases it, listening on loopback. */
async function appWithHeldRoute() {
  const app = await buildApp({ db, storage: createLocalStorage(filesDir) });
  apps.push(app);
  let arrived!: () => void;
  const heldArrived = new Promise<void>((done) => (arrived = done));
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  app.get('/api/test/held', async () => {
    arrived();
    await released;
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, heldArrived, release };
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A connection that has sent part of a request: it is not idle, so a stop does not close it. */
async function halfSentRequest(port: number, path: string) {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return {
    /** Ends the headers, so the request arrives now; resolves to everything the server sent back. */
    finish: () => {
      socket.write('\r\n');
      return closed;
    },
  };
}

describe('graceful stop', () => {
  it('lets the request in flight finish and answers requests that arrive meanwhile with 503 and Connection: close', async () => {
    const { app, port, heldArrived, release } = await appWithHeldRoute();
    const inFlight = get(port, '/api/test/held');
    await heldArrived;
    const apiNewcomer = await halfSentRequest(port, '/api/health');
    const pageNewcomer = await halfSentRequest(port, '/licenses');

    const stopped = app.drain.start(60_000);
    expect(app.drain.draining).toBe(true);

    const api = await apiNewcomer.finish();
    expect(api).toMatch(/^HTTP\/1\.1 503 /);
    expect(api).toMatch(/\r\nconnection: close\r\n/i);
    expect(api).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(JSON.parse(api.split('\r\n\r\n')[1] ?? '')).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    const page = await pageNewcomer.finish();
    expect(page).toMatch(/^HTTP\/1\.1 503 /);
    expect(page).toMatch(/\r\ncontent-type: text\/plain/i);

    release();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.body)).toEqual({ done: true });
    expect(finished.headers.connection).toBe('close');
    expect(await stopped).toBe(true);
    // The port is closed: no new connection is taken.
    await expect(get(port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('cuts a request that outlives the grace period, so a stop always ends', async () => {
    const { app, port, heldArrived, release } = await appWithHeldRoute();
    const inFlight = get(port, '/api/test/held');
    await heldArrived;
    expect(await app.drain.start(50)).toBe(false);
    await expect(inFlight).rejects.toMatchObject({ code: 'ECONNRESET' });
    release();
  });

  it('requests the app makes to itself are still served while it drains', async () => {
    const { app, port, heldArrived, release } = await appWithHeldRoute();
    const inFlight = get(port, '/api/test/held');
    await heldArrived;
    const stopped = app.drain.start(60_000);
    const own = await app.inject({ method: 'GET', url: '/api/health' });
    expect(own.statusCode).toBe(200);
    release();
    await inFlight;
    expect(await stopped).toBe(true);
  });
});
