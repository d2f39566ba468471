import { test, expect } from '../fixtures';
import { signInBrowser } from '../support/accounts';
import { subscribeUser } from '../support/checkout';
import { hydrated } from '../support/page';

/**
 * Licences and pricing (issue 4): a visitor compares plans in their currency, switches period and
 * currency, reads the FAQ with the keyboard and picks a plan that registration then keeps.
 * Prices are decision 041's list prices; yearly cards show the month they work out at.
 */

/** The Polish visitor arrives through a CDN that names the country (server: billing/geolocation.ts). */
const FROM_POLAND = { 'cf-ipcountry': 'PL' };

test.describe('licences and pricing', () => {
  test('a visitor on the US edition sees dollars, toggles monthly and yearly and switches currency', async ({
    page,
  }) => {
    await page.goto('/us/licenses');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Licenses & Pricing');
    const cards = page.getByRole('list', { name: 'Plans' });
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
      'Start',
      'Advanced',
      'Professional',
      'Enterprise',
    ]);
    const professional = page.getByTestId('plan-professional');
    await expect(professional).toContainText('Most popular');
    await expect(professional).toContainText('Commercial plus');
    await expect(page.getByTestId('plan-advanced')).toContainText('3 channels');
    await expect(page.getByTestId('plan-enterprise')).toContainText('15 channels');
    await expect(page.getByTestId('plan-enterprise').getByTestId('plan-price')).toContainText('Custom');
    await expect(page.getByTestId('contact-enterprise')).toHaveText('Contact sales');

    // Yearly by default (spec §3), shown as the month it works out at.
    await expect(page.getByTestId('period-yearly')).toBeChecked();
    await expect(page.getByTestId('period-saving')).toHaveText('Save up to 21%');
    await expect(professional.getByTestId('plan-price-amount')).toHaveText('$27.50');
    await expect(professional.getByTestId('plan-price-billed')).toHaveText('$329.99 billed yearly');
    await expect(professional.getByTestId('plan-price-saving')).toHaveText('You save $89.89 a year');

    await page.getByTestId('period-monthly').check();
    await expect(professional.getByTestId('plan-price-amount')).toHaveText('$34.99');
    await expect(professional.getByTestId('plan-price-billed')).toHaveText('Billed monthly');
    await expect(page).toHaveURL(/[?&]period=monthly/);
    await page.getByTestId('period-yearly').check();
    await expect(professional.getByTestId('plan-price-amount')).toHaveText('$27.50');

    await page.getByLabel('Currency').selectOption('eur');
    await expect(professional.getByTestId('plan-price-amount')).toHaveText('€26.67');
    await expect(page.getByTestId('plan-start').getByTestId('plan-price-billed')).toHaveText('€95.99 billed yearly');
    await expect(page.getByTestId('plan-comparison')).toContainText('€26.67');
    await expect(page).toHaveURL(/[?&]currency=eur/);

    // The choice is in the address, so a reload renders it on the server again.
    await page.reload();
    await expect(professional.getByTestId('plan-price-amount')).toHaveText('€26.67');
    await expect(page.getByLabel('Currency')).toHaveValue('eur');
  });

  test('a visitor from Poland gets złoty in the server-rendered page', async ({ page, request }) => {
    const html = await (await request.get('/licenses', { headers: FROM_POLAND })).text();
    // Professional yearly 1339.99 PLN = 111.67 a month, in the HTML before any script runs.
    expect(html).toContain('PLN 111.67');
    expect(html).toContain('Licenses &amp; Pricing');

    await page.context().setExtraHTTPHeaders(FROM_POLAND);
    await page.goto('/licenses');
    await hydrated(page);
    await expect(page.getByLabel('Currency')).toHaveValue('pln');
    await expect(page.getByTestId('plan-professional').getByTestId('plan-price-amount')).toHaveText('PLN 111.67');
    await page.getByTestId('period-monthly').check();
    await expect(page.getByTestId('plan-start').getByTestId('plan-price-amount')).toHaveText('PLN 39.99');
  });

  test('the FAQ opens and closes with the keyboard and checks a licence code', async ({ page }) => {
    await page.goto('/licenses');
    await hydrated(page);
    const cancel = page.getByRole('button', { name: 'Can I cancel any time?' });
    await expect(cancel).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Can I cancel any time?' })).toBeHidden();

    await cancel.focus();
    await page.keyboard.press('Enter');
    await expect(cancel).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'Can I cancel any time?' })).toContainText('Turn off renewal');
    await page.keyboard.press('Space');
    await expect(cancel).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Tab');
    const tax = page.getByRole('button', { name: 'Do the prices include VAT or sales tax?' });
    await expect(tax).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Do the prices include VAT or sales tax?' })).toContainText(
      'Checkout shows the exact tax',
    );

    const verify = page.getByRole('button', { name: 'How do I prove my licence when a platform claims a video?' });
    await verify.click();
    await page.getByTestId('licence-code-input').fill('not a code');
    await page.getByTestId('licence-code-submit').click();
    await expect(page.getByRole('form', { name: 'Check a licence' }).getByRole('alert')).toContainText(
      'as printed on the certificate',
    );
    await page.getByTestId('licence-code-input').fill('cw-2345-6789');
    await page.getByTestId('licence-code-input').press('Enter');
    await expect(page).toHaveURL(/\/licenses\/verify\/CW-2345-6789$/);
  });

  test('choosing Professional yearly keeps plan, period and currency through registration', async ({ page }) => {
    await page.context().setExtraHTTPHeaders(FROM_POLAND);
    await page.goto('/licenses?period=monthly');
    await hydrated(page);
    await page.getByTestId('period-yearly').check();
    await page.getByTestId('choose-professional').click();

    await expect(page).toHaveURL(/\/register\/signup$/);
    await expect(page.getByTestId('signup-plan')).toContainText('Professional');
    await expect(page.getByTestId('signup-plan')).toContainText('yearly');
    const signup = await page.evaluate(() => JSON.parse(sessionStorage.getItem('signup') ?? 'null') as unknown);
    expect(signup).toMatchObject({
      signupPlan: 'professional',
      signupPlanPeriod: 'year',
      billingType: 'yearly',
      signupCurrency: 'pln',
      signupPrice: 133999,
    });

    // The plan page of the flow shows the same choice, in the same currency.
    await page.goto('/register/plans');
    await hydrated(page);
    await expect(page.getByTestId('plan-professional')).toHaveAttribute('data-selected', 'true');
    await expect(page.getByTestId('period-yearly')).toBeChecked();
    await expect(page.getByTestId('plan-professional').getByTestId('plan-price-amount')).toHaveText('PLN 111.67');
    await expect(page.getByTestId('plan-trial').getByTestId('plan-price')).toContainText('Free');
  });

  test('the trial button starts registration with the trial', async ({ page }) => {
    await page.goto('/licenses');
    await hydrated(page);
    await page.getByTestId('hero-start-trial').click();
    await expect(page).toHaveURL(/\/register\/signup$/);
    await expect(page.getByTestId('signup-plan')).toContainText('Free trial');
  });

  test('the registration plan cards show prices and let the currency change', async ({ page }) => {
    await page.goto('/us/register/plans');
    await hydrated(page);
    const start = page.getByTestId('plan-start');
    await expect(start.getByTestId('plan-price-amount')).toHaveText('$8.00');
    await page.getByTestId('period-monthly').check();
    await expect(start.getByTestId('plan-price-amount')).toHaveText('$9.99');
    await page.getByLabel('Currency').selectOption('gbp');
    await expect(start.getByTestId('plan-price-amount')).toHaveText('₤8.99');
    await page.getByTestId('choose-start').click();
    await expect(page).toHaveURL(/\/us\/register\/signup$/);
    const signup = await page.evaluate(() => JSON.parse(sessionStorage.getItem('signup') ?? 'null') as unknown);
    expect(signup).toMatchObject({
      signupPlan: 'start',
      signupPlanPeriod: 'month',
      signupCurrency: 'gbp',
      signupPrice: 899,
    });
  });

  test('Enterprise is a contact: the card leads to the form, which reaches sales', async ({ page, request }) => {
    // The form is limited per address; this visitor has one of its own.
    const octet = () => Math.floor(Math.random() * 250) + 1;
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
    await page.goto('/licenses');
    await hydrated(page);
    await page.getByTestId('contact-enterprise').click();
    await expect(page).toHaveURL(/\/enterprise$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Music for your whole team');
    await hydrated(page);

    // Nothing filled in: every problem is named and focus goes to the first.
    await page.getByTestId('enterprise-submit').click();
    await expect(page.getByTestId('enterprise-name')).toBeFocused();
    await expect(page.getByTestId('enterprise-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Choose what the music is for.')).toBeVisible();

    const email = `e2e-enterprise-${Date.now()}@example.com`;
    await page.getByTestId('enterprise-name').fill('Zofia Nowak');
    await page.getByTestId('enterprise-email').fill(email);
    await page.getByTestId('enterprise-company').fill('Nowak Media');
    await page.getByTestId('enterprise-channels').fill('12');
    await page.getByLabel('What is the music for?').selectOption('broadcast');
    await page.getByTestId('enterprise-message').fill('Music for three TV channels and their YouTube pages.');
    await page.getByTestId('enterprise-submit').click();
    await expect(page.getByTestId('enterprise-sent')).toContainText(email, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Thanks, your message is with our team' })).toBeFocused();

    const response = await request.get('/api/dev/outbox', { params: { to: email } });
    const { items } = (await response.json()) as { items: Array<{ template: string }> };
    expect(items.map((item) => item.template)).toContain('enterprise-enquiry-copy');
  });

  test('a subscriber sees their plan in their currency and changes it in the dashboard', async ({ page }) => {
    test.setTimeout(120_000);
    const octet = () => Math.floor(Math.random() * 250) + 1;
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
    const user = await subscribeUser(page.request, { plan: 'advanced', period: 'month', currency: 'eur' });
    await signInBrowser(page, user.email, user.password);

    // The US edition would mean dollars, but the subscription's currency wins (spec §4).
    await page.goto('/us/licenses');
    await hydrated(page);
    await expect(page.getByLabel('Currency')).toHaveValue('eur');
    const advanced = page.getByTestId('plan-advanced');
    await expect(advanced).toHaveAttribute('data-selected', 'true');
    await expect(advanced).toContainText('Your plan');
    await expect(page.getByTestId('hero-start-trial')).toHaveCount(0);
    await expect(page.getByTestId('choose-start')).toHaveText('Switch to Start');
    await expect(page.getByTestId('choose-advanced')).toHaveText('Manage your plan');
    await page.getByTestId('choose-professional').click();
    await expect(page).toHaveURL(/\/dashboard\/licenses$/);
  });

  test('at 390 px the page fits the screen and the comparison scrolls on its own @mobile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/us/licenses');
    await hydrated(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scrolling of the page').toBeLessThanOrEqual(0);

    // Cards stack in one column.
    const start = await page.getByTestId('plan-start').boundingBox();
    const advanced = await page.getByTestId('plan-advanced').boundingBox();
    expect(advanced!.y).toBeGreaterThan(start!.y + start!.height - 1);
    expect(start!.width).toBeGreaterThan(300);

    const table = page.getByRole('region', { name: 'What each plan includes' });
    const scrolls = await table.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(scrolls).toBe(true);

    await page.getByTestId('period-monthly').check();
    await expect(page.getByTestId('plan-professional').getByTestId('plan-price-amount')).toHaveText('$34.99');
    await page.getByTestId('choose-professional').click();
    await expect(page).toHaveURL(/\/us\/register\/signup$/);
    await expect(page.getByTestId('signup-plan')).toContainText('Professional');
  });
});
