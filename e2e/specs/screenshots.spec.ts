import type { APIRequestContext } from '@playwright/test';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { latestMessage, registerUser } from '../support/accounts';

/**
 * Saves a full-page screenshot of every storefront screen at 1440 px and 390 px wide into
 * e2e/screenshots/, for people to look at after a change. Each page must also render its main heading.
 */

type Named = { id: string; children?: Named[] };

async function first<T>(
  request: APIRequestContext,
  path: string,
  pick: (body: T) => string | undefined,
): Promise<string> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  const id = pick((await response.json()) as T);
  if (!id) throw new Error(`no id from ${path}`);
  return id;
}

test.describe('screenshots', () => {
  test.skip(({ isMobile }) => isMobile, 'both widths are taken in one run');

  test('every storefront screen at 1440 and 390 px', async ({ page, request }) => {
    test.setTimeout(240_000);
    const genres = (await (await request.get('/api/v1/genre')).json()) as Named[];
    const genre = genres.find((g) => (g.children?.length ?? 0) > 0)!;
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['genres', '/c/genres'],
      ['genre', `/c/genres/${genre.id}`],
      ['subgenre', `/c/genres/${genre.id}/${genre.children![0]!.id}`],
      ['moods', '/c/moods'],
      ['mood', `/c/moods/${await first<Named[]>(request, '/api/v1/mood', (b) => b[0]?.id)}`],
      ['sfx', '/c/sfx'],
      ['sfx-category', `/c/sfx/${await first<Named[]>(request, '/api/v1/category?kind=sfx', (b) => b[0]?.id)}`],
      ['reels', '/c/reels'],
      [
        'reel',
        `/c/reels/${await first<Named[]>(request, '/api/v1/playlist/public/reels-and-shorts', (b) => b[0]?.id)}`,
      ],
      ['playlists', '/c/playlists'],
      [
        'playlist',
        `/c/playlists/${await first<Named[]>(request, '/api/v1/playlist/public/homepage', (b) => b[0]?.id)}`,
      ],
      ['top-music', '/c/top-music'],
      [
        'song',
        `/c/song/${await first<{ products: Named[] }>(request, '/api/v1/playlist/top-tracks', (b) => b.products[0]?.id)}`,
      ],
      ['login', '/auth/login'],
      ['us-home', '/us'],
    ];
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      for (const [name, path] of pages) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
      }
    }
  });

  test('every account and registration screen at 1440 and 390 px', async ({ page }) => {
    test.setTimeout(240_000);
    // A visitor of its own: sign-up is rate limited per address.
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': '192.0.2.77' });
    const api = page.request;
    const shoot = async (name: string, path: string) => {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await page.goto(path);
        await expect(page).toHaveURL((url) => url.pathname === path.split('?')[0]);
        await expect(page.locator('h1').first()).toBeVisible();
        await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
      }
    };

    const signedOut: Array<[string, string]> = [
      ['auth-reset-password', '/auth/reset-password'],
      ['auth-check-email', '/auth/check-email'],
      ['auth-change-password', '/auth/change-password?token=expired'],
      ['auth-change-confirmed', '/auth/change-confirmed'],
      ['register-plans', '/register/plans'],
      ['register-signup', '/register/signup'],
    ];
    for (const [name, path] of signedOut) await shoot(name, path);
    // The mailbox shows itself only to this machine's operator (decision 047), which the runner is.
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': '127.0.0.1' });
    await shoot('dev-mailbox', '/dev/mailbox');
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': '192.0.2.77' });

    // The same API calls the registration pages make, with the browser's own cookies.
    const user = await registerUser(api);
    expect(
      (
        await api.post('/api/auth/token', {
          form: { grant_type: 'password', username: user.email, password: user.password },
        })
      ).status(),
    ).toBe(200);
    await shoot('register-verify-email', '/register/verify-email');
    await shootBanner(page);
    const email = await latestMessage(api, user.email, (m) => m.template === 'email-verification');
    await ok(api.post('/api/v1/account/email/verify', { data: { code: /\b(\d{6})\b/.exec(email.text)![1] } }));
    await shoot('register-select-plan', '/register/select-plan');
    await ok(api.post('/api/v1/account', { data: { signupPlan: 'professional', signupPeriod: 'year' } }));
    await shoot('register-add-phone', '/register/add-phone');
    const phone = `+4851${String(Date.now() % 1e7).padStart(7, '0')}`;
    await ok(api.post('/api/v1/account/mobile', { data: { phoneNumber: phone } }));
    await shoot('register-verify-phone', '/register/verify-phone');
    const sms = await latestMessage(api, phone);
    await ok(api.post('/api/v1/account/mobile/verify', { data: { code: /\b(\d{6})\b/.exec(sms.text)![1] } }));
    await shoot('register-details', '/register/details');
    await ok(api.post('/api/v1/account', { data: { signupPlan: 'trial' } }));
    await shoot('register-trial', '/register/trial');
    await ok(api.post('/api/v1/subscription/new/trial'));
    await shoot('register-welcome', '/register/welcome');
    await shoot('dashboard-account', '/dashboard/account');
    await shoot('dashboard-licenses', '/dashboard/licenses');
  });
});

async function ok(response: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>) {
  const r = await response;
  expect(r.ok(), await r.text()).toBe(true);
}

/** The unconfirmed-email banner of the root shell, on the home page. */
async function shootBanner(page: Page) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.goto('/c/genres');
    await expect(page.getByTestId('email-banner')).toBeVisible();
    await page.screenshot({ path: `screenshots/email-banner-${width}.png` });
  }
}
