import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import type { Db } from './db/client';
import { createLocalStorage } from './providers/storage/local-storage';
import { createTestDb } from '../test/test-db';

// The server-rendered web app as `npm start` serves it: the real web build, in the API's process.

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let db: Db;
let dropDb: () => Promise<void>;
let filesDir: string;
const apps: App[] = [];
const apiInternalUrl = process.env.API_INTERNAL_URL;

beforeAll(async () => {
  // The build is made once per source change (web/build/.source-hash); later runs reuse it.
  const build = spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  ({ db, drop: dropDb } = await createTestDb());
  filesDir = await mkdtemp(join(tmpdir(), 'cuewave-web-app-'));
}, 600_000); // a clean clone builds the web app first (a minute or more on a loaded two-core runner)

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  if (apiInternalUrl === undefined) delete process.env.API_INTERNAL_URL;
  else process.env.API_INTERNAL_URL = apiInternalUrl;
});

afterAll(async () => {
  await dropDb();
  await rm(filesDir, { recursive: true, force: true });
});

async function webApp(): Promise<App> {
  const app = await buildApp({
    db,
    storage: createLocalStorage(filesDir),
    webBuildDir: join(repoRoot, 'web', 'build'),
  });
  apps.push(app);
  return app;
}

/**
 * Listens on a free loopback port and points API_INTERNAL_URL at it: the address loaders called before
 * they went in-process, so the counts below would see such calls as connections to this very server.
 */
async function listening(app: App): Promise<{ base: string; connections: () => number }> {
  let count = 0;
  app.server.on('connection', () => count++);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  process.env.API_INTERNAL_URL = `http://127.0.0.1:${port}/api`;
  return { base: `http://127.0.0.1:${port}`, connections: () => count };
}

/** The pricing page: its loaders ask the API for the plans and their prices. */
const PAGE = '/licenses';

/** The pricing page with the plans its loader got from the API, not its "couldn't load the prices" notice. */
async function expectPlansShown(app: App, html: string): Promise<void> {
  expect(html).not.toContain('data-testid="prices-unavailable"');
  const plans = (await app.inject({ method: 'GET', url: '/api/v1/subscription/plans' })).json<{ title: string }[]>();
  expect(plans.length).toBeGreaterThan(0);
  for (const plan of plans) expect(html).toContain(plan.title);
}

describe('the web build', () => {
  it('is a production build even when a test made it: React development builds fail hydration on the CSP nonce', async () => {
    const assets = join(repoRoot, 'web', 'build', 'client', 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const name of scripts) {
      expect(await readFile(join(assets, name), 'utf8'), name).not.toContain(
        'some attributes of the server rendered HTML',
      );
    }
  });
});

describe('public pages load no validation library (issue 15, decision 046)', () => {
  it('the scripts of the home and pricing pages carry no Zod schemas', async () => {
    const app = await webApp();
    const assets = join(repoRoot, 'web', 'build', 'client');
    for (const url of ['/', PAGE]) {
      const html = (await app.inject({ method: 'GET', url })).body;
      const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
      expect(scripts.length, url).toBeGreaterThan(3);
      for (const script of new Set(scripts)) {
        // Zod's schema classes name themselves ("ZodObject"); its small config module (the browsers'
        // jitless switch in contract/src/zod.ts, about 4 KB) is all of it a public page may load.
        expect(await readFile(join(assets, script), 'utf8'), `${url} loads ${script}`).not.toContain('ZodObject');
      }
    }
  });
});

describe('compressed pages and cached assets (decision 073)', () => {
  it('a visitor whose browser takes brotli gets the page compressed, with its data from the in-process API', async () => {
    const app = await webApp();
    const page = await app.inject({ method: 'GET', url: PAGE, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(page.rawPayload.length).toBeLessThan(html.length / 3);
    await expectPlansShown(app, html);
  });

  it('hashed assets are served precompressed and cached for a year; the compressed copies have no URL of their own', async () => {
    const app = await webApp();
    const assets = join(repoRoot, 'web', 'build', 'client', 'assets');
    const names = await readdir(assets);
    const script = names.find(
      (name) => name.endsWith('.js') && names.includes(`${name}.br`) && names.includes(`${name}.gz`),
    );
    expect(script, 'a script with .br and .gz copies').toBeDefined();
    const original = await readFile(join(assets, script!));
    const url = `/assets/${script}`;
    const immutable = 'public, max-age=31536000, immutable';

    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': immutable, vary: 'accept-encoding' });
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': immutable });
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const identity = await app.inject({ method: 'GET', url });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['cache-control']).toBe(immutable);
    expect(identity.rawPayload.equals(original)).toBe(true);

    expect((await app.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404);
  });
});

describe('server rendering reaches the API in-process', () => {
  it('a visitor gets the pricing page over one connection: its loaders open none', async () => {
    const app = await webApp();
    const { base, connections } = await listening(app);
    const page = await fetch(base + PAGE, { headers: { connection: 'close' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(connections()).toBe(1);
    await expectPlansShown(app, html);
  });

  it('a page in flight when a graceful stop begins still renders with its data', async () => {
    const app = await webApp();
    let arrived!: () => void;
    const pageArrived = new Promise<void>((done) => (arrived = done));
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    // Holds the page request after the server took it, before any loader ran.
    app.addHook('onRequest', async (request) => {
      if (request.url !== PAGE) return;
      arrived();
      await released;
    });
    const { base } = await listening(app);
    const page = fetch(base + PAGE);
    await pageArrived;
    const stopped = app.drain.start(30_000);
    // The stop refuses new connections now, so a loader that called the API over the network would fail.
    release();
    const response = await page;
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(await stopped).toBe(true);
    await expectPlansShown(app, html);
  });

  it('a loader passes the visitor on: the API sees the address the page request came from', async () => {
    const app = await webApp();
    const seen: string[] = [];
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) seen.push(request.ip);
    });
    await app.ready();
    const page = await app.inject({ method: 'GET', url: PAGE, remoteAddress: '203.0.113.9' });
    expect(page.statusCode).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['203.0.113.9']));
  });
});

describe('bad Host headers and methods on web pages', () => {
  it.each(['[', 'a b', ':::', 'host:99999', 'user@host'])('Host %j is a 400 page, not a 500', async (host) => {
    const app = await webApp();
    const page = await app.inject({ method: 'GET', url: PAGE, headers: { host } });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toMatch(/Host/);
  });

  it('a bad X-Forwarded-Host or X-Forwarded-Proto from a trusted proxy is a 400 page', async () => {
    const app = await webApp();
    const host = await app.inject({ method: 'GET', url: PAGE, headers: { 'x-forwarded-host': 'a b' } });
    expect(host.statusCode).toBe(400);
    const proto = await app.inject({ method: 'GET', url: PAGE, headers: { 'x-forwarded-proto': 'javascript' } });
    expect(proto.statusCode).toBe(400);
  });

  it.each(['localhost:3000', '[::1]:3000', 'cuewave.example', '127.0.0.1'])(
    'Host %s renders the page',
    async (host) => {
      const app = await webApp();
      const page = await app.inject({ method: 'GET', url: PAGE, headers: { host } });
      expect(page.statusCode).toBe(200);
    },
  );

  it.each(['TRACE', 'CONNECT', 'PROPFIND'])('%s on a page is a 405 naming the allowed methods', async (method) => {
    const app = await webApp();
    const page = await app.inject({ method: method as 'GET', url: PAGE });
    expect(page.statusCode).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
  });
});
