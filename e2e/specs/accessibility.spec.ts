import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { hydrated } from '../support/page';
import { signInBrowser } from '../support/accounts';
import { buyerAtCheckout, POLISH_BUSINESS, subscribeUser } from '../support/checkout';

/**
 * An automatic WCAG 2.1 A/AA check (axe-core) of the storefront, checkout and dashboard pages, as a
 * visitor and as a subscriber. It finds what a screen reader or keyboard user would trip over first:
 * missing names and labels, contrast, landmarks, duplicate ids, ARIA misuse.
 */

const octet = () => randomInt(1, 250);
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

/** Every WCAG 2.1 A/AA violation axe finds on these pages, one line each (page, rule, elements). */
async function violationsOn(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of result.violations) {
      found.push(`${path} ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  return found;
}

test.describe('accessibility', () => {
  test('storefront and sign-up pages have no WCAG A/AA violations @mobile', async ({ page }) => {
    // Eight pages, each loaded, hydrated and scanned: room for a loaded runner.
    test.setTimeout(180_000);
    const paths = [
      '/',
      '/c/genres',
      '/licenses',
      '/licenses/verify/CW-0000-0000',
      '/enterprise',
      '/register/plans',
      '/register/signup',
      '/auth/login',
    ];
    expect(await violationsOn(page, paths)).toEqual([]);
  });

  test('the public information pages have no WCAG A/AA violations @mobile', async ({ page }) => {
    test.setTimeout(120_000);
    const paths = ['/about', '/contact', '/in-store', '/faq/rights', '/privacy-policy', '/us/terms-conditions'];
    expect(await violationsOn(page, paths)).toEqual([]);
  });

  test('the billing details and payment steps of the checkout have no WCAG A/AA violations', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await buyerAtCheckout(page, request, { plan: 'professional', period: 'year', billing: POLISH_BUSINESS });
    expect(await violationsOn(page, ['/register/details', '/register/billing'])).toEqual([]);
  });

  test('the subscription and billing pages of the dashboard have no WCAG A/AA violations', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await subscribeUser(request, { plan: 'advanced', period: 'month', currency: 'eur' });
    await signInBrowser(page, user.email, user.password);
    expect(await violationsOn(page, ['/dashboard/licenses', '/dashboard/billing', '/dashboard/account'])).toEqual([]);
  });
});
