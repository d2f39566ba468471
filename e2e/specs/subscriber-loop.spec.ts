import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { Download, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signInBrowser } from '../support/accounts';
import { trialSubscriber } from '../support/checkout';
import { hydrated } from '../support/page';
import { expectToast } from '../support/toasts';

/**
 * The subscriber's daily loop of issue 12 in one journey: a trial subscriber favourites two tracks,
 * builds a playlist, makes it public and a signed-out visitor opens it, downloads a track as WAV and
 * two stems as a zip, downloads the playlist through the progress modal, and verifies the per-track
 * licence. (Each part has its own detailed spec: playlists, downloads, playlist-download.)
 */

// Sign-up is rate limited per address: this file is a visitor of its own.
const octet = () => randomInt(1, 250);
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

const rows = (page: Page) => page.getByTestId('track-row');
const option = (page: Page, file: string) => page.locator(`[data-testid="download-option"][data-file="${file}"]`);
const bytesOf = async (download: Download) => readFileSync(await download.path());

async function downloadBy(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 180_000 }), click()]);
  return download;
}

test('a trial subscriber favourites, collects, shares, downloads tracks, stems and a playlist, and proves the licence', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(420_000);
  const { user } = await trialSubscriber(request);
  await signInBrowser(page, user.email, user.password);

  // Two favourites from the top music list.
  await page.goto('/c/top-music');
  await hydrated(page);
  const ids: string[] = [];
  for (const index of [0, 1]) {
    const row = rows(page).nth(index);
    ids.push((await row.getAttribute('data-product-id'))!);
    await row.getByTestId('favorite-button').click();
    await expect(row.getByTestId('favorite-button')).toHaveAttribute('aria-pressed', 'true');
  }
  await page.goto('/c/playlists/favorites');
  await hydrated(page);
  await expect(rows(page)).toHaveCount(2);
  // Favourites download like any playlist.
  await expect(page.getByTestId('playlist-download-button')).toBeEnabled();
  await page.screenshot({ path: '/tmp/shots/loop/favorites-1440.png' });

  // A playlist of three tracks, made from the catalogue.
  const name = 'Client reel picks';
  await page.goto('/c/top-music');
  await hydrated(page);
  const dialog = page.getByTestId('add-to-playlist-dialog');
  await rows(page).nth(0).getByTestId('add-to-playlist').click();
  await dialog.getByLabel('New playlist name').fill(name);
  await dialog.getByRole('button', { name: 'Create and add' }).click();
  await expectToast(page, 'Your playlist has been created in dashboard');
  for (const index of [1, 2]) {
    await rows(page).nth(index).getByTestId('add-to-playlist').click();
    await dialog.getByTestId('playlist-choice').click();
    await expect(dialog).toBeHidden();
  }

  // Public, and a visitor in a fresh browser opens its link.
  await page.goto('/dashboard/playlists');
  await hydrated(page);
  await page.getByTestId('playlist-card').filter({ hasText: name }).click();
  await hydrated(page);
  await expect(page.getByTestId('playlist-item')).toHaveCount(3);
  await page.getByTestId('visibility-switch').click();
  await expectToast(page, 'Your playlist is now public');
  const shareUrl = (await page.getByTestId('share-link').getAttribute('data-url'))!;
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await visitor.newPage();
  expect((await guest.goto(shareUrl))?.status()).toBe(200);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(guest.getByTestId('track-row')).toHaveCount(3);
  // A visitor's download leads to the free trial instead of a zip.
  await guest.getByTestId('playlist-download-button').click();
  await expect(guest.getByRole('dialog').getByRole('link', { name: 'Start free trial' })).toBeVisible();
  await guest.keyboard.press('Escape');
  await guest.screenshot({ path: '/tmp/shots/loop/shared-390.png', fullPage: true });
  await visitor.close();

  // The playlist as a zip, through the root shell's status modal.
  await page.getByTestId('playlist-download-button').click();
  const archive = page.waitForEvent('download', { timeout: 240_000 });
  await page.getByTestId('playlist-download-options').getByRole('button', { name: 'Download 3 tracks' }).click();
  await expect(page.getByTestId('download-status-modal')).toBeVisible();
  const zip = await archive;
  expect(zip.suggestedFilename()).toBe(`${name}.zip`);
  expect((await bytesOf(zip)).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  await expect(page.getByTestId('download-status-modal')).toHaveCount(0);

  // A track with stems: the full track as WAV, then two stems zipped.
  const { items } = (await (await request.get('/api/v1/product/music')).json()) as {
    items: { id: string; title: string; artist: { name: string }; files: { type: string }[] }[];
  };
  const song = items.find((p) => ['stem_bass', 'stem_instruments'].every((t) => p.files.some((f) => f.type === t)))!;
  const baseName = `${song.title} - ${song.artist.name}`;
  await page.goto(`/c/song/${song.id}`);
  await hydrated(page);
  await expect(page.getByText('Start free trial')).toHaveCount(0);
  await option(page, 'vocal').getByText('WAV', { exact: true }).click();
  const wav = await downloadBy(page, () => page.getByTestId('download-start').click());
  expect(wav.suggestedFilename()).toBe(`${baseName}.wav`);
  expect((await bytesOf(wav)).subarray(8, 12).toString('latin1')).toBe('WAVE');
  await option(page, 'vocal').getByRole('checkbox').uncheck();
  await option(page, 'stem_bass').getByRole('checkbox').check();
  await option(page, 'stem_instruments').getByRole('checkbox').check();
  const stems = await downloadBy(page, () => page.getByRole('button', { name: 'Download 2 files (ZIP)' }).click());
  expect(stems.suggestedFilename()).toBe(`${baseName}.zip`);
  await expectToast(page, 'Track downloaded successfully!');

  // The per-track licence: its certificate code is confirmed publicly and names the track.
  await page.goto('/dashboard/downloads');
  await hydrated(page);
  const record = page.getByTestId('download-record').filter({ hasText: 'Full track · WAV' });
  const code = (await record.getByTestId('download-record-verify').textContent())!.trim();
  await page.getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(new RegExp(`/licenses/verify/${code}$`));
  await expect(page.getByTestId('licence-stamp')).toHaveText('Genuine');
  await expect(page.getByTestId('licence-track')).toContainText(song.title);
});
