import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signInBrowser } from '../support/accounts';
import { subscribeUser } from '../support/checkout';
import { hydrated } from '../support/page';

/**
 * A 404 inside the app keeps the shell, the area's frame and the music (decision 053); a sound
 * effect's title in the player leads somewhere real; the edition follows the visitor's country,
 * with a switch in the footer that is remembered.
 *
 * Headless Chromium's user agent counts as a crawler (decision 012): the full pages need a normal one.
 */
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
test.use({ userAgent: DESKTOP_UA });

const SHOTS = '/tmp/shots/visitor';
const audio = (page: Page) => page.locator('[data-testid=player-audio]');
const currentTime = (page: Page) => audio(page).evaluate((el) => (el as HTMLAudioElement).currentTime);

async function expectPlaying(page: Page) {
  await expect(page.getByTestId('player')).toHaveAttribute('data-open', 'true');
  // The bar opens as the track is chosen; the audio element starts a moment later.
  await expect.poll(() => audio(page).evaluate((el) => (el as HTMLAudioElement).paused)).toBe(false);
  // Time moves on: a short sound effect may end and the player go on to the next track, so any change
  // of position counts; a stopped or paused player stays where it was.
  const from = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).not.toBe(from);
  expect(await audio(page).evaluate((el) => (el as HTMLAudioElement).paused)).toBe(false);
}

/** An in-app move (as a link click would make), to an address no link in the store points to. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

async function firstSfxCategory(request: APIRequestContext): Promise<string> {
  const categories = (await (await request.get('/api/v1/category?kind=sfx')).json()) as Array<{ id: string }>;
  return categories[0]!.id;
}

test.describe('not found inside the app', () => {
  test('a 404 keeps the header, the catalogue tabs and the music playing, with its own title', async ({
    page,
    request,
  }) => {
    await page.goto(`/c/sfx/${await firstSfxCategory(request)}`);
    await hydrated(page);
    // The longest sound of the page: a one-second sound can end, and the player move on to the next
    // one, between reading the title's link and clicking it.
    const rows = page.getByTestId('track-row');
    const seconds = await rows.evaluateAll((els) =>
      els.map((el) => {
        const [, m, s] = /\b(\d+):(\d\d)\b/.exec(el.textContent ?? '') ?? [];
        return Number(m ?? 0) * 60 + Number(s ?? 0);
      }),
    );
    const row = rows.nth(seconds.indexOf(Math.max(...seconds)));
    await row.getByRole('button', { name: /^Play / }).click();
    await expectPlaying(page);

    // An unknown catalogue path: the catalogue frame stays, the player keeps going.
    await navigateInApp(page, '/c/no-such-section');
    await expect(page.getByTestId('error-page')).toHaveAttribute('data-status', '404');
    await expect(page.getByTestId('not-found-path')).toHaveText('Page Not Found: /c/no-such-section');
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Catalogue sections' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found — Cuewave');
    await expectPlaying(page);

    // An unknown genre id: its loader's 404 is shown in the same frame.
    await navigateInApp(page, '/c/genres/no-such-genre');
    await expect(page.getByTestId('not-found-path')).toHaveText('Page Not Found: /c/genres/no-such-genre');
    await expect(page.getByRole('navigation', { name: 'Catalogue sections' })).toBeVisible();
    await expectPlaying(page);

    // Any other unknown path: the site frame (header and footer).
    await navigateInApp(page, '/no-such-page');
    await expect(page.getByTestId('error-page')).toHaveAttribute('data-status', '404');
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await expect(page).toHaveTitle('Page not found — Cuewave');
    await expectPlaying(page);

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.screenshot({ path: `${SHOTS}/404-default-${width}.png`, fullPage: true });
    }
  });

  test('every not-found address answers 404 and names itself, under /us too', async ({ page }) => {
    for (const path of ['/c/no-such-section', '/c/genres/no-such-genre', '/c/song/no-such-song', '/nope', '/us/nope']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId('not-found-path'), path).toHaveText(`Page Not Found: ${path}`);
      await expect(page.getByTestId('site-header'), path).toBeVisible();
      await expect(page, path).toHaveTitle('Page not found — Cuewave');
    }
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.goto('/c/genres/no-such-genre');
      await page.screenshot({ path: `${SHOTS}/404-catalog-${width}.png`, fullPage: true });
    }
  });

  test('an unknown dashboard path keeps the dashboard frame and its navigation', async ({ page, request }) => {
    const user = await subscribeUser(request, { plan: 'start', period: 'month', currency: 'eur' });
    await signInBrowser(page, user.email, user.password);
    const response = await page.goto('/dashboard/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('site-header')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
    await expect(page.getByTestId('not-found-path')).toHaveText('Page Not Found: /dashboard/nope');
    await expect(page).toHaveTitle('Page not found — Cuewave');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.screenshot({ path: `${SHOTS}/404-dashboard-${width}.png`, fullPage: true });
    }
    await hydrated(page);
    await nav.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByTestId('error-page')).toHaveCount(0);
  });
});

test.describe('the player', () => {
  test("a sound effect's title leads to its category, where it keeps playing", async ({ page }) => {
    // The sound-effects index lists sounds of every category: the title must lead away from it.
    await page.goto('/c/sfx');
    await hydrated(page);
    // The longest sound of the page: a one-second sound can end, and the player move on to the next
    // one, between reading the title's link and clicking it.
    const rows = page.getByTestId('track-row');
    const seconds = await rows.evaluateAll((els) =>
      els.map((el) => {
        const [, m, s] = /\b(\d+):(\d\d)\b/.exec(el.textContent ?? '') ?? [];
        return Number(m ?? 0) * 60 + Number(s ?? 0);
      }),
    );
    const row = rows.nth(seconds.indexOf(Math.max(...seconds)));
    await row.getByRole('button', { name: /^Play / }).click();
    await expectPlaying(page);

    const title = page.getByTestId('player-title');
    await expect(title).toHaveAttribute('href', /^\/c\/sfx\/[^/]+$/);
    const href = (await title.getAttribute('href'))!;
    expect((await page.request.get(href)).status()).toBe(200);
    await page.getByTestId('player-title').click();
    await expect(page).toHaveURL((url) => url.pathname === href);
    await expect(page.getByTestId('error-page')).toHaveCount(0);
    await expect(page.locator('h1').first()).toBeVisible();
    await expectPlaying(page);
  });
});

test.describe('editions', () => {
  test('a visitor from the US lands on the US edition; switching to Europe is remembered', async ({
    browser,
    request,
  }) => {
    const redirect = await request.get('/licenses?currency=usd', {
      headers: { 'CF-IPCountry': 'US', 'user-agent': DESKTOP_UA },
      maxRedirects: 0,
    });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()['location']).toBe('/us/licenses?currency=usd');

    const context = await browser.newContext({ userAgent: DESKTOP_UA, extraHTTPHeaders: { 'CF-IPCountry': 'US' } });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/us');
    await hydrated(page);
    const footerSwitch = page.getByTestId('edition-switch');
    await expect(footerSwitch.getByTestId('edition-us')).toHaveAttribute('aria-pressed', 'true');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await footerSwitch.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/edition-switch-${width}.png` });
    }

    await footerSwitch.getByTestId('edition-eu').click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByTestId('edition-eu')).toHaveAttribute('aria-pressed', 'true');
    const cookie = (await context.cookies()).find((c) => c.name === 'cw_edition');
    expect(cookie?.value).toBe('eu');
    // Remembered for a year, not for the session.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);

    // Still from the US, but the choice wins: no redirect any more.
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goto('/licenses');
    await expect(page).toHaveURL((url) => url.pathname === '/licenses');

    // And back: the same page in the US edition.
    await hydrated(page);
    await page.getByTestId('edition-us').click();
    await expect(page).toHaveURL((url) => url.pathname === '/us/licenses');
    await context.close();
  });

  test('a European visitor stays on the EU edition and may open /us', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'CF-IPCountry': 'PL' });
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByTestId('edition-eu')).toHaveAttribute('aria-pressed', 'true');
    const response = await page.goto('/us/licenses');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL((url) => url.pathname === '/us/licenses');
  });
});
