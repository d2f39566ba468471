import { test as base, expect } from '@playwright/test';
import { recordToastsScript } from './support/toasts';

/**
 * Every journey uses this `test`: a console error or an uncaught page error fails the test, because a
 * page that logs errors is broken for someone even when the assertion happens to pass.
 */
export const test = base.extend<{ failOnConsoleErrors: void; recordToasts: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use();
      // Chromium logs every 4xx answer as a failed resource load: a 404 page, a wrong password (401), a
      // wrong code (400), a rate limit (429). Those are the app handling bad input; a 5xx still fails.
      const real = errors.filter(
        (e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e),
      );
      expect(real, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  /** Every page keeps a record of the toasts it showed, for `expectToast` (support/toasts.ts). */
  recordToasts: [
    async ({ page }, use) => {
      await page.addInitScript(recordToastsScript);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
