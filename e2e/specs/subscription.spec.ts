import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createVerifiedUser, signInBrowser } from '../support/accounts';
import {
  confirmPhone,
  saveBilling,
  saveCard,
  signIn,
  subscribeUser,
  TEST_CARDS,
  type Bearer,
} from '../support/checkout';
import { hydrated } from '../support/page';
import { expectToast } from '../support/toasts';

/**
 * The dashboard's subscription page (decision 045) and the root shell's subscription banner:
 * upgrade with the prorated quote, downgrade keeping chosen channels, cancel and renew, channels,
 * the licence certificate, and the banner for a trial user.
 */

// Sign-up is rate limited per address: this file is a visitor of its own.
const octet = () => randomInt(1, 250);
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

async function openSubscription(page: Page) {
  await page.goto('/dashboard/licenses');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
}

async function addChannels(request: APIRequestContext, headers: Bearer, urls: Array<[string, string]>) {
  for (const [type, url] of urls) {
    const r = await request.post('/api/v1/subscription/channels', { headers, data: { type, url } });
    expect(r.status(), await r.text()).toBe(201);
  }
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('subscription dashboard', () => {
  test('upgrades Start to Professional with the prorated quote', async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await subscribeUser(request, { plan: 'start', period: 'month', currency: 'pln' });
    await signInBrowser(page, user.email, user.password);
    await openSubscription(page);

    await expect(page.getByTestId('plan-name')).toHaveText('Start');
    await expect(page.getByTestId('plan-status')).toHaveText('Active');
    await expect(page.getByTestId('plan-period')).toHaveText('Monthly');
    await expect(page.getByTestId('plan-days-left')).toHaveText(/^(2[89]|3[01]) days left$/);
    await expect(page.getByTestId('next-payment-amount')).toHaveText(/^PLN \d+\.\d{2}$/);
    await expect(page.getByTestId('next-payment-card')).toContainText('Visa •••• 4242');
    await shoot(page, 'dashboard-subscription-active');

    await page.getByTestId('open-upgrade').click();
    const dialog = page.getByTestId('upgrade-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('upgrade-plan-professional').click();
    // The quote credits the unused part of the month just paid.
    await expect(dialog.getByTestId('quote-summary')).toBeVisible();
    const total = (await dialog.getByTestId('quote-total').textContent())!.trim();
    expect(total).toMatch(/^PLN \d+\.\d{2}$/);
    await expect(dialog.getByTestId('confirm-upgrade')).toHaveText(`Pay ${total} and upgrade`);
    await shoot(page, 'dashboard-subscription-upgrade-dialog');
    await dialog.getByTestId('confirm-upgrade').click();

    await expectToast(page, 'You’re now on Professional');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('plan-name')).toHaveText('Professional');
    await expect(page.getByTestId('plan-status')).toHaveText('Active');
    await expect(page.getByTestId('open-upgrade')).toHaveCount(0);

    // The card was charged what the quote said.
    const headers = await signIn(request, user.email, user.password);
    const receipts = (await (await request.get('/api/v1/payment/receipt', { headers })).json()) as Array<{
      total: number;
      currency: string;
    }>;
    expect(receipts).toHaveLength(2);
    expect(`PLN ${(receipts[0]!.total / 100).toFixed(2)}`).toBe(total);
  });

  test('a declined card keeps the upgrade dialog open; a 3-D Secure card upgrades after the approval', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await subscribeUser(request, { plan: 'advanced', period: 'month' });
    const headers = await signIn(request, user.email, user.password);
    const makeDefault = async (number: string) => {
      const card = await saveCard(request, headers, number);
      const r = await request.post(`/api/v1/payment/stripe/method/${card.id}/default`, { headers });
      expect(r.status(), await r.text()).toBe(200);
    };
    await makeDefault(TEST_CARDS.declined);
    await signInBrowser(page, user.email, user.password);
    await openSubscription(page);

    await page.getByTestId('open-upgrade').click();
    const dialog = page.getByTestId('upgrade-dialog');
    await expect(dialog.getByTestId('quote-summary')).toBeVisible();
    await dialog.getByTestId('confirm-upgrade').click();
    await expect(dialog.getByTestId('upgrade-error')).toHaveText('Your card was declined. Try another card.');
    await expect(page.getByTestId('plan-name')).toHaveText('Advanced');

    await makeDefault(TEST_CARDS.threeDSecure);
    await dialog.getByTestId('confirm-upgrade').click();
    const secure = page.getByTestId('three-d-secure');
    await expect(secure).toBeVisible();
    await secure.getByTestId('three-d-secure-approve').click();
    await expectToast(page, 'You’re now on Professional');
    await expect(secure).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('plan-name')).toHaveText('Professional');
  });

  test('downgrades Professional to Advanced keeping the chosen channels, then cancels it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await subscribeUser(request, { plan: 'professional', period: 'month' });
    const headers = await signIn(request, user.email, user.password);
    await addChannels(request, headers, [
      ['youtube', 'https://www.youtube.com/@CuewaveOne'],
      ['tiktok', 'https://www.tiktok.com/@cuewavetwo'],
      ['instagram', 'https://www.instagram.com/cuewavethree'],
      ['twitch', 'https://www.twitch.tv/cuewavefour'],
    ]);
    await signInBrowser(page, user.email, user.password);
    await openSubscription(page);
    await expect(page.getByTestId('channel-usage')).toHaveText('4 of 5 channels');

    await page.getByTestId('open-downgrade').click();
    const dialog = page.getByTestId('downgrade-dialog');
    await dialog.getByTestId('downgrade-plan-advanced').click();
    const boxes = dialog.getByTestId('keep-channel').locator('input');
    await expect(boxes).toHaveCount(4);
    // Advanced covers 3: the first three are ticked and the fourth can't be until one is dropped.
    await expect(boxes.nth(3)).toBeDisabled();
    await boxes.nth(1).uncheck();
    await boxes.nth(3).check();
    await dialog.getByTestId('confirm-downgrade').click();

    const pending = page.getByTestId('pending-change');
    await expect(pending).toContainText('from Professional to Advanced');
    await expect(pending).toContainText('3 channels are kept');
    // The channel left out is marked on the list.
    await expect(page.getByTestId('channel-leaving')).toHaveCount(1);
    await expect(page.getByTestId('channel').filter({ has: page.getByTestId('channel-leaving') })).toContainText(
      'tiktok.com/@cuewavetwo',
    );
    const detail = (await (await request.get('/api/v1/subscription', { headers })).json()) as {
      pendingChange: { type: string; plan: string; channels: Array<{ url: string }> };
    };
    expect(detail.pendingChange.type).toBe('downgrade');
    expect(detail.pendingChange.plan).toBe('advanced');
    expect(detail.pendingChange.channels.map((c) => c.url).sort()).toEqual([
      'https://www.instagram.com/cuewavethree',
      'https://www.twitch.tv/cuewavefour',
      'https://www.youtube.com/@CuewaveOne',
    ]);
    await shoot(page, 'dashboard-subscription-pending-downgrade');

    await page.getByTestId('cancel-downgrade').click();
    await expectToast(page, 'Downgrade cancelled successfully!');
    await expect(pending).toBeHidden();
    await expect(page.getByTestId('open-downgrade')).toBeVisible();
  });

  test('cancels the renewal, shows the end date and the banner, then renews', async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await subscribeUser(request, { plan: 'advanced', period: 'year', currency: 'eur' });
    await signInBrowser(page, user.email, user.password);
    await openSubscription(page);

    await page.getByTestId('open-cancel-renewal').click();
    const dialog = page.getByTestId('cancel-renewal-dialog');
    await expect(dialog).toContainText('stays active until');
    await dialog.getByTestId('confirm-cancel-renewal').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('plan-status')).toHaveText('Cancelled');
    const end = (await page.getByTestId('plan-date').textContent())!.trim();
    expect(end).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(page.getByTestId('status-notice')).toContainText(`Your plan ends on ${end}.`);
    await expect(page.getByTestId('next-payment')).toHaveCount(0);
    await shoot(page, 'dashboard-subscription-cancelled');

    // The banner says it everywhere but the dashboard.
    await page.goto('/c/genres');
    const banner = page.getByTestId('subscription-banner');
    await expect(banner).toContainText(`Your Advanced plan ends on ${end}.`);
    await expect(banner.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/dashboard/licenses');
    await banner.getByRole('link', { name: 'Renew' }).click();
    await expect(page).toHaveURL(/\/dashboard\/licenses$/);
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0);

    await hydrated(page);
    await page.getByTestId('renew').click();
    await expectToast(page, 'Your subscription renews again.');
    await expect(page.getByTestId('plan-status')).toHaveText('Active');
    await expect(page.getByTestId('open-cancel-renewal')).toBeVisible();
  });

  test('adds a channel after a wrong address, downloads the certificate and removes the channel', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await subscribeUser(request, { plan: 'start', period: 'month' });
    await signInBrowser(page, user.email, user.password);
    await openSubscription(page);
    await expect(page.getByTestId('channel-usage')).toHaveText('0 of 1 channel');

    await page.getByTestId('channel-type').selectOption('tiktok');
    const url = page.getByTestId('channel-url');
    await url.fill('https://www.youtube.com/@CuewaveE2E');
    await url.blur();
    await expect(
      page.getByText('Enter a TikTok profile address, like https://www.tiktok.com/@yourname.'),
    ).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    await url.fill('tiktok.com/@cuewave.e2e');
    await page.getByTestId('add-channel').click();
    await expect(page.getByTestId('channel')).toHaveText(/TikTok\s*https:\/\/www\.tiktok\.com\/@cuewave\.e2e/);
    await expect(page.getByTestId('channel-usage')).toHaveText('1 of 1 channel');
    await expect(page.getByTestId('channel-limit-reached')).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-licence').click()]);
    expect(download.suggestedFilename()).toMatch(/^cuewave-licence-CW-[A-Z0-9]{4}-[A-Z0-9]{4}\.pdf$/);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
    const verify = page.getByTestId('licence-verify').getByRole('link');
    await expect(verify).toHaveAttribute('href', /^\/licenses\/verify\/CW-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    await page.getByTestId('remove-channel').click();
    await page.getByTestId('confirm-remove-channel').click();
    await expect(page.getByTestId('channel')).toHaveCount(0);
    await expect(page.getByTestId('channel-usage')).toHaveText('0 of 1 channel');

    await verify.click();
    await expect(page).toHaveURL(/\/licenses\/verify\/CW-/);
    // The certificate listed the channel just removed: a newer one replaces it.
    await expect(page.getByTestId('licence-stamp')).toBeVisible();
  });
});

test.describe('subscription banner', () => {
  test('an unpaid order shows the banner and is paid from the subscription page', async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await createVerifiedUser(request);
    const headers = await signIn(request, user.email, user.password);
    await confirmPhone(request, headers);
    await saveBilling(request, headers);
    await saveCard(request, headers, TEST_CARDS.declined);
    const order = await request.post('/api/v1/subscription/new/advanced/month', { headers, data: {} });
    expect(order.status(), await order.text()).toBe(402);
    await signInBrowser(page, user.email, user.password);

    await page.goto('/c/genres');
    const banner = page.getByTestId('subscription-banner');
    await expect(banner).toContainText('Your payment isn’t complete.');
    await banner.getByRole('link', { name: 'Finish checkout' }).click();
    await expect(page).toHaveURL(/\/dashboard\/licenses$/);
    await hydrated(page);
    await expect(page.getByTestId('plan-status')).toHaveText('Payment pending');
    await expect(page.getByTestId('download-licence')).toBeDisabled();

    // The declined card again: its message, and the order stays open.
    await page.getByTestId('finish-payment').click();
    await expectToast(page, 'Your card was declined. Try another card.');
    await expect(page.getByTestId('plan-status')).toHaveText('Payment pending');

    const visa = await saveCard(request, headers, TEST_CARDS.visa);
    const r = await request.post(`/api/v1/payment/stripe/method/${visa.id}/default`, { headers });
    expect(r.status(), await r.text()).toBe(200);
    await page.getByTestId('finish-payment').click();
    await expectToast(page, 'Payment successful. Your plan is active.');
    await expect(page.getByTestId('plan-status')).toHaveText('Active');
    await expect(page.getByTestId('plan-name')).toHaveText('Advanced');
    await page.goto('/c/genres');
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0);
  });

  test('a trial user sees the days left on the home page, not on the dashboard', async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await createVerifiedUser(request);
    const headers = await signIn(request, user.email, user.password);
    await confirmPhone(request, headers);
    const trial = await request.post('/api/v1/subscription/new/trial', { headers });
    expect(trial.status(), await trial.text()).toBe(201);
    await signInBrowser(page, user.email, user.password);

    await page.goto('/');
    const banner = page.getByTestId('subscription-banner');
    await expect(banner).toContainText(/Your free trial ends in (30|31) days \([A-Z][a-z]{2} \d{1,2}, \d{4}\)\./);
    const choose = banner.getByRole('link', { name: 'Choose a plan' });
    await expect(choose).toHaveAttribute('href', '/register/select-plan');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await banner.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/subscription-banner-trial-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/dashboard/licenses');
    await expect(page.getByTestId('plan-name')).toHaveText('Free trial');
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0);
    await expect(page.getByTestId('choose-plan')).toHaveAttribute('href', '/register/select-plan');
    await page.goto('/dashboard/account');
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0);

    // Buying a plan ends the trial: the history lists both, and the banner has nothing more to say.
    await saveBilling(request, headers);
    await saveCard(request, headers, TEST_CARDS.visa);
    const buy = await request.post('/api/v1/subscription/new/start/year', { headers, data: {} });
    expect(buy.status(), await buy.text()).toBe(201);
    await page.goto('/dashboard/licenses');
    await expect(page.getByTestId('plan-name')).toHaveText('Start');
    const history = page.getByTestId('history').getByRole('listitem');
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText('Start · yearly');
    await expect(history.nth(0)).toContainText('Active');
    await expect(history.nth(1)).toContainText('Free trial');
    await expect(history.nth(1)).toContainText('Ended');
    await shoot(page, 'dashboard-subscription-history');
    await page.goto('/');
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0);
  });
});
