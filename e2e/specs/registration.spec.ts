import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { latestCode, TEST_PASSWORD } from '../support/accounts';
import { hydrated } from '../support/page';

/**
 * The registration flow of spec §2 / §4 in the browser: sign-up, both verifications through the
 * development outbox, plan, trial, the step guard and the abandon-registration modal.
 */

const PASSWORD = TEST_PASSWORD;

function uniqueEmail(tag: string): string {
  return `w2-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function signUp(page: Page, email: string) {
  await page.goto('/register/signup');
  await hydrated(page);
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(PASSWORD);
  await expect(page.getByTestId('password-strength')).toContainText(/Good|Strong/);
  await page.getByTestId('signup-newsletter').check();
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(/\/register\/verify-email$/, { timeout: 30_000 });
  await expect(page.getByTestId('verify-email-address')).toHaveText(email);
}

async function verifyEmail(page: Page, request: APIRequestContext, email: string) {
  const code = await latestCode(request, email, 'email');
  await page.getByLabel('Digit 1 of 6').fill(code);
  await expect(page).toHaveURL(/\/register\/select-plan$/);
}

async function addPhone(page: Page, national: string) {
  await page.getByTestId('phone-country').selectOption('PL');
  await page.getByTestId('phone-number').fill(national);
  await expect(page.getByTestId('phone-preview')).toContainText('+48');
  await page.getByTestId('phone-submit').click();
  await expect(page).toHaveURL(/\/register\/verify-phone$/);
}

/** A Polish mobile number nobody else in this run uses. */
function uniquePhone(): { national: string; e164: string } {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { national: `5${digits}`, e164: `+485${digits}` };
}

/**
 * Sign-up is rate limited per address (decision 031: 10 an hour). Each test comes from an address
 * of its own (the API trusts X-Forwarded-For from its proxy), as separate visitors would.
 */
test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
});

test.describe('registration', () => {
  test('a visitor signs up, verifies email and phone, picks the trial and starts it', async ({ page, request }) => {
    // Five steps, each a page and its API calls: room for a loaded runner.
    test.setTimeout(120_000);
    const email = uniqueEmail('flow');
    const phone = uniquePhone();

    await page.goto('/register/plans');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([
      'Free trial',
      'Start',
      'Advanced',
      'Professional',
      'Enterprise',
    ]);
    await page.getByTestId('period-monthly').check();
    await page.getByTestId('choose-advanced').click();
    await expect(page).toHaveURL(/\/register\/signup$/);
    await expect(page.getByTestId('signup-plan')).toContainText('Advanced');

    await signUp(page, email);
    await expect(page.getByTestId('step-verify-email')).toHaveAttribute('aria-current', 'step');

    // Jumping ahead by URL lands on the step the order forces.
    await page.goto('/register/trial');
    await expect(page).toHaveURL(/\/register\/verify-email$/);

    // A wrong code is refused with a message tied to the boxes.
    const real = await latestCode(request, email, 'email');
    const wrong = real === '000000' ? '111111' : '000000';
    await hydrated(page);
    await page.getByLabel('Digit 1 of 6').fill(wrong);
    await expect(page.getByTestId('email-code').getByRole('alert')).toContainText('isn’t right');
    await expect(page.getByLabel('Digit 1 of 6')).toHaveAttribute('aria-invalid', 'true');

    // The plan chosen before signing up is kept (decision 051): a confirmed email goes to add-phone (spec §4).
    await page.getByLabel('Digit 1 of 6').fill(await latestCode(request, email, 'email'));
    await expect(page).toHaveURL(/\/register\/add-phone$/);
    // Going back to the plan shows the choice, and the trial can still be picked.
    await page.goto('/register/select-plan');
    await hydrated(page);
    await expect(page.getByTestId('plan-advanced')).toHaveAttribute('data-selected', 'true');
    await page.getByTestId('choose-trial').click();
    await expect(page).toHaveURL(/\/register\/add-phone$/);

    await page.getByTestId('phone-country').selectOption('PL');
    await page.getByTestId('phone-number').fill('12');
    await page.getByTestId('phone-submit').click();
    await expect(page.getByText(/Enter a valid phone number for/)).toBeVisible();

    await addPhone(page, phone.national);
    await expect(page.getByTestId('verify-phone-number')).toContainText('+48');
    const smsCode = await latestCode(request, phone.e164, 'sms');
    await page.getByLabel('Digit 1 of 6').fill(smsCode);
    await expect(page).toHaveURL(/\/register\/trial$/);
    await expect(page.getByTestId('trial-includes')).toContainText('1 channel');

    await page.getByTestId('start-trial').click();
    await expect(page).toHaveURL(/\/register\/welcome$/);
    await expect(page.getByTestId('welcome')).toContainText('free trial has started');

    // Complete: leaving no longer asks, and register steps send the user home.
    await page.getByTestId('welcome-browse').click();
    await expect(page).toHaveURL(/\/c\/genres$/);
    await expect(page.getByTestId('abandon-modal')).toHaveCount(0);
    await page.goto('/register/verify-phone');
    await expect(page).toHaveURL(/\/$/);
  });

  test('"change number" goes back to add-phone; a paid plan can switch to the trial', async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('phone');
    await signUp(page, email);
    await verifyEmail(page, request, email);
    await page.getByTestId('period-yearly').check();
    await page.getByTestId('choose-professional').click();
    await expect(page).toHaveURL(/\/register\/add-phone$/);
    const first = uniquePhone();
    await addPhone(page, first.national);

    await page.getByTestId('change-number').click();
    await expect(page).toHaveURL(/\/register\/add-phone$/);
    const second = uniquePhone();
    // Texting a code is limited to one per 30 s per account: the button counts down, then works.
    await page.getByTestId('phone-country').selectOption('PL');
    await page.getByTestId('phone-number').fill(second.national);
    await page.getByTestId('phone-submit').click();
    await expect(page.getByRole('form', { name: 'Phone number' }).getByRole('alert')).toContainText(
      'Too many attempts',
    );
    await expect(page.getByTestId('phone-submit')).toBeDisabled();
    await expect(page.getByTestId('phone-submit')).toHaveText(/Text me a code \(0:\d\d\)/);
    await expect(page.getByTestId('phone-submit')).toBeEnabled({ timeout: 40_000 });
    await page.getByTestId('phone-submit').click();
    await expect(page).toHaveURL(/\/register\/verify-phone$/);
    const code = await latestCode(request, second.e164, 'sms');
    await page.getByLabel('Digit 1 of 6').fill(code);

    await expect(page).toHaveURL(/\/register\/details$/);
    await expect(page.getByTestId('details-summary')).toContainText('Professional');
    await expect(page.getByTestId('details-summary')).toContainText('Yearly');
    await page.getByTestId('switch-to-trial').click();
    await expect(page).toHaveURL(/\/register\/trial$/);
  });

  test('the US edition keeps its /us prefix through the plan pages', async ({ page }) => {
    await page.goto('/us/register/plans');
    await hydrated(page);
    await page.getByTestId('choose-start').click();
    await expect(page).toHaveURL(/\/us\/register\/signup$/);
    await expect(page.getByTestId('signup-plan')).toContainText('Start');
  });

  test('an email already in use is refused with a link to log in', async ({ page }) => {
    const email = uniqueEmail('taken');
    await signUp(page, email);
    await page.context().clearCookies();

    await page.goto('/register/signup');
    await hydrated(page);
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(PASSWORD);
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-error')).toContainText('already have an account');
    await expect(page.getByTestId('signup-email')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('signup-login-link').click();
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('the abandon modal asks before leaving mid-flow; stay keeps the step, leave goes @mobile', async ({ page }) => {
    await signUp(page, uniqueEmail('abandon'));
    await hydrated(page);

    // Leaving for home asks first; staying keeps the page.
    await page.getByRole('link', { name: 'Cuewave home' }).click();
    const modal = page.getByTestId('abandon-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Leave registration?' })).toBeVisible();
    await page.getByTestId('abandon-stay').click();
    await expect(modal).toHaveCount(0);
    await expect(page).toHaveURL(/\/register\/verify-email$/);

    // Asked again, leaving goes.
    await page.getByRole('link', { name: 'Cuewave home' }).click();
    await expect(modal).toBeVisible();
    await page.getByTestId('abandon-leave').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the emailed link verifies the email even in a browser that is not signed in', async ({
    page,
    request,
    browser,
  }) => {
    const email = uniqueEmail('link');
    await signUp(page, email);
    const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}&channel=email`);
    const { items } = (await response.json()) as { items: Array<{ text: string }> };
    const link = items[0]!.text.match(/\/register\/verify-email\?token=[\w-]+/)?.[0];
    expect(link, 'a verification link in the email').toBeTruthy();

    const other = await browser.newContext();
    const visitor = await other.newPage();
    await visitor.goto(link!);
    await expect(visitor.getByTestId('verify-link-done')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Log in' }).last()).toBeVisible();
    await other.close();

    // The signed-in tab moves on once it looks again.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your email is confirmed' })).toBeVisible();
    await page.getByTestId('verify-email-continue').click();
    await expect(page).toHaveURL(/\/register\/select-plan$/);
  });
});
