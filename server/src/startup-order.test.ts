import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import type { Db } from './db/client';
import { createLocalStorage } from './providers/storage/local-storage';
import { createTestDb } from '../test/test-db';
import { sessionFor } from '../test/auth-helpers';
import { accountFactory, paymentFactory } from '../test/factories';

/**
 * The startup order of spec §4 as the server render realises it (decision 072): the search query is
 * applied from the URL in the first HTML; the viewer (account and subscription, one call) is known
 * before anything that depends on it, billing after it; the page is sent when every load has settled.
 */
const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let db: Db;
let dropDb: () => Promise<void>;
let filesDir: string;
let app: App;
/** Every API call the page's loaders made, with when it started and ended (in the order they started). */
const calls: Array<{ url: string; start: number; end: number }> = [];
let tick = 0;

beforeAll(async () => {
  // The build is made once per source change (scripts/web-build.mjs); later runs reuse it.
  const build = spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  ({ db, drop: dropDb } = await createTestDb());
  filesDir = await mkdtemp(join(tmpdir(), 'cuewave-startup-'));
  app = await buildApp({ db, storage: createLocalStorage(filesDir), webBuildDir: join(repoRoot, 'web', 'build') });
  const started = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) started.set(request, ++tick);
  });
  app.addHook('onResponse', async (request) => {
    const start = started.get(request);
    if (start !== undefined) calls.push({ url: request.url.split('?')[0]!, start, end: ++tick });
  });
}, 600_000);

afterAll(async () => {
  await app?.close();
  await dropDb();
  await rm(filesDir, { recursive: true, force: true });
});

describe('startup order (spec §4)', () => {
  it('a subscriber opening billing with ?searchQuery: search first, then the viewer, then billing', async () => {
    const accounts = accountFactory(db);
    const account = await accounts.account({ confirmedPhone: true, phone: '+48512345678' });
    await accounts.subscription(account.id, { plan: 'advanced', status: 'active', payPeriod: 'year', currency: 'pln' });
    await paymentFactory(db).billing(account.id);
    const { access_token } = await sessionFor(db, account.id);
    calls.length = 0;

    const page = await app.inject({
      method: 'GET',
      url: '/dashboard/billing?searchQuery=warm%20piano',
      headers: { cookie: `cm-user-token=${access_token}` },
    });
    expect(page.statusCode).toBe(200);
    const html = page.body;

    // 1. The search query is applied in the first HTML: the overlay is open with it.
    expect(html).toMatch(/role="dialog"[^>]*aria-label="Search"|aria-label="Search"[^>]*role="dialog"/);
    expect(html).toContain('value="warm piano"');

    // 2. Consent: the Consent Mode default is read from the cookie by the root loader and written before
    //    any other script (decision 071); nothing here waits on it.

    // 3. The viewer (account + subscription) answers before billing is asked; billing is the page's.
    const me = calls.filter((c) => c.url === '/api/auth/me');
    const billing = calls.filter((c) => c.url === '/api/v1/billing');
    expect(me.length).toBeGreaterThan(0);
    expect(billing.length).toBe(1);
    expect(Math.min(...me.map((c) => c.end))).toBeLessThan(billing[0]!.start);
    expect(html).toContain('data-testid="billing-details"');

    // 4. The loading is over when the page is sent: every call the render made had answered.
    expect(calls.every((c) => c.end > c.start)).toBe(true);
  });
});
