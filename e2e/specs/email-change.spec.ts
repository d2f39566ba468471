import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  createVerifiedUser,
  latestCode,
  latestMessage,
  linkIn,
  logIn,
  signInBrowser,
  uniqueEmail,
} from '../support/accounts';
import { hydrated } from '../support/page';
import { expectToast } from '../support/toasts';

/**
 * Changing the sign-in email (decision 048): the new address waits until confirmed while the old one
 * keeps signing in; the old one is then told, with a link that undoes the change and makes the
 * password be chosen anew. SHOTS_DIR=/some/dir also saves the screens at 1440 and 390 px.
 */

const NEW_PASSWORD = 'Fresh-start-2031';

async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

test.beforeEach(async ({ page }) => {
  // Sign-up and sign-in are limited per address; each test is a visitor of its own.
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
});

test('a customer changes the sign-in email; the old address undoes it and the password is chosen anew', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const user = await createVerifiedUser(request);
  const next = uniqueEmail('moved');

  await signInBrowser(page, user.email, user.password);
  await page.goto('/dashboard/account');
  await hydrated(page);
  await expect(page.getByTestId('account-email-value')).toHaveText(user.email);
  await shoot(page, 'account-email-confirmed');

  await page.getByTestId('change-email').click();
  await page.getByTestId('new-email').fill(next);
  await page.getByTestId('email-current-password').fill(user.password);
  await shoot(page, 'account-email-form');
  await page.getByTestId('save-email').click();

  // Pending: the old address is still the sign-in email, and says so.
  const pending = page.getByTestId('pending-email');
  await expect(pending).toContainText(`Pending confirmation: ${next}`);
  await expect(pending).toContainText(`you keep signing in with ${user.email}`);
  await expect(page.getByTestId('account-email-value')).toHaveText(user.email);
  await shoot(page, 'account-email-pending');

  await pending.getByLabel('Digit 1 of 6').fill(await latestCode(request, next, 'email'));
  await expectToast(page, `You now sign in with ${next}.`);
  await expect(page.getByTestId('account-email-value')).toHaveText(next);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);

  // The old address is told, with a link to undo.
  const notice = await latestMessage(request, user.email, (item) => item.template === 'email-changed');
  expect(notice.text).toContain(next);
  await page.goto(linkIn(notice, '/account/email-change'));
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Undo the email change?' })).toBeVisible();
  await shoot(page, 'email-undo');
  await page.getByTestId('email-undo-confirm').click();
  await expect(page.getByTestId('email-undo-done')).toContainText(`You sign in with ${user.email} again`);
  await shoot(page, 'email-undo-done');

  await page.getByTestId('email-undo-new-password').click();
  await expect(page).toHaveURL(/\/auth\/change-password\?token=/);
  await hydrated(page);
  await page.getByTestId('new-password').fill(NEW_PASSWORD);
  await page.getByTestId('confirm-password').fill(NEW_PASSWORD);
  await page.getByTestId('change-password-submit').click();
  await expect(page).toHaveURL(/\/auth\/change-confirmed/);

  // The old address with the new password signs in; the old password no longer does.
  await logIn(page, user.email, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  const oldPassword = await request.post('/api/auth/token', {
    form: { grant_type: 'password', username: user.email, password: user.password },
  });
  expect(oldPassword.status()).toBe(401);
});

test('a pending change can be cancelled, and the sign-in email never moves', async ({ page }) => {
  const request = page.request;
  const user = await createVerifiedUser(request);
  const next = uniqueEmail('cancelled');
  await signInBrowser(page, user.email, user.password);
  await page.goto('/dashboard/account');
  await hydrated(page);
  await page.getByTestId('change-email').click();
  await page.getByTestId('new-email').fill(next);
  await page.getByTestId('email-current-password').fill(user.password);
  await page.getByTestId('save-email').click();
  await expect(page.getByTestId('pending-email')).toBeVisible();

  await page.getByTestId('cancel-email-change').click();
  await expectToast(page, `The change was cancelled. You still sign in with ${user.email}.`);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);
  await expect(page.getByTestId('account-email-value')).toHaveText(user.email);
});

test('the link mailed to the new address confirms it, in a signed-out browser too', async ({ page }) => {
  const request = page.request;
  const user = await createVerifiedUser(request);
  const next = uniqueEmail('linked');
  await signInBrowser(page, user.email, user.password);
  await page.goto('/dashboard/account');
  await hydrated(page);
  await page.getByTestId('change-email').click();
  await page.getByTestId('new-email').fill(next);
  await page.getByTestId('email-current-password').fill(user.password);
  await page.getByTestId('save-email').click();
  await expect(page.getByTestId('pending-email')).toBeVisible();

  // Opened elsewhere: the link alone is enough.
  await page.context().clearCookies();
  const mail = await latestMessage(request, next, (item) => item.template === 'email-change-verification');
  await page.goto(linkIn(mail, '/account/email-change'));
  await hydrated(page);
  await expect(page.getByTestId('email-change-confirmed')).toContainText(`You now sign in with ${next}`);
  await shoot(page, 'email-change-confirmed');
  await page.getByTestId('email-change-continue').click();
  await logIn(page, next, user.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
});
