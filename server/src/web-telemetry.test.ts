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
import { NO_TELEMETRY, type PageTelemetry } from './web-csp';

// Analytics and error reporting as a configured store renders them (decision 071): the real web build.

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let db: Db;
let dropDb: () => Promise<void>;
let filesDir: string;
const apps: App[] = [];

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/web-build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  ({ db, drop: dropDb } = await createTestDb());
  filesDir = await mkdtemp(join(tmpdir(), 'cuewave-web-telemetry-'));
}, 600_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await dropDb();
  await rm(filesDir, { recursive: true, force: true });
});

async function page(telemetry: PageTelemetry, cookie?: string) {
  const app = await buildApp({
    db,
    storage: createLocalStorage(filesDir),
    webBuildDir: join(repoRoot, 'web', 'build'),
    telemetry,
  });
  apps.push(app);
  const response = await app.inject({ method: 'GET', url: '/about', headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  const csp = String(response.headers['content-security-policy']);
  return { html: response.body, csp, nonce: /'nonce-([^']+)'/.exec(csp)?.[1] };
}

describe('a configured store’s pages', () => {
  it('load the tag manager after the consent default, with the nonce, and allow only the configured hosts', async () => {
    const configured = await page(
      {
        gtmId: 'GTM-ABC1234',
        hotjarId: '1234567',
        sentry: { dsn: 'https://key@o1.ingest.sentry.io/42', environment: 'production', tracesSampleRate: 0 },
      },
      'cookie-accepted=denied; cookie-consent-categories=analytics',
    );
    const bootstrap = /<script nonce="([^"]+)">(window\.dataLayer[^<]*)<\/script>/.exec(configured.html);
    expect(bootstrap?.[1]).toBe(configured.nonce);
    const script = bootstrap![2]!;
    // default, then the stored choice, then the container
    expect(script.indexOf("'consent','default'")).toBeLessThan(script.indexOf("'consent','update'"));
    expect(script.indexOf("'consent','update'")).toBeLessThan(script.indexOf('googletagmanager.com/gtm.js'));
    expect(script).toContain('"analytics_storage":"granted"');
    expect(configured.html).toContain('https://www.googletagmanager.com/ns.html?id=GTM-ABC1234');
    // The choice was read on the server: no card in the page.
    expect(configured.html).not.toContain('data-testid="cookie-consent"');
    expect(configured.csp).toContain('https://www.googletagmanager.com');
    expect(configured.csp).toContain('https://*.hotjar.com');
    expect(configured.csp).toMatch(/connect-src [^;]*https:\/\/o1\.ingest\.sentry\.io/);

    const plain = await page(NO_TELEMETRY, 'cookie-accepted=maybe');
    expect(plain.html).not.toMatch(/googletagmanager|hotjar\.com|sentry\.io/);
    expect(plain.csp).not.toMatch(/googletagmanager|hotjar|sentry/);
    // An unknown consent value: the card is rendered, the data layer has only the default.
    expect(plain.html).toContain('data-testid="cookie-consent"');
    expect(plain.html).not.toContain("'consent','update'");
  });
});
