import { defineConfig } from 'vitest/config';

// One runner for the whole repository: server and contract tests run in Node, web component tests in jsdom.
// CI (CI=true) retries a failed test once, so that one stall of a loaded two-core runner does not
// refuse a landing; scripts/ci-summary.mjs names every test that needed the retry. Locally: no retry.
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'contract/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'scripts/**/*.test.mjs',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          retry,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Components render their English texts (decision 075) without a provider in every test.
          setupFiles: ['web/app/test/i18n-setup.ts'],
          retry,
        },
        esbuild: { jsx: 'automatic' },
      },
    ],
  },
});
