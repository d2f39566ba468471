import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveCaptcha } from './captcha';
import { hydrated } from './page';

/**
 * Accounts for journeys, made through the real API: register (with a solved captcha), then read
 * what the store "sent" from the development mailbox (GET /api/dev/outbox).
 */
export type TestUser = { email: string; password: string };

export const TEST_PASSWORD = 'Correct-horse-42';

export function uniqueEmail(tag = 'user'): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * The mailbox answers only this machine's operator (decision 047). Journeys pose as outside clients
 * with X-Forwarded-For (per-address limits); their mailbox reads say who they really are: the operator.
 */
export const AS_OPERATOR = { 'x-forwarded-for': '127.0.0.1' };

type OutboxItem = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  template: string;
  createTS: string;
};

/** Registers an account; its email is not confirmed yet. */
export async function registerUser(request: APIRequestContext, email = uniqueEmail()): Promise<TestUser> {
  const response = await request.post('/api/v1/account/register', {
    data: { email, password: TEST_PASSWORD, captcha: await solveCaptcha(request), newsletter: false },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password: TEST_PASSWORD };
}

/** Registers an account and confirms its email with the emailed code. */
export async function createVerifiedUser(request: APIRequestContext, email = uniqueEmail()): Promise<TestUser> {
  const user = await registerUser(request, email);
  const message = await latestMessage(request, email, (item) => item.template === 'email-verification');
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in the verification email: ${message.text}`);
  const signIn = await request.post('/api/auth/token', {
    form: { grant_type: 'password', username: email, password: TEST_PASSWORD },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { access_token } = (await signIn.json()) as { access_token: string };
  const verify = await request.post('/api/v1/account/email/verify', {
    data: { code },
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  // The API request context keeps cookies; sign out so the browser context starts clean.
  await request.post('/api/auth/revoke', { form: {} });
  return user;
}

/** The newest outbox message to `recipient` that matches, waiting briefly for it to arrive. */
export async function latestMessage(
  request: APIRequestContext,
  recipient: string,
  matches: (item: OutboxItem) => boolean = () => true,
): Promise<OutboxItem> {
  let found: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox', {
          params: { to: recipient, limit: 50 },
          headers: AS_OPERATOR,
        });
        if (!response.ok()) return undefined;
        const { items } = (await response.json()) as { items: OutboxItem[] };
        found = items.filter(matches).sort((a, b) => b.createTS.localeCompare(a.createTS))[0];
        return found?.id;
      },
      { message: `an email to ${recipient}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The newest 6-digit code the outbox holds for a recipient (email address or E.164 number). */
export async function latestCode(request: APIRequestContext, to: string, channel: 'email' | 'sms'): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&channel=${channel}`, {
          headers: AS_OPERATOR,
        });
        if (!response.ok()) return undefined;
        const { items } = (await response.json()) as { items: Array<{ text: string }> };
        code = items[0]?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { message: `a ${channel} code for ${to}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** The first link in a message's text whose path starts with `pathPrefix`, as a same-site path. */
export function linkIn(message: OutboxItem, pathPrefix: string): string {
  for (const match of message.text.matchAll(/https?:\/\/[^\s)>"']+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
  }
  throw new Error(`no ${pathPrefix} link in: ${message.text}`);
}

/** Signs in through the login form, as a person would (the page then follows the login's redirect). */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs the browser in through the token endpoint: the answer's cookies land in the page's context. */
export async function signInBrowser(page: Page, email: string, password: string) {
  const response = await page.request.post('/api/auth/token', {
    form: { grant_type: 'password', username: email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}
