import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { latestCode, TEST_PASSWORD } from '../support/accounts';
import { hydrated } from '../support/page';
import { expectToast } from '../support/toasts';

/**
 * The dashboard's account pages: subscription summary, newsletter, rating, password change and
 * account deletion, for a user who registered through the real flow.
 */

const PASSWORD = TEST_PASSWORD;
const NEW_PASSWORD = 'Battery-staple-77';

/** Signs up through the pages and starts the free trial; leaves the browser signed in. */
async function registerWithTrial(page: Page, request: APIRequestContext, tag: string): Promise<string> {
  const email = `w2-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  await page.goto('/register/signup');
  await hydrated(page);
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(PASSWORD);
  await page.getByTestId('signup-newsletter').check();
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(/\/register\/verify-email$/, { timeout: 30_000 });
  await page.getByLabel('Digit 1 of 6').fill(await latestCode(request, email, 'email'));
  await expect(page).toHaveURL(/\/register\/select-plan$/);
  await page.getByTestId('choose-trial').click();
  await expect(page).toHaveURL(/\/register\/add-phone$/);
  await page.getByTestId('phone-country').selectOption('PL');
  await page.getByTestId('phone-number').fill(`5${digits}`);
  await page.getByTestId('phone-submit').click();
  await expect(page).toHaveURL(/\/register\/verify-phone$/);
  await page.getByLabel('Digit 1 of 6').fill(await latestCode(request, `+485${digits}`, 'sms'));
  await expect(page).toHaveURL(/\/register\/trial$/);
  await page.getByTestId('start-trial').click();
  await expect(page).toHaveURL(/\/register\/welcome$/);
  return email;
}

test.beforeEach(async ({ page }) => {
  // Sign-up is rate limited per address; each test is a visitor of its own (see registration.spec.ts).
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
});

test.describe('dashboard account', () => {
  test('a new trial user sees the subscription, changes newsletter, rates and changes the password', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = await registerWithTrial(page, request, 'account');

    // /dashboard is the overview now (decision 053); the subscription page is a section of its own.
    await page.goto('/dashboard/licenses');
    await expect(page.getByTestId('plan-name')).toHaveText('Free trial');
    await expect(page.getByTestId('plan-status')).toHaveText('Active');
    await expect(page.getByTestId('plan-days-left')).toHaveText(/^(30|31) days left$/);
    await expect(page.getByTestId('plan-date')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await hydrated(page);
    await expect(page.getByTestId('account-email-value')).toHaveText(email);
    await expect(page.getByTestId('account-phone-value')).toContainText('+48');

    // Newsletter: chosen at sign-up, switched off here.
    const newsletter = page.getByRole('switch', { name: 'Newsletter' });
    await expect(newsletter).toHaveAttribute('aria-checked', 'true');
    await newsletter.click();
    await expectToast(page, 'unsubscribed from the newsletter');
    await expect(newsletter).toHaveAttribute('aria-checked', 'false');
    await newsletter.click();
    await expect(newsletter).toHaveAttribute('aria-checked', 'true');

    // Text notifications need the verified phone, which this user has.
    const sms = page.getByRole('switch', { name: 'Text notifications' });
    await expect(sms).toBeEnabled();
    await sms.click();
    await expect(sms).toHaveAttribute('aria-checked', 'true');

    // Rating (spec §8 message).
    await page.getByRole('button', { name: '4 stars' }).click();
    await expectToast(page, 'Thank you for rating us. We’ll do our best.');
    await expect(page.getByTestId('current-rating')).toHaveText(/You rated us 4 out of 5/);
    await expect(page.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');

    // Password: a weak new one is refused before sending; a good one signs other devices out.
    await page.getByTestId('current-password').fill(PASSWORD);
    await page.getByTestId('new-password').fill('short');
    await page.getByTestId('save-password').click();
    await expect(page.getByTestId('new-password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('new-password').fill(NEW_PASSWORD);
    await page.getByTestId('save-password').click();
    await expectToast(page, 'Password changed — other devices were signed out');
    await expect(page.getByTestId('current-password')).toHaveValue('');

    // This browser stays signed in with the session the change renewed.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByTestId('account-email-value')).toHaveText(email);
  });

  test('deleting the account asks for the password, then signs out and goes home', async ({ page, request }) => {
    test.setTimeout(120_000);
    await registerWithTrial(page, request, 'delete');
    await page.goto('/dashboard/account');
    await hydrated(page);

    await page.getByTestId('delete-account').click();
    const modal = page.getByTestId('delete-account-modal');
    await expect(modal).toBeVisible();
    await expect(page.getByTestId('delete-password')).toBeFocused();
    await page.getByTestId('confirm-delete-account').click();
    await expect(page.getByTestId('delete-password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByTestId('delete-password').fill(PASSWORD);
    await page.getByTestId('confirm-delete-account').click();
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Your account has been deleted');

    // Signed out: the dashboard asks to log in.
    await page.goto('/dashboard/account');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
  });

  test('a wrong password is refused in place, without signing the user out', async ({ page, request }) => {
    test.setTimeout(120_000);
    await registerWithTrial(page, request, 'wrongpw');
    await page.goto('/dashboard/account');
    await hydrated(page);

    await page.getByTestId('current-password').fill('Not-the-password-1');
    await page.getByTestId('new-password').fill(NEW_PASSWORD);
    await page.getByTestId('save-password').click();
    await expect(page.getByTestId('current-password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('That password isn’t right.')).toBeVisible();

    await page.getByTestId('delete-account').click();
    await page.getByTestId('delete-password').fill('Not-the-password-1');
    await page.getByTestId('confirm-delete-account').click();
    await expect(page.getByTestId('delete-account-modal').getByText('That password isn’t right.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
  });
});
