import { test, expect } from '../fixtures';
import { hydrated } from '../support/page';

/**
 * Full-page screenshots of the pricing screens at 1440 px and 390 px into e2e/screenshots/, for people
 * to look at after a change (like screenshots.spec.ts, in a file of its own).
 */
test.describe('pricing screenshots', () => {
  test.skip(({ isMobile }) => isMobile, 'both widths are taken in one run');

  test('licences and pricing, the plan step and enterprise at 1440 and 390 px', async ({ page }) => {
    test.setTimeout(120_000);
    const pages: Array<[string, string]> = [
      ['pricing-licenses', '/licenses'],
      ['pricing-us-licenses', '/us/licenses?period=monthly'],
      ['pricing-register-plans', '/register/plans'],
      ['pricing-enterprise', '/enterprise'],
    ];
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      for (const [name, path] of pages) {
        await page.goto(path);
        await hydrated(page);
        await expect(page.locator('h1').first()).toBeVisible();
        await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
      }
    }
  });
});
