import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { createVerifiedUser, signInBrowser } from '../support/accounts';
import { hydrated } from '../support/page';

/** Public pages with real content, the contact form, the FAQ and dashboard support (issue 15, decision 069). */

const SHOTS = '/tmp/shots/pages';

async function shoot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 1440;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

test.describe('public pages', () => {
  test('every header and footer link opens a real page @mobile', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await hydrated(page);
    const hrefs = await page
      .locator('[data-testid="site-header"] a[href^="/"], [data-testid="site-footer"] a[href^="/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href') ?? ''))]);
    for (const path of ['/about', '/contact', '/in-store', '/faq/rights', '/privacy-policy', '/terms-conditions']) {
      expect(hrefs, `the shell links ${path}`).toContain(path);
    }
    for (const href of hrefs) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      // The not-found page's marker, not its words: every page carries its texts, those of the error page too.
      expect(await response.text(), href).not.toContain('data-testid="not-found-path"');
    }
  });

  for (const { path, heading, title } of [
    { path: '/about', heading: 'Music you can publish without worrying', title: 'About Cuewave · Cuewave' },
    { path: '/contact', heading: 'Talk to us', title: 'Contact us · Cuewave' },
    { path: '/in-store', heading: 'Music for your shop, restaurant or venue', title: /^In-store music/ },
    { path: '/faq/rights', heading: 'Frequently asked questions', title: 'FAQ: Licences & rights · Cuewave' },
    { path: '/privacy-policy', heading: 'Privacy policy', title: 'Privacy policy · Cuewave' },
    { path: '/terms-conditions', heading: 'Terms & conditions', title: 'Terms & conditions · Cuewave' },
    { path: '/us/privacy-policy', heading: 'Privacy policy', title: 'Privacy policy · Cuewave' },
    { path: '/us/terms-conditions', heading: 'Terms & conditions', title: 'Terms & conditions · Cuewave' },
  ]) {
    test(`${path} has its heading, title, description and canonical link @mobile`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{60,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
      await hydrated(page);
      await shoot(page, path.slice(1).replaceAll('/', '-'));
    });
  }

  test('the legal pages state this installation’s seller, cookies and processors; the US edition differs', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    const legal = (await (await page.request.get('/api/v1/site/legal')).json()) as { seller: { name: string } };
    await expect(page.getByText(legal.seller.name).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'cm-user-token' })).toBeVisible();
    // Nothing outside is configured on the journeys' server: no processor is named.
    await expect(page.getByText('processes everything on its own servers')).toBeVisible();
    await expect(page.getByText('UODO')).toBeVisible();
    await page.goto('/us/privacy-policy');
    await expect(page.getByText(/California/)).toBeVisible();
    await page.goto('/us/terms-conditions');
    await expect(page.getByText(/sales tax is added where your state requires it/)).toBeVisible();
  });

  test('FAQ: /faq opens the first tab, tabs switch, an unknown or hostile tab goes to the first', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto('/faq');
    await expect(page).toHaveURL(/\/faq\/rights$/);
    await hydrated(page);
    await page.getByTestId('faq-tab-payments').click();
    await expect(page).toHaveURL(/\/faq\/payments$/);
    await expect(page.getByTestId('faq-tab-payments')).toHaveAttribute('aria-current', 'page');
    const question = page.getByRole('button', { name: 'What if a renewal payment fails?' });
    await question.click();
    await expect(page.getByText(/1, 3 and 7 days after the due date/)).toBeVisible();

    for (const hostile of ['/faq/%3Cscript%3Ealert(1)%3C%2Fscript%3E', '/faq/nope', '/faq/..%2F..%2Fetc']) {
      const response = await page.goto(hostile);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/faq\/rights$/);
      expect(await page.content()).not.toContain('<script>alert(1)');
    }
    expect(dialogs).toBe(0);
  });

  test('contact form: a validation error, then a sent message @mobile', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/contact');
    await hydrated(page);
    await page.getByTestId('contact-submit').click();
    await expect(page.getByText('Enter your name.')).toBeVisible();
    await expect(page.getByText('Choose what your message is about.')).toBeVisible();
    await expect(page.getByTestId('contact-name')).toBeFocused();
    await shoot(page, 'contact-errors');

    await page.getByTestId('contact-name').fill('Ola <b>Kowalska</b>');
    await page.getByTestId('contact-email').fill('ola-e2e@studio.example');
    await page.getByTestId('contact-topic').selectOption('downloads');
    await page
      .getByTestId('contact-message')
      .fill('My WAV download stopped at 90% twice. <img src=x onerror=alert(1)>');
    await page.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-sent')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('contact-sent')).toContainText('ola-e2e@studio.example');
    await shoot(page, 'contact-sent');
  });

  test('dashboard support: a request appears in the user’s own history, as text @mobile', async ({ page, request }) => {
    test.setTimeout(90_000);
    const user = await createVerifiedUser(request);
    await signInBrowser(page, user.email, user.password);
    await page.goto('/dashboard/support');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    await expect(page.getByText('No requests yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/faq/payments');
    await shoot(page, 'dashboard-support-empty');

    await page.getByTestId('contact-topic').selectOption('account');
    await page.getByTestId('contact-message').fill('Please change my invoice name to <b>Studio Ola</b>.');
    await page.getByTestId('contact-submit').click();
    await expect(page.getByTestId('support-sent')).toBeVisible();
    const item = page.getByTestId('support-request').first();
    await expect(item).toContainText('Please change my invoice name to <b>Studio Ola</b>.');
    await expect(item.locator('b')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('support-request')).toHaveCount(1);
    await shoot(page, 'dashboard-support');
  });
});
