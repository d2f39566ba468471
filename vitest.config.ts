import { defineConfig } from 'vitest/config';

// One runner for the whole repository: server and contract tests run in Node, web component tests in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['contract/src/**/*.test.ts', 'server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
        esbuild: { jsx: 'automatic' },
      },
    ],
  },
});
