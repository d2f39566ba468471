import { mkdirSync, readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signInBrowser } from '../support/accounts';
import { trialSubscriber } from '../support/checkout';
import { hydrated } from '../support/page';
import { zipEntries } from '../support/zip';
import { expectToast } from '../support/toasts';

/**
 * Track and stem downloads (issue 12): a trial subscriber downloads a track as WAV and two stems as a
 * zip from the song page, finds both in /dashboard/downloads, downloads the per-track licence
 * certificate and checks it on /licenses/verify; a visitor gets the trial call to action instead.
 */

// Sign-up is rate limited per address: this file is a visitor of its own.
const octet = () => randomInt(1, 250);
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

const SHOTS = '/tmp/shots/downloads';
mkdirSync(SHOTS, { recursive: true });

type FileRef = { id: string; type: string };
type Song = { id: string; title: string; artist: { name: string }; files: FileRef[] };

/** A song of the demo catalogue that has both stems. */
async function songWithStems(request: APIRequestContext): Promise<Song> {
  const response = await request.get('/api/v1/product/music');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as { items: Song[] };
  const song = items.find((p) => ['stem_bass', 'stem_instruments'].every((t) => p.files.some((f) => f.type === t)));
  if (!song) throw new Error('no song with stems in the demo catalogue');
  return song;
}

/** Bytes of a finished browser download. */
async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

/** WCAG 2.1 A/AA violations axe finds on the page as it is now, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function option(page: Page, file: string) {
  return page.locator(`[data-testid="download-option"][data-file="${file}"]`);
}

/** Clicks and waits for the browser download it starts (WAVs may be prepared first: a generous wait). */
async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 180_000 }), click()]);
  return download;
}

test.describe('track downloads', () => {
  test('a trial subscriber downloads a track as WAV and two stems as a zip, then proves the licence', async ({
    page,
    request,
  }) => {
    test.setTimeout(360_000);
    const { user } = await trialSubscriber(request);
    const song = await songWithStems(request);
    const baseName = `${song.title} - ${song.artist.name}`;

    await signInBrowser(page, user.email, user.password);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/c/song/${song.id}`);
    await hydrated(page);
    const panel = page.getByTestId('download-panel');
    await expect(panel).toBeVisible();
    // The paying subscriber never sees the trial offer on the song page.
    await expect(page.getByText('Start free trial')).toHaveCount(0);
    await expect(option(page, 'vocal').getByRole('checkbox')).toBeChecked();
    await expect(option(page, 'vocal').getByRole('radio', { name: 'MP3' })).toBeChecked();
    await page.screenshot({ path: `${SHOTS}/song-subscriber-1440.png`, fullPage: true });
    expect(await axeViolations(page), 'the download control').toEqual([]);

    // The full track as WAV: one file, name.wav, a RIFF/WAVE file.
    await option(page, 'vocal').getByText('WAV', { exact: true }).click();
    await expect(page.getByTestId('download-save-as')).toHaveText(`1 file, saved as ${baseName}.wav`);
    const wav = await downloadBy(page, () => page.getByTestId('download-start').click());
    expect(wav.suggestedFilename()).toBe(`${baseName}.wav`);
    const wavBytes = await bytesOf(wav);
    expect(wavBytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(wavBytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    expect(wavBytes.length).toBeGreaterThan(100_000);
    await expectToast(page, 'Track downloaded successfully!');
    await expect(page.getByTestId('download-done')).toContainText(`${baseName}.wav`);

    // Two stems, MP3: zipped as name.zip holding exactly those two files.
    await option(page, 'vocal').getByRole('checkbox').uncheck();
    await option(page, 'stem_bass').getByRole('checkbox').check();
    await option(page, 'stem_instruments').getByRole('checkbox').check();
    await expect(page.getByTestId('download-save-as')).toHaveText(`2 files, saved as ${baseName}.zip`);
    const zip = await downloadBy(page, () => page.getByRole('button', { name: 'Download 2 files (ZIP)' }).click());
    expect(zip.suggestedFilename()).toBe(`${baseName}.zip`);
    const zipBytes = await bytesOf(zip);
    expect(zipBytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zipEntries(zipBytes).sort()).toEqual(
      [`${baseName} (Bass stem).mp3`, `${baseName} (Instruments stem).mp3`].sort(),
    );

    // A track row opens the same control as a dialog.
    const row = page.getByTestId('track-row').first();
    await row.getByTestId('track-download').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('download-panel')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/row-dialog-1440.png` });
    expect(await axeViolations(page), 'the download dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('track-download')).toBeFocused();

    // Both downloads are in the history, newest first, each with its licence.
    await page.goto('/dashboard/downloads');
    await hydrated(page);
    const records = page.getByTestId('download-record');
    await expect(records).toHaveCount(2);
    await expect(records.nth(0).getByTestId('download-record-items')).toContainText('Bass stem · MP3');
    await expect(records.nth(0).getByTestId('download-record-items')).toContainText('Instruments stem · MP3');
    await expect(records.nth(1).getByTestId('download-record-items')).toHaveText('Full track · WAV');
    await expect(records.nth(1)).toContainText(song.title);
    await expect(
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Downloads' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: `${SHOTS}/history-1440.png`, fullPage: true });
    expect(await axeViolations(page), 'the download history').toEqual([]);

    // The per-track certificate: a PDF, and its code's public page names the track.
    const pdf = await downloadBy(page, () => records.nth(1).getByTestId('download-record-certificate').click());
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await bytesOf(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const code = (await records.nth(1).getByTestId('download-record-verify').textContent())!.trim();
    expect(code).toMatch(/^CW-[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    // Phones: the history and the row's bottom sheet.
    await page.setViewportSize({ width: 390, height: 844 });
    // No slide-in animation half-way through a picture.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/dashboard/downloads');
    await hydrated(page);
    await expect(page.getByTestId('download-record')).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/history-390.png`, fullPage: true });
    await page.goto(`/c/song/${song.id}`);
    await hydrated(page);
    await expect(page.getByTestId('download-panel')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/song-subscriber-390.png`, fullPage: true });
    await page.getByTestId('track-row').first().getByTestId('track-download').click();
    await expect(page.getByRole('dialog').getByTestId('download-panel')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/row-sheet-390.png` });

    // The certificate's public page names the track.
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/dashboard/downloads');
    await hydrated(page);
    await page.getByRole('link', { name: code }).click();
    await expect(page).toHaveURL(new RegExp(`/licenses/verify/${code}$`));
    await expect(page.getByTestId('licence-stamp')).toHaveText('Genuine');
    await expect(page.getByTestId('licence-track')).toContainText(song.title);
    await expect(page.getByTestId('licence-track')).toContainText(song.artist.name);
    await page.screenshot({ path: `${SHOTS}/verify-track-1440.png`, fullPage: true });
  });

  test('a visitor sees the trial call to action and no download', async ({ page, request }) => {
    const song = await songWithStems(request);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      await page.goto(`/c/song/${song.id}`);
      await hydrated(page);
      const cta = page.getByTestId('download-cta');
      await expect(cta).toBeVisible();
      await expect(cta.getByRole('link', { name: 'Start free trial' })).toBeVisible();
      await expect(cta.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        `/auth/login?returnUrl=${encodeURIComponent(`/c/song/${song.id}`)}`,
      );
      await expect(page.getByTestId('download-panel')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/song-visitor-${width}.png`, fullPage: true });

      await page.getByTestId('track-row').first().getByTestId('track-download').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('download-cta')).toBeVisible();
      await expect(dialog.getByTestId('download-panel')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/row-visitor-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }

    // The API agrees: signed out, no download.
    const response = await request.get(`/api/v1/product/${song.id}/download`);
    expect(response.status()).toBe(401);
  });
});
