import { expect, test } from '../fixtures';
import { AS_OPERATOR, registerUser } from '../support/accounts';

/**
 * The development mailbox holds everyone's sign-in codes and reset links, so a default install shows
 * it only to this machine's operator (decision 047). The journeys' server listens on 127.0.0.1: the
 * runner is the operator; a visitor behind a reverse proxy on this machine is simulated with the
 * X-Forwarded-For such a proxy adds (the server believes loopback proxies).
 */
const VISITOR = { 'x-forwarded-for': '203.0.113.7' };
// Sign-ups are limited per address: this file's registrations pose as a client of their own.
const octet = () => Math.floor(Math.random() * 250) + 1;
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

test('the operator on this machine reads a newcomer’s code in the mailbox', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.context().setExtraHTTPHeaders(AS_OPERATOR);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Development mailbox' })).toBeVisible();
  await expect(page.getByTestId('mailbox-item').first()).toContainText(user.email);
});

test('a visitor forwarded by a reverse proxy finds no mailbox, neither the page nor the API', async ({
  browser,
  request,
}) => {
  const user = await registerUser(request);
  const context = await browser.newContext({ extraHTTPHeaders: VISITOR });
  const page = await context.newPage();
  const response = await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByTestId('dev-mailbox-label')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(user.email);
  await page.screenshot({ path: 'screenshots/dev-mailbox-visitor-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'screenshots/dev-mailbox-visitor-390.png', fullPage: true });

  const api = await context.request.get('/api/dev/outbox', { params: { to: user.email } });
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ error: 'NOT_FOUND', message: 'No route for GET /api/dev/outbox' });
  await context.close();
});
