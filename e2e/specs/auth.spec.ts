import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createVerifiedUser, latestMessage, linkIn, logIn, TEST_PASSWORD, uniqueEmail } from '../support/accounts';
import { hydrated } from '../support/page';

/**
 * Sign-in, sign-out across tabs, password reset and sign-in links (issue 3, spec §2 and §4).
 * Users are created through the API, and emails are read from the development mailbox.
 *
 * The API limits sign-ins, registrations and emails per client address (decision 031) and trusts
 * X-Forwarded-For. Each run here poses as its own client, so journeys from other spec files on the
 * same server (and reruns) don't share one address's budget or its "captcha after 3 failures" counter.
 */
const clientAddress = `10.${rand()}.${rand()}.${rand()}`;
test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });

function rand() {
  return Math.floor(Math.random() * 250) + 1;
}

/** Marks the page so a reload can be told apart from client-side changes. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __e2eMark?: boolean }).__e2eMark = true));
}
const wasReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === undefined).catch(() => false);

test.describe('sign-in', () => {
  test('a wrong password shows the error without revealing whether the email exists', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await logIn(page, user.email, 'Not-the-password-1');
    const error = page.getByTestId('login-error');
    await expect(error).toHaveText('The email or password is incorrect.');
    await expect(page).toHaveURL(/\/auth\/login$/);
    const forKnownEmail = await error.textContent();

    // An address with no account gets the very same answer.
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/token'));
    await page.getByTestId('login-submit').click();
    expect((await answer).status()).toBe(401);
    await expect(error).toHaveText('The email or password is incorrect.');
    expect(await error.textContent()).toBe(forKnownEmail);
  });

  test('signing in and out in one tab reloads the other tabs', async ({ page, context, request }) => {
    const user = await createVerifiedUser(request);
    const other = await context.newPage();
    await other.goto('/c/genres');
    await hydrated(other);
    await expect(other.getByTestId('header-login')).toBeVisible();
    await markPage(other);

    // Sign in here: the other tab reloads and shows the account.
    await logIn(page, user.email, user.password);
    // A verified user without a plan continues the registration order at its forced step.
    await expect(page).toHaveURL(/\/register\/select-plan$/);
    await expect.poll(() => wasReloaded(other)).toBe(true);
    await hydrated(other);
    await expect(other.getByTestId('account-menu-button')).toBeVisible();
    await expect(other.getByTestId('header-login')).toHaveCount(0);
    // Registration unfinished: the header offers to finish it; In-store is hidden while signed in.
    await expect(other.getByTestId('finish-signup')).toBeVisible();
    await expect(other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'In-store' })).toHaveCount(
      0,
    );

    // Sign out there: this tab reloads signed out.
    await page.goto('/c/genres');
    await hydrated(page);
    await expect(page.getByTestId('account-menu-button')).toBeVisible();
    await markPage(page);
    await other.getByTestId('account-menu-button').click();
    await expect(other.getByTestId('account-menu')).toContainText(user.email);
    await other.getByTestId('logout').click();
    await expect(other).toHaveURL(/\/$/);
    await expect.poll(() => wasReloaded(page)).toBe(true);
    await hydrated(page);
    await expect(page.getByTestId('header-login')).toBeVisible();
    await expect(page.getByTestId('account-menu-button')).toHaveCount(0);

    // The session is gone on the server too: the refresh token was revoked with the cookies cleared.
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    await other.close();
  });

  test('a sign-in link from the email signs in once', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await page.goto('/auth/login');
    await hydrated(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByTestId('email-link').click();
    await expect(page).toHaveURL(/\/auth\/check-email$/);
    await expect(page.getByTestId('check-email-text')).toContainText(user.email);

    const message = await latestMessage(request, user.email, (m) => m.template === 'signin-link');
    const link = linkIn(message, '/ott/');
    await page.goto(link);
    await expect(page).toHaveURL(/\/register\/select-plan$/);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { account: { email: string } }).account.email).toBe(user.email);

    // Single use: the same link again is refused with a way to log in.
    await page.goto(link);
    await expect(page.getByTestId('ott-failed')).toContainText('expired or was already used');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});

test.describe('another device', () => {
  test('a one-time link from the account page signs in a second device once', async ({ page, browser, request }) => {
    const user = await createVerifiedUser(request);
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/register\/select-plan$/);
    await page.goto('/dashboard/account');
    await hydrated(page);
    await page.getByTestId('device-link-create').click();
    const link = await page.getByTestId('device-link-url').inputValue();
    expect(link).toMatch(/\/ott\/[^/?]+\?returnUrl=%2Fregister%2Fwelcome%2Fott$/);

    // The second device is a browser with no cookies of this account.
    const device = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });
    const phone = await device.newPage();
    await phone.goto(link);
    await expect(phone).toHaveURL(/\/register\/welcome\/ott$/);
    await expect(phone.getByTestId('welcome-ott')).toContainText(user.email);
    await expect(phone.getByTestId('welcome-ott-continue')).toHaveAttribute('href', '/register/select-plan');

    // Single use.
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(link);
    await expect(stranger.getByTestId('ott-failed')).toContainText('expired or was already used');
    await device.close();
    await stranger.context().close();
  });
});

test.describe('password reset', () => {
  test('a user resets the password through the emailed link', async ({ page, request }) => {
    const user = await createVerifiedUser(request);
    await page.goto('/auth/login');
    await hydrated(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await page.getByLabel('Email').fill(user.email);
    await page.getByTestId('reset-submit').click();
    await expect(page).toHaveURL(/\/auth\/check-email$/);
    await expect(page.getByTestId('check-email-text')).toContainText(`If an account exists for ${user.email}`);

    const message = await latestMessage(request, user.email, (m) => m.template === 'password-reset');
    const link = linkIn(message, '/auth/change-password');
    await page.goto(link);
    await hydrated(page);
    const newPassword = 'Brand-new-secret-77';
    await page.getByTestId('new-password').fill('short');
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('password-strength')).toContainText('Too weak');
    await expect(page.getByTestId('new-password')).toBeFocused();
    await page.getByTestId('new-password').fill(newPassword);
    await page.getByTestId('confirm-password').fill(newPassword);
    await page.getByTestId('change-password-submit').click();
    await expect(page).toHaveURL(/\/auth\/change-confirmed$/);
    await expect(page.getByTestId('change-confirmed-text')).toContainText('signed out');

    // The link worked once.
    await page.goto(link);
    await hydrated(page);
    await page.getByTestId('new-password').fill('Another-secret-88');
    await page.getByTestId('confirm-password').fill('Another-secret-88');
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('change-password-bad-token')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );

    // The old password no longer works; the new one does.
    await logIn(page, user.email, TEST_PASSWORD);
    await expect(page.getByTestId('login-error')).toHaveText('The email or password is incorrect.');
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/register\/select-plan$/);
  });
});
