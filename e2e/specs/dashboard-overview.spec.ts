import { test, expect } from '../fixtures';
import { createVerifiedUser, signInBrowser } from '../support/accounts';
import { signIn, subscribeUser } from '../support/checkout';
import { hydrated } from '../support/page';

/** /dashboard is the subscriber's overview (decision 053), with the way into every other section. */

const SHOTS = '/tmp/shots/visitor';

test.describe('dashboard overview', () => {
  test('a subscriber sees plan, days left, next payment, channels and licence, and reaches each section', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const user = await subscribeUser(request, { plan: 'advanced', period: 'month', currency: 'eur' });
    const headers = await signIn(request, user.email, user.password);
    const added = await request.post('/api/v1/subscription/channels', {
      headers,
      data: { type: 'youtube', url: 'https://www.youtube.com/@cuewave-e2e' },
    });
    expect(added.status(), await added.text()).toBe(201);
    await signInBrowser(page, user.email, user.password);

    const response = await page.goto('/dashboard');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Overview · Cuewave');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');
    await expect(page.getByTestId('overview-plan-name')).toHaveText('Advanced');
    await expect(page.getByTestId('overview-plan-status')).toHaveText('Active');
    await expect(page.getByTestId('overview-plan-days')).toHaveText(
      /^Next payment [A-Z][a-z]{2} \d{1,2}, \d{4} · (2[89]|3[01]) days left$/,
    );
    await expect(page.getByTestId('overview-payment-amount')).toHaveText(/^€\d+\.\d\d$/);
    await expect(page.getByTestId('overview-payment-date')).toHaveText(
      /^on [A-Z][a-z]{2} \d{1,2}, \d{4} · Visa •••• 4242$/,
    );
    await expect(page.getByTestId('overview-channels-used')).toHaveText('1 of 3');
    await expect(page.getByTestId('overview-channels')).toContainText('youtube.com/@cuewave-e2e');
    await expect(page.getByTestId('overview-licence-download')).toBeEnabled();

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.screenshot({ path: `${SHOTS}/dashboard-overview-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // The certificate downloads from the overview.
    await hydrated(page);
    const download = page.waitForEvent('download');
    await page.getByTestId('overview-licence-download').click();
    expect((await download).suggestedFilename()).toMatch(/^cuewave-licence-.+\.pdf$/);

    // Each section's entry point leads there.
    const sections = page.getByTestId('overview-sections');
    await expect(sections.getByRole('link')).toHaveText([
      /Playlists/,
      /Downloads/,
      /Subscription/,
      /Billing/,
      /Account/,
      /Support/,
    ]);
    await sections.getByRole('link', { name: /Billing/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await nav.getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByTestId('overview-plan').getByRole('link', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(/\/dashboard\/licenses$/);
  });

  test('a user without a plan is asked to choose one, not redirected', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await signInBrowser(page, user.email, user.password);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('You don’t have a plan yet')).toBeVisible();
    await expect(page.getByTestId('overview-choose-plan')).toHaveAttribute('href', '/register/select-plan');
    await expect(page.getByTestId('overview-plan')).toHaveCount(0);
    // Billing is not a section for them (the guard would send it to the subscription page).
    await expect(page.getByTestId('overview-sections').getByRole('link', { name: /Billing/ })).toHaveCount(0);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.screenshot({ path: `${SHOTS}/dashboard-overview-no-plan-${width}.png`, fullPage: true });
    }
  });

  test('a visitor is sent to sign in first', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fdashboard$/);
  });
});
