import { defineConfig, devices } from '@playwright/test';
import { E2E_COUPON } from './support/checkout';
import { E2E_BANNER_COUPON } from './support/banners';
import { OPERATOR_EMAIL } from './support/operator';

const MAINTENANCE = /maintenance\.spec\.ts/;
/** The cookies of a visitor who rejected all optional cookies (web/app/features/consent/consent.ts). */
const CONSENT_ANSWERED = (origin: string) =>
  [
    { name: 'cookie-accepted', value: 'denied' },
    { name: 'cookie-consent-categories', value: 'none' },
  ].map((cookie) => ({
    ...cookie,
    domain: new URL(origin).hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  }));

const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

/**
 * Journeys against the built app in Debian's Chromium (never a Playwright-downloaded browser).
 * The web server is the real `npm start` path on a data folder of its own; its first start builds
 * the demo catalogue, later local runs reuse it.
 */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // As in vitest.config.ts: one retry on CI, and scripts/ci-summary.mjs names the tests that needed it.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    // Every journey starts as a visitor who already answered the cookie card (rejected all), so the card
    // does not cover what the journey clicks; consent.spec.ts starts without it (decision 071).
    storageState: { cookies: CONSENT_ANSWERED(baseURL), origins: [] },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: MAINTENANCE,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'mobile',
      grep: /@mobile/,
      testIgnore: MAINTENANCE,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    // Maintenance closes the whole (shared) server, so its journey runs alone, after every other one.
    {
      name: 'maintenance',
      testMatch: MAINTENANCE,
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // `npm start`'s server with local stand-ins for the sites reference links name (support/start-test-server.mjs).
        // The coupons the checkout and banner journeys apply, written through the real CLI before the server owns
        // the embedded database; on a reused data folder it exists already and the CLI says so.
        command: `node --import tsx ../server/src/features/pricing/coupon.cli.ts --code ${E2E_COUPON.code} --percent ${E2E_COUPON.percent} --first-purchase; node --import tsx ../server/src/features/pricing/coupon.cli.ts --code ${E2E_BANNER_COUPON.code} --percent ${E2E_BANNER_COUPON.percent}; node support/start-test-server.mjs`,
        url: `${baseURL}/api/health`,
        // A first start on a new data folder builds the demo catalogue (about 5 minutes on two cores;
        // .ci/run builds it beforehand), so the wait is generous.
        timeout: 900_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: process.env.E2E_DATA_DIR ?? 'e2e/.data',
          LOG_LEVEL: 'warn',
          // The account the maintenance journey signs in as (e2e/support/accounts.ts OPERATOR_EMAIL).
          OPERATOR_EMAILS: OPERATOR_EMAIL,
          // The journeys need the whole demo catalogue: a new data folder builds it before serving (decision 074).
          DEMO_CATALOG: 'wait',
        },
      },
});
