import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedUser, latestMessage, signInBrowser, TEST_PASSWORD, type TestUser } from './accounts';
import { hydrated } from './page';

/**
 * Paying customers for journeys, made through the real API (decisions 042, 043, 045): a verified
 * user with a confirmed phone, billing details, a saved sandbox card and a paid subscription.
 * Dashboard journeys start from here instead of clicking through the checkout every time.
 */

export type Plan = 'start' | 'advanced' | 'professional';
export type Period = 'month' | 'year';
export type Currency = 'usd' | 'eur' | 'pln' | 'czk' | 'gbp';

/** Documented sandbox test cards (contract SANDBOX_TEST_CARDS). */
export const TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  threeDSecure: '4000002760003184',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/**
 * A 25 % first-purchase coupon that playwright.config.ts creates with the coupon CLI before the
 * journeys' server starts (the embedded database has one owner, and coupons have no API).
 */
export const E2E_COUPON = { code: 'E2E-WELCOME25', percent: 25 } as const;

/** A Polish business buyer with a NIP whose check digit is right (reverse charge never applies in PL). */
export const POLISH_BUSINESS = {
  type: 'business',
  firstName: 'Zofia',
  lastName: 'Wójcik',
  companyName: 'Studio Dźwięku Sp. z o.o.',
  country: 'PL',
  line1: 'ul. Marszałkowska 10',
  city: 'Warszawa',
  postalCode: '00-950',
  taxNumber: 'PL5260250995',
} as const;

/** A personal buyer in Germany (19 % VAT). */
export const GERMAN_PERSON = {
  type: 'personal',
  firstName: 'Jonas',
  lastName: 'Weber',
  country: 'DE',
  line1: 'Friedrichstraße 43',
  city: 'Berlin',
  postalCode: '10117',
} as const;

export type Bearer = { authorization: string };

async function ok<T>(response: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>, what: string) {
  const r = await response;
  const text = await r.text();
  expect(r.ok(), `${what}: ${r.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in through the password grant and answers the bearer header. */
export async function signIn(request: APIRequestContext, email: string, password: string): Promise<Bearer> {
  const { access_token } = await ok<{ access_token: string }>(
    request.post('/api/auth/token', { form: { grant_type: 'password', username: email, password } }),
    'sign in',
  );
  return { authorization: `Bearer ${access_token}` };
}

/** A Polish mobile number nobody else in this run uses. */
export function uniquePolishMobile(): string {
  return `+4851${String(randomInt(0, 1e7)).padStart(7, '0')}`;
}

/** Adds and confirms a phone number (the registration order needs one before a plan). */
export async function confirmPhone(request: APIRequestContext, headers: Bearer): Promise<string> {
  const phone = uniquePolishMobile();
  await ok(request.post('/api/v1/account/mobile', { headers, data: { phoneNumber: phone } }), 'add phone');
  const sms = await latestMessage(request, phone);
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
  if (!code) throw new Error(`no code in the SMS: ${sms.text}`);
  await ok(request.post('/api/v1/account/mobile/verify', { headers, data: { code } }), 'verify phone');
  return phone;
}

/**
 * A verified user with a confirmed phone and a running free trial (a finished registration), made
 * through the API; `headers` is the API's bearer (the browser signs in on its own).
 */
export async function trialSubscriber(request: APIRequestContext): Promise<{ user: TestUser; headers: Bearer }> {
  const user = await createVerifiedUser(request);
  const headers = await signIn(request, user.email, user.password);
  await confirmPhone(request, headers);
  await ok(request.post('/api/v1/subscription/new/trial', { headers }), 'start the trial');
  return { user, headers };
}

/** Saves billing details (POST /v1/billing). */
export async function saveBilling(
  request: APIRequestContext,
  headers: Bearer,
  billing: Record<string, unknown> = POLISH_BUSINESS,
): Promise<void> {
  await ok(request.post('/api/v1/billing', { headers, data: billing }), 'save billing');
}

/** Tokenises a card in the sandbox vault and saves it; answers the saved card. */
export async function saveCard(
  request: APIRequestContext,
  headers: Bearer,
  number: string = TEST_CARDS.visa,
): Promise<{ id: string; brand: string; last4: string; isDefault: boolean }> {
  const year = new Date().getUTCFullYear() + 3;
  const { token } = await ok<{ token: string }>(
    request.post('/api/v1/payment/sandbox/tokens', {
      data: { number, expMonth: 12, expYear: year, cvc: number.startsWith('3') ? '1234' : '123', name: 'E2E Buyer' },
    }),
    'tokenise card',
  );
  return ok(request.post(`/api/v1/payment/stripe/method/${token}`, { headers }), 'save card');
}

export type SubscribeOptions = {
  plan: Plan;
  period: Period;
  currency?: Currency;
  /** A card number (TEST_CARDS); default the succeeding Visa. A 3-D Secure card is approved. */
  card?: string;
  /** Billing details; default a Polish business. */
  billing?: Record<string, unknown>;
};

/**
 * A new user with billing details, a saved card and a paid, active subscription. The API request
 * context is signed out again afterwards, so the browser context starts clean: sign in with the
 * answered email and password.
 */
export async function subscribeUser(
  request: APIRequestContext,
  opts: SubscribeOptions,
): Promise<{ email: string; password: string; subscriptionId: string }> {
  const user = await createVerifiedUser(request);
  const headers = await signIn(request, user.email, user.password);
  await confirmPhone(request, headers);
  await saveBilling(request, headers, opts.billing ?? POLISH_BUSINESS);
  await saveCard(request, headers, opts.card ?? TEST_CARDS.visa);

  const path = `/api/v1/subscription/new/${opts.plan}/${opts.period}`;
  const params = opts.currency ? { currency: opts.currency } : undefined;
  const buy = () => request.post(path, { headers, params, data: {} });
  let response = await buy();
  if (response.status() === 202) {
    // 3-D Secure (decision 045): approve the step, then repeat the same call.
    const { payment } = (await response.json()) as { payment: { action: { confirmPath: string } } };
    await ok(
      request.post(`/api${payment.action.confirmPath}`, { headers, data: { approve: true } }),
      'approve 3-D Secure',
    );
    response = await buy();
  }
  expect(response.status(), await response.text()).toBe(201);
  const { subscription } = (await response.json()) as { subscription: { id: string; status: string } };
  expect(subscription.status).toBe('active');
  await request.post('/api/auth/revoke', { form: {} });
  return { email: user.email, password: user.password, subscriptionId: subscription.id };
}

/**
 * A verified user with a confirmed phone and the plan chosen: the registration up to its last step.
 * The API request context stays signed in; the answer has its bearer.
 */
export async function userWithPlan(
  request: APIRequestContext,
  plan: Plan | 'trial',
  period: Period | null,
): Promise<{ user: TestUser; headers: Bearer }> {
  const user = await createVerifiedUser(request);
  const headers = await signIn(request, user.email, user.password);
  await confirmPhone(request, headers);
  await ok(
    request.post('/api/v1/account', { headers, data: { signupPlan: plan, signupPeriod: period } }),
    'choose plan',
  );
  return { user, headers };
}

/**
 * {@link userWithPlan} with billing details saved (or not), signed in in the browser instead: the
 * state of someone arriving at /register/billing (or /register/details without details).
 */
export async function buyerAtCheckout(
  page: Page,
  request: APIRequestContext,
  opts: { plan: Plan; period: Period; billing: Record<string, unknown> | null },
): Promise<TestUser> {
  const { user, headers } = await userWithPlan(request, opts.plan, opts.period);
  if (opts.billing) await saveBilling(request, headers, opts.billing);
  await request.post('/api/auth/revoke', { form: {} });
  await signInBrowser(page, user.email, user.password);
  return user;
}

const CARD_EXPIRY = `12/${String((new Date().getUTCFullYear() + 4) % 100).padStart(2, '0')}`;

/** Types a sandbox card into the card form (prefix 'new-card' for the dashboard's add-card form). */
export async function fillCard(page: Page, number: string, prefix = 'card') {
  await page.getByTestId(`${prefix}-number`).fill(number);
  await page.getByTestId(`${prefix}-expiry`).fill(CARD_EXPIRY);
  await page.getByTestId(`${prefix}-cvc`).fill('123');
  await page.getByTestId(`${prefix}-name`).fill('Zofia Wójcik');
}

/**
 * Saves the details form and waits for the payment step. The save's answer is checked first, so a
 * failure says whether the details were refused (and why) or the move to the next page was slow.
 */
export async function continueToPayment(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/billing') && response.request().method() === 'POST',
    { timeout: 30_000 },
  );
  await page.getByTestId('billing-submit').click();
  const response = await saved;
  expect(response.status(), `POST /v1/billing answered ${await response.text()}`).toBe(200);
  // Loading the payment step reads the viewer, the details, the cards and the countries.
  await expect(page).toHaveURL(/\/register\/billing$/, { timeout: 30_000 });
}

/**
 * A visitor picks a plan, period and currency on the plan step and signs up with them (decision 051:
 * the choice travels in the signup state); ends on the verify-email step.
 */
export async function signUpWithPlan(
  page: Page,
  email: string,
  choice: { plan: Plan; period: Period; currency: Currency },
): Promise<void> {
  await page.goto('/register/plans');
  await hydrated(page);
  await page.getByTestId('currency-picker').selectOption(choice.currency);
  await page.getByTestId(choice.period === 'year' ? 'period-yearly' : 'period-monthly').check();
  await page.getByTestId(`choose-${choice.plan}`).click();
  await expect(page).toHaveURL(/\/register\/signup$/);
  await hydrated(page);
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-password').fill(TEST_PASSWORD);
  await page.getByTestId('signup-submit').click();
  await expect(page).toHaveURL(/\/register\/verify-email$/, { timeout: 30_000 });
}
