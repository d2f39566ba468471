import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import {
  latestCode,
  latestMessage,
  linkIn,
  logIn,
  signInBrowser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/accounts';
import {
  continueToPayment,
  fillCard,
  GERMAN_PERSON,
  saveBilling,
  signIn,
  subscribeUser,
  TEST_CARDS,
  userWithPlan,
  type Bearer,
} from '../support/checkout';
import { hydrated } from '../support/page';

/**
 * Buying a plan without one (decision 051): a trial subscriber, a subscriber whose plan ended and one
 * who cancelled reach the paid checkout from the price page, the subscription banner and the
 * dashboard, pay by card with 3-D Secure, and end on an active plan; and a plan chosen before signing
 * up survives sign-up and a verification link opened on another device.
 */

// Sign-up and the card vault are limited per address: every test is a visitor of its own.
const octet = () => randomInt(1, 250);
test.use({
  extraHTTPHeaders: async ({}, use) => use({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` }),
});

async function fillGermanDetails(page: Page) {
  await page.getByTestId('billing-type-personal').check();
  await page.getByTestId('billing-country').selectOption('DE');
  await page.getByTestId('billing-firstName').fill(GERMAN_PERSON.firstName);
  await page.getByTestId('billing-lastName').fill(GERMAN_PERSON.lastName);
  await page.getByTestId('billing-line1').fill(GERMAN_PERSON.line1);
  await page.getByTestId('billing-city').fill(GERMAN_PERSON.city);
  await page.getByTestId('billing-postalCode').fill(GERMAN_PERSON.postalCode);
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/upgrade-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function addChannel(request: APIRequestContext, headers: Bearer, handle: string) {
  const res = await request.post('/api/v1/subscription/channels', {
    headers,
    data: { type: 'youtube', url: `https://www.youtube.com/@${handle}` },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('buying a plan without one', () => {
  test('trial → paid: the price page, the banner and 3-D Secure lead to an active plan and end the trial', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { user, headers } = await userWithPlan(request, 'trial', null);
    const trial = await request.post('/api/v1/subscription/new/trial', { headers, data: {} });
    expect(trial.status(), await trial.text()).toBe(201);
    await addChannel(request, headers, `trial${randomInt(1e6)}`);
    await request.post('/api/auth/revoke', { form: {} });
    await signInBrowser(page, user.email, user.password);

    // The price page: "Upgrade to Start" opens the checkout with Start, not the dashboard.
    await page.goto('/licenses');
    await hydrated(page);
    await expect(page.getByTestId('choose-start')).toHaveText('Upgrade to Start');
    await expect(page.getByTestId('hero-choose-plan')).toHaveAttribute('href', '/register/select-plan');
    await shoot(page, 'licenses-trial');
    await page.getByTestId('choose-start').click();
    await expect(page).toHaveURL(/\/register\/details$/);
    await expect(page.getByTestId('details-summary')).toContainText('Start');
    await expect(page.getByTestId('checkout-steps')).toContainText('Billing details');
    await expect(page.getByTestId('switch-to-trial')).toHaveCount(0);

    // The subscription page's "Choose a plan" and the banner's open the same checkout at the plan choice.
    await page.goto('/dashboard/licenses');
    await expect(page.getByTestId('choose-plan')).toHaveAttribute('href', '/register/select-plan');
    await shoot(page, 'dashboard-trial');
    await page.goto('/c/genres');
    const banner = page.getByTestId('subscription-banner');
    await expect(banner).toContainText('Your free trial ends in');
    await banner.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(/\/register\/select-plan$/);
    await hydrated(page);
    await expect(page.getByTestId('plan-trial')).toHaveCount(0);
    await expect(page.getByTestId('select-plan-note')).toContainText('Your free trial ends when your paid plan starts');
    await shoot(page, 'select-plan-trial');
    await page.getByTestId('period-monthly').check();
    await page.getByTestId('choose-advanced').click();

    await expect(page).toHaveURL(/\/register\/details$/);
    await hydrated(page);
    await expect(page.getByTestId('details-summary')).toContainText('Advanced');
    await expect(page.getByTestId('details-summary')).toContainText('Monthly');
    await fillGermanDetails(page);
    await shoot(page, 'details-trial');
    await continueToPayment(page);

    await expect(page.getByTestId('order-facts')).toContainText('Advanced');
    await expect(page.getByTestId('trial-ends-note')).toContainText(
      'Your free trial ends when this payment goes through',
    );
    await expect(page.getByTestId('quote-summary')).toContainText(/VAT 19\s%/);
    await fillCard(page, TEST_CARDS.threeDSecure);
    await shoot(page, 'billing-trial');
    await page.getByTestId('pay').click();
    const dialog = page.getByTestId('three-d-secure');
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('three-d-secure-approve').click();
    await expect(page).toHaveURL(/\/register\/welcome$/, { timeout: 30_000 });
    await expect(page.getByTestId('welcome-plan')).toContainText('Advanced');
    await shoot(page, 'welcome-trial');

    // The trial ended as the plan started; its channel stays on the licence.
    await page.goto('/dashboard/licenses');
    await expect(page.getByTestId('plan-name')).toHaveText('Advanced');
    await expect(page.getByTestId('plan-status')).toHaveText('Active');
    await expect(page.getByTestId('channel')).toHaveCount(1);
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({ registrationStep: null, subscription: { planType: 'advanced', status: 'active' } });
    const history = (await (await page.request.get('/api/v1/subscription/list/my')).json()) as Array<{
      planType: string;
      status: string;
    }>;
    expect(history.find((s) => s.planType === 'trial')?.status).toBe('ended');
  });

  test('ended → new plan: the subscription page’s “Choose a plan” leads through prefilled details and the saved card', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    // A plan that has ended. The journeys' server runs on the real clock, so it is ended now with
    // force, which leaves it exactly as the renewal job leaves a plan at its end: status ended.
    const buyer = await subscribeUser(request, {
      plan: 'start',
      period: 'month',
      currency: 'eur',
      billing: GERMAN_PERSON,
    });
    const headers = await signIn(request, buyer.email, buyer.password);
    const ended = await request.delete(`/api/v1/subscription/cancel/${buyer.subscriptionId}`, {
      headers,
      params: { force: 'true' },
    });
    expect(ended.ok(), await ended.text()).toBe(true);
    await request.post('/api/auth/revoke', { form: {} });

    await logIn(page, buyer.email, buyer.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 30_000 });
    await page.goto('/dashboard/licenses');
    await expect(page.getByText('Your plan has ended')).toBeVisible();
    // They signed up long ago: the header offers the plan choice, not "Finish sign-up".
    const header = page.getByTestId('site-header');
    await expect(header.getByTestId('header-choose-plan')).toHaveText('Choose a plan');
    await expect(header.getByTestId('header-choose-plan')).toHaveAttribute('href', '/register/select-plan');
    await expect(header.getByTestId('finish-signup')).toHaveCount(0);
    await shoot(page, 'dashboard-ended');
    await page.getByTestId('choose-plan').click();
    await expect(page).toHaveURL(/\/register\/select-plan$/);
    await hydrated(page);
    // Leaving asks about the checkout, not the registration they finished long ago.
    await page.getByRole('link', { name: 'Cuewave home' }).click();
    const leave = page.getByTestId('abandon-modal');
    await expect(leave.getByRole('heading', { name: 'Leave checkout?' })).toBeVisible();
    await expect(leave).toContainText('Your plan isn’t bought yet.');
    await expect(leave).not.toContainText('registration');
    await shoot(page, 'abandon-ended');
    await page.getByTestId('abandon-stay').click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(/\/register\/select-plan$/);
    await page.getByTestId('period-yearly').check();
    await page.getByTestId('choose-professional').click();

    await expect(page).toHaveURL(/\/register\/details$/);
    await expect(page.getByTestId('details-summary')).toContainText('Professional');
    await expect(page.getByTestId('billing-city')).toHaveValue('Berlin');
    await continueToPayment(page);
    await expect(page.getByTestId('order-facts')).toContainText('Yearly');
    // The saved card is offered first.
    await expect(page.getByTestId('pay-with-4242')).toBeChecked();
    await page.getByTestId('pay').click();
    await expect(page).toHaveURL(/\/register\/welcome$/, { timeout: 30_000 });
    await expect(page.getByTestId('welcome-plan')).toContainText('Professional');
    await page.goto('/dashboard/licenses');
    await expect(page.getByTestId('plan-name')).toHaveText('Professional');
  });

  test('cancelled → new plan: Start from the price page keeps the oldest channel of three', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const buyer = await subscribeUser(request, {
      plan: 'advanced',
      period: 'month',
      currency: 'eur',
      billing: GERMAN_PERSON,
    });
    const headers = await signIn(request, buyer.email, buyer.password);
    const tag = randomInt(1e6);
    for (const name of ['first', 'second', 'third']) await addChannel(request, headers, `${name}${tag}`);
    // Cancelled at once (force): the dashboard only turns renewal off; the API ends the plan now.
    const cancelled = await request.delete(`/api/v1/subscription/cancel/${buyer.subscriptionId}`, {
      headers,
      params: { force: 'true' },
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await request.post('/api/auth/revoke', { form: {} });
    await signInBrowser(page, buyer.email, buyer.password);

    await page.goto('/licenses');
    await hydrated(page);
    await expect(page.getByTestId('site-header').getByTestId('header-choose-plan')).toHaveText('Choose a plan');
    await expect(page.getByTestId('finish-signup')).toHaveCount(0);
    await page.getByTestId('period-monthly').check();
    await page.getByTestId('choose-start').click();
    await expect(page).toHaveURL(/\/register\/details$/);
    await expect(page.getByTestId('details-summary')).toContainText('Start');
    await continueToPayment(page);
    await expect(page.getByTestId('order-facts')).toContainText('Start');
    await page.getByTestId('pay').click();
    await expect(page).toHaveURL(/\/register\/welcome$/, { timeout: 30_000 });

    await page.goto('/dashboard/licenses');
    await expect(page.getByTestId('plan-name')).toHaveText('Start');
    await expect(page.getByTestId('channel')).toHaveCount(1);
    await expect(page.getByTestId('channel')).toContainText(`first${tag}`);
  });

  test('a plan chosen on /licenses survives sign-up and a verification link opened on another device', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('keep');
    await page.goto('/licenses');
    await hydrated(page);
    await page.getByTestId('period-monthly').check();
    await page.getByTestId('choose-advanced').click();
    await expect(page).toHaveURL(/\/register\/signup$/);
    await expect(page.getByTestId('signup-plan')).toContainText('Advanced');
    // A paid plan is not "no card needed".
    await expect(page.getByTestId('signup-title')).toHaveText('Create your account for Advanced');
    await expect(page.getByTestId('signup-lead')).not.toContainText('No card');
    await shoot(page, 'signup-paid');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill(TEST_PASSWORD);
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL(/\/register\/verify-email$/, { timeout: 30_000 });

    // The emailed link, opened on another device: no session storage, no session.
    const message = await latestMessage(request, email, (item) => item.template === 'email-verification');
    const other = await browser.newContext({
      extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` },
    });
    const phone = await other.newPage();
    await phone.goto(linkIn(message, '/register/verify-email'));
    await expect(phone.getByTestId('verify-link-done')).toBeVisible({ timeout: 20_000 });
    await logIn(phone, email, TEST_PASSWORD);
    // Spec §4: a confirmed email with a chosen plan and no phone goes to add-phone.
    await expect(phone).toHaveURL(/\/register\/add-phone$/, { timeout: 30_000 });
    await other.close();

    // Back on the first device the plan is still Advanced, monthly, through to the details.
    await page.goto('/register/verify-email');
    await hydrated(page);
    await page.getByTestId('verify-email-continue').click();
    await expect(page).toHaveURL(/\/register\/add-phone$/);
    const national = `5${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    await page.getByTestId('phone-country').selectOption('PL');
    await page.getByTestId('phone-number').fill(national);
    await page.getByTestId('phone-submit').click();
    await expect(page).toHaveURL(/\/register\/verify-phone$/);
    await page.getByLabel('Digit 1 of 6').fill(await latestCode(request, `+48${national}`, 'sms'));
    await expect(page).toHaveURL(/\/register\/details$/);
    await expect(page.getByTestId('details-summary')).toContainText('Advanced');
    await expect(page.getByTestId('details-summary')).toContainText('Monthly');
  });

  test('a trial-ending email’s link takes a signed-out reader through login to the plan choice', async ({
    page,
    request,
  }) => {
    const { user, headers } = await userWithPlan(request, 'trial', null);
    const trial = await request.post('/api/v1/subscription/new/trial', { headers, data: {} });
    expect(trial.status(), await trial.text()).toBe(201);
    await saveBilling(request, headers, GERMAN_PERSON);
    await request.post('/api/auth/revoke', { form: {} });

    // The link the trial emails carry (server trial-emails.ts), opened signed out.
    await page.goto('/register/select-plan');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fregister%2Fselect-plan$/);
    await hydrated(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/register\/select-plan$/, { timeout: 30_000 });
    await expect(page.getByTestId('choose-start')).toBeVisible();
  });
});
