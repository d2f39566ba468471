import { test, expect, type APIRequestContext } from '@playwright/test';
import { registerUser, TEST_PASSWORD, logIn } from '../support/accounts';
import { signIn, type Bearer } from '../support/checkout';
import { OPERATOR_EMAIL } from '../support/operator';

/**
 * Maintenance (issue 15, spec §1 and §2): an operator turns it on without a restart; visitors get the
 * maintenance page (503, Retry-After) and the API closes; health and sign-in stay open, and the operator
 * signed in keeps the whole site. It runs alone, after every other journey (playwright.config.ts).
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots/maintenance';

async function operator(request: APIRequestContext): Promise<Bearer> {
  // A reused data folder has the account from an earlier run.
  const exists = await request.post('/api/auth/token', {
    form: { grant_type: 'password', username: OPERATOR_EMAIL, password: TEST_PASSWORD },
  });
  if (exists.status() !== 200) await registerUser(request, OPERATOR_EMAIL);
  return signIn(request, OPERATOR_EMAIL, TEST_PASSWORD);
}

async function setMaintenance(request: APIRequestContext, headers: Bearer, body: object) {
  const response = await request.put('/api/v1/maintenance', { headers, data: body });
  expect(response.status(), await response.text()).toBe(200);
}

test('an operator closes the site for maintenance and opens it again', async ({ browser, request }) => {
  const ops = await operator(request);
  await setMaintenance(request, ops, { on: true, retryAfter: 1200, message: 'We are upgrading the database.' });
  try {
    // A visitor: every page is the maintenance page, answered 503 with Retry-After.
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const visitor = await browser.newContext({ viewport });
      const page = await visitor.newPage();
      const response = await page.goto('/c/genres');
      expect(response?.status()).toBe(503);
      expect(response?.headers()['retry-after']).toMatch(/^\d+$/);
      await expect(page.getByRole('heading', { name: "We're tuning things up" })).toBeVisible();
      await expect(page.getByText('undergoing maintenance')).toBeVisible();
      await expect(page.getByRole('note')).toHaveText('We are upgrading the database.');
      await expect(page).toHaveTitle(/back soon/);
      await page.screenshot({ path: `${SHOTS}/maintenance-${viewport.width}.png`, fullPage: true });
      await visitor.close();
    }
    // The API, for a client without the operator's session (the `request` fixture holds its cookies).
    const outsider = await browser.newContext();
    const api = await outsider.request.get('/api/v1/product/music?limit=1');
    expect(api.status()).toBe(503);
    expect(await api.json()).toMatchObject({ error: 'MAINTENANCE' });
    expect((await outsider.request.get('/api/health')).status()).toBe(200);
    await outsider.close();

    // The operator signs in through the login page, which stays open, and then sees the real site.
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, OPERATOR_EMAIL, TEST_PASSWORD);
    await expect(page).not.toHaveURL(/\/auth\/login/);
    const inside = await page.goto('/c/genres');
    expect(inside?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('undergoing maintenance')).toHaveCount(0);
    await context.close();
  } finally {
    await setMaintenance(request, ops, { on: false });
  }
  // Open again for everyone.
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  expect((await page.goto('/c/genres'))?.status()).toBe(200);
  await visitor.close();
});
