import { test, expect, type Page } from '@playwright/test';
import { hydrated } from '../support/page';

/**
 * The site shell: navigation rules, the error page, the burger menu, the sticky header and the /us
 * edition. Relative URLs: the Playwright config supplies baseURL.
 *
 * Note: Playwright's headless Chromium announces itself as "HeadlessChrome", which `isbot` counts as a
 * crawler, so the server renders the plain crawler error page for it. Tests of the full error page set
 * an ordinary desktop user agent.
 */

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

test.describe('navigation rules (spec §2)', () => {
  test('the old /catalog prefix is rewritten to /c', async ({ page, request }) => {
    const response = await request.get('/catalog/genres?page=2', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/c/genres?page=2');

    await page.goto('/catalog/genres');
    await expect(page).toHaveURL(/\/c\/genres$/);
  });

  test('/faq answers a permanent redirect to /faq/rights', async ({ request }) => {
    const response = await request.get('/faq', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/faq/rights');
  });

  test('/auth goes to the login page', async ({ page }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('/direct-music-licensing goes home', async ({ request }) => {
    const response = await request.get('/direct-music-licensing', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/');
  });

  test("'&' and '%26' in a path become 'and'", async ({ request }) => {
    for (const path of ['/c/genres/rock-&-roll', '/c/genres/rock-%26-roll', '/c/genres/rock&roll']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(response.headers()['location'], path).toBe('/c/genres/rock-and-roll');
    }
  });

  test("'día-de-muertos' becomes 'dia-de-muertos'", async ({ request }) => {
    const response = await request.get('/c/moods/d%C3%ADa-de-muertos', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/c/moods/dia-de-muertos');
  });

  test('the same rules apply under /us', async ({ request }) => {
    const faq = await request.get('/us/faq', { maxRedirects: 0 });
    expect(faq.headers()['location']).toBe('/us/faq/rights');
    const catalog = await request.get('/us/catalog/moods', { maxRedirects: 0 });
    expect(catalog.headers()['location']).toBe('/us/c/moods');
  });
});

test.describe('error page', () => {
  test('an unknown page answers 404 with its path', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /no-such-page', { exact: true })).toBeVisible();
  });

  test.describe('for a visitor', () => {
    test.use({ userAgent: DESKTOP_UA });

    test('shows the full page and the return button goes home, replacing the history entry', async ({ page }) => {
      await page.goto('/c/genres');
      await page.goto('/no-such-page');
      await hydrated(page);
      await expect(page.getByRole('heading', { level: 1, name: /not found/i })).toBeVisible();
      await expect(page.getByText(/doesn't exist/)).toBeVisible();
      await page.getByTestId('error-return').click();
      await expect(page).toHaveURL(/\/$/);
      // The 404 entry was replaced, so going back skips it.
      await page.goBack();
      await expect(page).toHaveURL(/\/c\/genres$/);
    });

    test('/error shows the generic error page', async ({ page }) => {
      await page.goto('/error');
      await expect(page.getByRole('heading', { level: 1, name: /something went wrong/i })).toBeVisible();
      await expect(page.getByText(/unexpected error occurred/i)).toBeVisible();
    });
  });
});

test.describe('burger menu', () => {
  test('opens and closes with the keyboard, keeping focus inside while open', async ({ page }) => {
    await page.goto('/c/genres');
    await hydrated(page);
    const burger = page.getByTestId('burger-button');
    await burger.focus();
    await page.keyboard.press('Enter');

    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByTestId('burger-close')).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Start free trial' })).toBeVisible();
    expect(await page.evaluate(() => document.body.dataset.scrollLocked)).toBe('true');

    // Focus wraps around inside the dialog.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="burger-menu"]'))).toBe(true);
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="burger-menu"]'))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();
    expect(await page.evaluate(() => document.body.dataset.scrollLocked)).toBeUndefined();
  });
});

/** Waits for hydration (the player provider's first effect marks <body>), then makes the page tall. */
async function makeTall(page: Page) {
  await hydrated(page);
  await page.evaluate(() => {
    document.body.style.minHeight = '5000px';
  });
}

test.describe('header', () => {
  test('hides when scrolling down and reappears when scrolling up; search icon after 100 px', async ({ page }) => {
    await page.goto('/c/genres');
    await makeTall(page);
    const header = page.getByTestId('site-header');
    await expect(header).toHaveAttribute('data-hidden', 'false');
    await expect(page.getByTestId('header-search')).toHaveAttribute('aria-hidden', 'true');

    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 900);
    await expect.poll(scrollY).toBeGreaterThan(800);
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await expect.poll(async () => (await header.boundingBox())?.y ?? 0).toBeLessThan(0);

    await page.mouse.wheel(0, -300);
    await expect.poll(scrollY).toBeLessThan(700);
    expect(await scrollY()).toBeGreaterThan(100);
    await expect(header).toHaveAttribute('data-hidden', 'false');
    await expect.poll(async () => (await header.boundingBox())?.y ?? -1).toBe(0);
    await expect(page.getByTestId('header-search')).not.toHaveAttribute('aria-hidden', 'true');
  });

  test('space outside interactive elements does not scroll the page', async ({ page }) => {
    await page.goto('/c/genres');
    await makeTall(page);
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('signed-out favourites heart explains that favourites need an account', async ({ page }) => {
    await page.goto('/c/genres');
    await hydrated(page);
    await page.getByTestId('header-favorites').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Signing in from it leads on to the favourites.
    await expect(dialog.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?returnUrl=%2Fc%2Fplaylists%2Ffavorites',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('US edition', () => {
  test('the home page renders under /us with a canonical link', async ({ page }) => {
    const response = await page.goto('/us');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/us$/);
  });

  test('a catalogue page renders under /us', async ({ page }) => {
    const response = await page.goto('/us/c/genres');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('navigation', { name: 'Catalogue sections' })).toBeVisible();
    await expect(page.getByTestId('catalog-tab-genres')).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('security headers', () => {
  test('a page allows only its own scripts: inline ones carry the nonce of its policy, an injected one does not run', async ({
    page,
  }) => {
    const response = await page.goto('/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, policy).toBeTruthy();
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-eval');
    // Hydration ran, so React Router's inline scripts were allowed; each carries this page's nonce.
    await hydrated(page);
    const inline = await page.evaluate(() =>
      Array.from(document.scripts)
        .filter((s) => !s.src)
        .map((s) => s.nonce),
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(new Set(inline)).toEqual(new Set([nonce]));

    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
    });
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
    await expect.poll(() => refused.join('\n')).toContain('Content Security Policy');

    // Every page load has a nonce of its own.
    const again = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
    expect(/'nonce-([^']+)'/.exec(again)?.[1]).not.toBe(nonce);
  });
});
