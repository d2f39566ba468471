import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures';
import { latestCode, latestMessage, TEST_PASSWORD, uniqueEmail } from '../support/accounts';
import { continueToPayment, fillCard, POLISH_BUSINESS, signIn, signUpWithPlan, TEST_CARDS } from '../support/checkout';
import { hydrated } from '../support/page';

/**
 * Polish end to end (issue 15, decisions 075 and 076): a reader with the language cookie set to Polish
 * browses, signs up, pays and downloads the licence certificate and the invoice, and everything the
 * server writes for them (the account's language, the verification email, the PDFs) is Polish.
 *
 * The web's components are being moved to translation keys feature by feature; this journey finds its
 * way by test ids and asserts only texts translated when it was written: the shell (html lang, header
 * navigation), the server's emails and documents.
 */

const octet = () => randomInt(1, 250);
// Sign-up and the card vault are limited per address: the journey is a visitor of its own.
test.use({
  locale: 'pl-PL',
  extraHTTPHeaders: async ({}, use) => use({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` }),
});

/** The text of a PDF, pages joined, read with pdf.js (the server's test helper does the same). */
async function pdfText(pdf: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

test('a Polish reader browses, signs up, pays and gets a Polish licence certificate and invoice', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await context.addCookies([{ name: 'lang', value: 'pl', url: baseURL! }]);
  const email = uniqueEmail('polish');
  const phone = `5${String(randomInt(0, 1e8)).padStart(8, '0')}`;

  // Browse: the shell is Polish.
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(
    page
      .getByTestId('site-header')
      .getByRole('navigation', { name: 'Główne' })
      .getByRole('link', { name: 'Licencje i ceny' }),
  ).toBeVisible();
  await page.goto('/c/genres');
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');

  // Sign up for Professional, yearly, in złoty.
  await signUpWithPlan(page, email, { plan: 'professional', period: 'year', currency: 'pln' });

  // The verification email is Polish: the account took the page's language.
  const verification = await latestMessage(request, email, (m) => m.template === 'email-verification');
  expect(verification.subject).toBe('Potwierdź swój adres e-mail w Cuewave');
  expect(verification.text).toContain('Witaj w Cuewave!');
  await page
    .getByTestId('email-code')
    .locator('input')
    .first()
    .fill(await latestCode(request, email, 'email'));
  await expect(page).toHaveURL(/\/register\/add-phone$/);
  await page.getByTestId('phone-country').selectOption('PL');
  await page.getByTestId('phone-number').fill(phone);
  await page.getByTestId('phone-submit').click();
  await expect(page).toHaveURL(/\/register\/verify-phone$/);
  await page
    .getByTestId('phone-code')
    .locator('input')
    .first()
    .fill(await latestCode(request, `+48${phone}`, 'sms'));
  await expect(page).toHaveURL(/\/register\/details$/);

  // Billing details of a Polish business, then the card.
  await hydrated(page);
  await page.getByTestId('billing-type-business').check();
  await page.getByTestId('billing-country').selectOption('PL');
  await page.getByTestId('billing-firstName').fill(POLISH_BUSINESS.firstName);
  await page.getByTestId('billing-lastName').fill(POLISH_BUSINESS.lastName);
  await page.getByTestId('billing-companyName').fill(POLISH_BUSINESS.companyName);
  await page.getByTestId('billing-line1').fill(POLISH_BUSINESS.line1);
  await page.getByTestId('billing-city').fill(POLISH_BUSINESS.city);
  await page.getByTestId('billing-postalCode').fill(POLISH_BUSINESS.postalCode);
  await page.getByTestId('billing-taxNumber').fill(POLISH_BUSINESS.taxNumber);
  await continueToPayment(page);
  await hydrated(page);
  await fillCard(page, TEST_CARDS.visa);
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/register\/welcome$/, { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');

  // The licence certificate from the welcome page: Polish, with the company's Polish letters.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('welcome-licence').click()]);
  const certificate = await pdfText(await readFile(await download.path()));
  expect(certificate).toContain('Certyfikat licencji');
  expect(certificate).toContain('LICENCJOBIORCA Studio Dźwięku Sp. z o.o.');
  expect(certificate).toContain('Licencja Commercial Plus');
  expect(certificate).toContain('Sprawdź ten certyfikat');
  expect(certificate).not.toContain('Licence certificate');

  // The account remembers Polish, and the VAT invoice of the payment is Polish too.
  const auth = await signIn(request, email, TEST_PASSWORD);
  const account = await (await request.get('/api/v1/account', { headers: auth })).json();
  expect(account.language).toBe('pl');
  const [receipt] = (await (await request.get('/api/v1/payment/receipt', { headers: auth })).json()) as Array<{
    id: string;
    documentKind: string;
  }>;
  expect(receipt?.documentKind).toBe('invoice');
  const invoice = await request.get(`/api/v1/payment/receipt/${receipt!.id}`, { headers: auth });
  expect(invoice.headers()['content-type']).toBe('application/pdf');
  const invoiceText = await pdfText(await invoice.body());
  expect(invoiceText).toContain('Faktura VAT');
  expect(invoiceText).toContain('NABYWCA Studio Dźwięku Sp. z o.o.');
  expect(invoiceText).toContain('PODSUMOWANIE VAT');
  expect(invoiceText).toContain('Zapłacono łącznie 1648,19 zł');
  expect(invoiceText).toContain('Professional, płatność roczna');
});
