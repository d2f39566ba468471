import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { signInBrowser } from '../support/accounts';
import { GERMAN_PERSON, subscribeUser } from '../support/checkout';
import { hydrated } from '../support/page';

/** The page at 1440 and 390 px; a dialog is shot as the viewport shows it. */
async function screenshots(page: Page, name: string, { fullPage = true } = {}) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('billing: invoices and the card a subscription renews with (decision 052)', () => {
  test('a Polish business gets a VAT invoice, and its only card explains why it stays', async ({ page, request }) => {
    test.setTimeout(120_000);
    const buyer = await subscribeUser(request, { plan: 'start', period: 'month', currency: 'pln' });
    await signInBrowser(page, buyer.email, buyer.password);
    await page.goto('/dashboard/billing');
    await hydrated(page);

    const row = page.getByTestId('receipt');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('receipt-kind')).toHaveText('VAT invoice');
    await expect(row).toContainText(/FV\/\d{4}\/\d{2}\/\d{6}/);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('receipt-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-FV-\d{4}-\d{2}-\d{6}\.pdf$/);
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // Before any click: the card says it renews the subscription, and its dialog says why it stays.
    const card = page.getByTestId('card-4242');
    await expect(card.getByTestId('card-renews')).toHaveText('Your subscription renews with this card');
    await screenshots(page, 'billing-invoice');
    const dialog = page.getByRole('dialog', { name: 'This card can’t be removed yet' });
    // Opened at each width, so the shot shows the dialog as a phone lays it out, buttons in view.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await card.getByTestId('card-delete').click();
      await expect(dialog).toContainText('Add another card before you remove it');
      await expect(page.getByTestId('card-delete-confirm')).toHaveCount(0);
      await expect(page.getByTestId('card-delete-add-instead')).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `screenshots/billing-card-required-${width}.png` });
      if (width === 1440) {
        await dialog.getByRole('button', { name: 'Keep card' }).click();
        await expect(dialog).toHaveCount(0);
      }
    }
    await page.getByTestId('card-delete-add-instead').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add a card' })).toBeVisible();
  });

  test('a consumer gets a receipt', async ({ page, request }) => {
    const buyer = await subscribeUser(request, {
      plan: 'start',
      period: 'month',
      currency: 'eur',
      billing: GERMAN_PERSON,
    });
    await signInBrowser(page, buyer.email, buyer.password);
    await page.goto('/dashboard/billing');
    await hydrated(page);
    const row = page.getByTestId('receipt');
    await expect(row.getByTestId('receipt-kind')).toHaveText('Receipt');
    await expect(row).toContainText(/CW-\d{4}-\d{6}/);
  });
});
