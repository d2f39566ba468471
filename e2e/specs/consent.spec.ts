import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { hydrated } from '../support/page';

/**
 * The cookie card and settings (spec §2, §4, §9; decision 071). The config gives every other journey an
 * answered card; this one starts as a first visitor.
 */
test.use({ storageState: { cookies: [], origins: [] } });

const DEFAULT = {
  analytics_storage: 'denied',
  ad_personalization: 'denied',
  ad_user_data: 'denied',
  ad_storage: 'denied',
  functionality_storage: 'denied',
  security_storage: 'granted',
};
const GRANTED = Object.fromEntries(Object.keys(DEFAULT).map((key) => [key, 'granted']));

/** window.dataLayer, with gtag's `arguments` entries as arrays. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      entry && typeof entry === 'object' && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );

async function consentCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  const pick = (name: string) => cookies.find((c) => c.name === name);
  return { accepted: pick('cookie-accepted'), categories: pick('cookie-consent-categories') };
}

const card = (page: Page) => page.getByRole('region', { name: 'We value your privacy' });
const settings = (page: Page) => page.getByRole('region', { name: 'Cookie settings' });

test('visitor accepts, rejects and picks cookie categories, edits them later, and no outside request is made', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) outside.push(url);
  });
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`) });

  // First visit: the server renders the card, and only Consent Mode's default is in the data layer.
  const first = await page.goto('/');
  expect(await first!.text()).toContain('data-testid="cookie-consent"');
  await hydrated(page);
  await expect(card(page)).toBeVisible();
  expect(await dataLayer(page)).toEqual([['consent', 'default', DEFAULT]]);
  await card(page).getByRole('button', { name: 'Show more' }).click();
  await expect(card(page).getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-policy');
  await shot('card-1440');
  await card(page).getByRole('button', { name: 'Show less' }).click();
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="cookie-consent"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Accept all: 'granted' for 365 days on '/', every signal granted, the card gone and not rendered again.
  await card(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(card(page)).toBeHidden();
  const accepted = await consentCookies(context);
  expect(accepted.accepted).toMatchObject({ value: 'granted', path: '/', sameSite: 'Lax' });
  const days = (accepted.accepted!.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThan(365.1);
  expect((await dataLayer(page)).at(-1)).toEqual(['consent', 'update', GRANTED]);
  const again = await page.goto('/c/genres');
  expect(await again!.text()).not.toContain('data-testid="cookie-consent"');
  await hydrated(page);
  expect(await dataLayer(page)).toEqual([
    ['consent', 'default', DEFAULT],
    ['consent', 'update', GRANTED],
  ]);

  // Edit later from the footer: the settings open with focus in them; essential is on and locked, and
  // opening one description closes the other.
  await page.getByTestId('site-footer').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(settings(page)).toBeVisible();
  await expect(settings(page).getByRole('heading', { name: 'Cookie settings' })).toBeFocused();
  const essential = settings(page).getByRole('checkbox', { name: 'essential cookies' });
  await expect(essential).toBeChecked();
  await expect(essential).toBeDisabled();
  await expect(settings(page).getByRole('checkbox', { name: 'analytics cookies' })).toBeChecked();
  await settings(page).getByRole('button', { name: 'Analytics' }).click();
  await expect(settings(page).getByText('Would count visits')).toBeVisible();
  await settings(page).getByRole('button', { name: 'Advertising' }).click();
  await expect(settings(page).getByText('Would count visits')).toBeHidden();
  await expect(settings(page).getByRole('button', { name: 'Analytics' })).toHaveAttribute('aria-expanded', 'false');
  await expect(settings(page).getByRole('button', { name: 'Advertising' })).toHaveAttribute('aria-expanded', 'true');
  await shot('settings-1440');

  // Reject all: 'denied', every optional signal denied.
  await settings(page).getByRole('button', { name: 'Reject all' }).click();
  await expect(settings(page)).toBeHidden();
  await expect(page.getByTestId('site-footer').getByRole('button', { name: 'Cookie settings' })).toBeFocused();
  expect(await consentCookies(context)).toMatchObject({
    accepted: { value: 'denied' },
    categories: { value: 'none' },
  });
  expect((await dataLayer(page)).at(-1)).toEqual(['consent', 'update', DEFAULT]);

  // Allow selected: only the ticked categories are granted; not all three, so the cookie says 'denied'.
  await page.getByTestId('site-footer').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(settings(page).getByRole('checkbox', { name: 'analytics cookies' })).not.toBeChecked();
  await settings(page).getByRole('checkbox', { name: 'analytics cookies' }).check();
  await settings(page).getByRole('checkbox', { name: 'functionality cookies' }).check();
  await settings(page).getByRole('button', { name: 'Allow selected' }).click();
  await expect(settings(page)).toBeHidden();
  const chosen = { ...DEFAULT, analytics_storage: 'granted', functionality_storage: 'granted' };
  expect((await dataLayer(page)).at(-1)).toEqual(['consent', 'update', chosen]);
  expect(await consentCookies(context)).toMatchObject({
    accepted: { value: 'denied' },
    categories: { value: 'analytics%2Cfunctionality' },
  });
  // The choice survives a new page: no card, and the stored choice follows the default.
  await page.reload();
  await hydrated(page);
  await expect(card(page)).toBeHidden();
  expect(await dataLayer(page)).toEqual([
    ['consent', 'default', DEFAULT],
    ['consent', 'update', chosen],
  ]);
  // Escape closes settings reopened from the footer, leaving the choice as it was.
  await page.getByTestId('site-footer').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(settings(page).getByRole('checkbox', { name: 'functionality cookies' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(settings(page)).toBeHidden();

  // Bad input: a consent cookie with an unknown value is no choice, so the card asks again.
  const host = new URL(origin).hostname;
  await context.addCookies([{ name: 'cookie-accepted', value: 'yes-please', domain: host, path: '/' }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await hydrated(page);
  await expect(card(page)).toBeVisible();
  expect(await dataLayer(page)).toEqual([['consent', 'default', DEFAULT]]);
  await shot('card-390');
  const box = await card(page).boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await card(page).getByRole('button', { name: 'Cookie settings' }).click();
  await expect(settings(page)).toBeVisible();
  await settings(page).getByRole('button', { name: 'Functionality' }).click();
  await shot('settings-390');
  await settings(page).getByRole('button', { name: 'Accept all' }).click();
  expect((await consentCookies(context)).accepted?.value).toBe('granted');

  // The privacy policy lists the consent cookies, says which tools run here (none), and reopens the settings.
  await page.goto('/privacy-policy');
  await hydrated(page);
  await expect(page.getByRole('cell', { name: 'cookie-accepted', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'cookie-consent-categories' })).toBeVisible();
  await expect(page.getByText('None of them is configured on this installation')).toBeVisible();
  await page.getByRole('button', { name: 'Change your cookie settings' }).click();
  await expect(settings(page)).toBeVisible();
  await expect(settings(page).getByRole('checkbox', { name: 'advertising cookies' })).toBeChecked();

  // Nothing is configured here (no GTM_ID, HOTJAR_ID, SENTRY_*): not one request left our origin.
  expect(outside).toEqual([]);
});
