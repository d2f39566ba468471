import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { E2E_BANNER_COUPON, operatorBearer, removeBanner, scheduleBanner } from '../support/banners';
import { buyerAtCheckout, GERMAN_PERSON } from '../support/checkout';
import { hydrated } from '../support/page';
import { expectToast } from '../support/toasts';

/**
 * Promotional banners (issue 15, spec §2 slot 2, §3, §8, §9; decision 072). The banner runs in the US
 * edition only and for a few minutes, so journeys running beside this one on other pages never meet it.
 */

async function screenshots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: `screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an operator runs a banner; a visitor copies its code, closes it for good, and pays with the code', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ops = await operatorBearer(request);
  const now = Date.now();
  const id = await scheduleBanner(request, ops, {
    variant: 'easter',
    coupon: E2E_BANNER_COUPON.code.toLowerCase(),
    edition: 'us',
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 5 * 60_000).toISOString(),
  });
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/us');
    await hydrated(page);
    const banner = page.getByRole('complementary', { name: 'Easter offer' });
    await expect(banner).toContainText('Easter: 40% off your first payment.');
    await expect(banner.getByTestId('promo-code')).toHaveText(E2E_BANNER_COUPON.code);
    await screenshots(page, 'banner-easter');

    // Copy: the code is on the clipboard and the toast of spec §8 says so.
    await banner.getByRole('button', { name: `Copy the code ${E2E_BANNER_COUPON.code}` }).click();
    await expectToast(page, 'Code successfully copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(E2E_BANNER_COUPON.code);

    // "See plans" keeps the code for the checkout.
    await banner.getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(new RegExp(`/us/licenses\\?coupon=${E2E_BANNER_COUPON.code}$`));
    await expect(page.getByTestId('promo-code-notice')).toContainText(`Code ${E2E_BANNER_COUPON.code} is saved`);
    await screenshots(page, 'banner-price-page-code');

    // Closed: gone now, and the server leaves it out of the next page (no flash before the script runs).
    await page.getByRole('button', { name: 'Close the Easter offer' }).click();
    await expect(page.getByTestId('promo-banner')).toHaveCount(0);
    const html = await (await page.request.get('/us')).text();
    expect(html).not.toContain('data-testid="promo-banner"');
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId('promo-banner')).toHaveCount(0);

    // The code at checkout: a buyer in this tab finds it applied. €18.99 less 40 % (€7.60) is €11.39.
    await buyerAtCheckout(page, request, { plan: 'advanced', period: 'month', billing: GERMAN_PERSON });
    await page.goto('/register/billing');
    await hydrated(page);
    await expect(page.getByTestId('coupon-applied')).toContainText(`Code ${E2E_BANNER_COUPON.code} applied`);
    await expect(page.getByTestId('quote-list')).toHaveText('€18.99');
    await expect(page.getByTestId('quote-coupon')).toHaveText('-€7.60');
    await expect(page.getByTestId('quote-net')).toHaveText('€11.39');
  } finally {
    await removeBanner(request, ops, id);
  }
});
