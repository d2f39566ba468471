import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures';
import { createVerifiedUser, latestMessage } from '../support/accounts';

/**
 * Licence certificates (decision 044): a trial subscriber adds a channel and downloads the
 * certificate through the API; anyone can then check its code on the public page.
 */

// Sign-up is rate limited per address: this file is a visitor of its own.
const octet = () => randomInt(1, 250);
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

async function ok<T>(response: Promise<{ ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }>) {
  const r = await response;
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as T;
}

/** A verified user with a confirmed phone and a running free trial; returns the bearer and the subscription id. */
async function trialSubscriber(api: APIRequestContext) {
  const user = await createVerifiedUser(api);
  const { access_token } = await ok<{ access_token: string }>(
    api.post('/api/auth/token', { form: { grant_type: 'password', username: user.email, password: user.password } }),
  );
  const headers = { authorization: `Bearer ${access_token}` };
  const phone = `+4851${String(randomInt(0, 1e7)).padStart(7, '0')}`;
  await ok(api.post('/api/v1/account/mobile', { headers, data: { phoneNumber: phone } }));
  const sms = await latestMessage(api, phone);
  await ok(api.post('/api/v1/account/mobile/verify', { headers, data: { code: /\b(\d{6})\b/.exec(sms.text)![1] } }));
  const trial = await ok<{ id: string }>(api.post('/api/v1/subscription/new/trial', { headers }));
  return { headers, subscriptionId: trial.id };
}

test.describe('licence certificates', () => {
  test('a trial subscriber downloads the certificate PDF and the public page shows it GENUINE with the channel', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { headers, subscriptionId } = await trialSubscriber(request);
    const channel = await ok<{ url: string }>(
      request.post('/api/v1/subscription/channels', {
        headers,
        data: { type: 'youtube', url: 'youtube.com/@CuewaveE2E/videos' },
      }),
    );
    expect(channel.url).toBe('https://www.youtube.com/@CuewaveE2E');

    const pdf = await request.get(`/api/v1/subscription/license/${subscriptionId}`, { headers });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const code = /filename="cuewave-licence-(CW-[A-Z0-9]{4}-[A-Z0-9]{4})\.pdf"/.exec(
      pdf.headers()['content-disposition'] ?? '',
    )?.[1];
    expect(code, pdf.headers()['content-disposition']).toBeTruthy();
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.length).toBeGreaterThan(5_000);

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.goto(`/licenses/verify/${code}`);
      await expect(page.getByTestId('licence-stamp')).toHaveText('Genuine');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Genuine Cuewave licence, valid today');
      await expect(page.getByTestId('licence-channels')).toContainText('YouTube');
      await expect(page.getByRole('link', { name: 'https://www.youtube.com/@CuewaveE2E' })).toBeVisible();
      await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
      // The licensee has no billing details yet: the email, masked.
      await expect(page.getByTestId('licence-licensee')).toHaveText(/^e\*\*\*@example\.com$/);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await page.screenshot({ path: `screenshots/licence-verify-${width}.png`, fullPage: true });
    }

    // The US edition serves the same check.
    await page.goto(`/us/licenses/verify/${code}`);
    await expect(page.getByTestId('licence-stamp')).toHaveText('Genuine');
  });

  test('an unknown code shows the not-found state', async ({ page }) => {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      const response = await page.goto('/licenses/verify/CW-2222-2222');
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('licence-not-found')).toContainText(
        'We can’t find a licence with code CW-2222-2222',
      );
      await expect(page.getByTestId('licence-certificate')).toHaveCount(0);
      await page.screenshot({ path: `screenshots/licence-verify-not-found-${width}.png`, fullPage: true });
    }
  });
});
