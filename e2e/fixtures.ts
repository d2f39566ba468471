import { test as base, expect } from '@playwright/test';

/**
 * Every journey uses this `test`: a console error or an uncaught page error fails the test, because a
 * page that logs errors is broken for someone even when the assertion happens to pass.
 */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use();
      // A 404 page logs its own status as a failed resource load; that is the page working, not an error.
      const real = errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e));
      expect(real, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
