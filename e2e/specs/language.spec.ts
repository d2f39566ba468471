import { test, expect } from '@playwright/test';
import { hydrated } from '../support/page';

/**
 * Languages (issue 15, decision 075): the browser's language on a first visit, the footer's switch
 * remembered in the `lang` cookie for a year, and the switch's bad input.
 */
test.describe('language', () => {
  test.use({ locale: 'pl-PL' });

  test('a Polish browser gets Polish; the footer switch changes it and the choice is remembered', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    const footer = page.getByTestId('site-footer');
    const switcher = footer.getByRole('group', { name: 'Język' });
    await expect(switcher.getByRole('button', { name: 'Polski' })).toHaveAttribute('aria-pressed', 'true');
    // The shell speaks Polish: the header's navigation and the footer's links.
    const header = page.getByTestId('site-header');
    await expect(
      header.getByRole('navigation', { name: 'Główne' }).getByRole('link', { name: 'Licencje i ceny' }),
    ).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Polityka prywatności' })).toBeVisible();

    await switcher.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('site-header').getByRole('link', { name: 'Licenses & Pricing' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('en');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    // Remembered over the browser's own language, on every page, and the switch keeps the page.
    await page.goto('/c/genres');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const englishSwitch = page.getByTestId('site-footer').getByRole('group', { name: 'Language' });
    await englishSwitch.getByRole('button', { name: 'Polski' }).click();
    await expect(page).toHaveURL(/\/c\/genres$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    // What renders only in the browser speaks Polish too: the burger menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('burger-button').click();
    await expect(page.getByRole('dialog', { name: 'Menu strony' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Odkrywaj' })).toBeVisible();
  });

  test('bad input: an unknown language, a foreign return address, an unknown cookie', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const refused = await request.post('/language', { form: { language: 'de', path: '/' }, maxRedirects: 0 });
    expect(refused.status()).toBe(400);
    const away = await request.post('/language', {
      form: { language: 'pl', path: '//evil.example/phish' },
      maxRedirects: 0,
    });
    expect(away.status()).toBe(303);
    expect(away.headers()['location']).toBe('/');

    // A cookie naming no language the store speaks is no choice: the browser's language (Polish) decides.
    await context.addCookies([{ name: 'lang', value: '<script>', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  });
});
