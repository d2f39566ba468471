import { mkdirSync, readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signInBrowser } from '../support/accounts';
import { trialSubscriber } from '../support/checkout';
import { hydrated } from '../support/page';
import { zipEntries } from '../support/zip';

/**
 * Playlist downloads (issue 12, decision 056): a trial subscriber downloads a playlist from its
 * dashboard page. The options dialog picks format, stems and tracks; the root shell's status modal
 * follows the job and the bytes; the browser saves `<name>.zip`, a real zip of the chosen files.
 */

// Sign-up is rate limited per address: this file is a visitor of its own.
const octet = () => randomInt(1, 250);
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

const SHOTS = '/tmp/shots/playlist-download';
mkdirSync(SHOTS, { recursive: true });

type Song = { id: string; title: string; artist: { name: string }; files: Array<{ type: string }> };

async function ok<T>(response: Promise<{ ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }>) {
  const r = await response;
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as T;
}

/** Demo songs with both stems and plain titles (so the expected entry names need no escaping). */
async function songs(api: APIRequestContext, n: number): Promise<Song[]> {
  const { items } = await ok<{ items: Song[] }>(api.get('/api/v1/product/music'));
  const fit = items.filter(
    (p) =>
      /^[\w' -]+$/.test(`${p.title}${p.artist.name}`) &&
      ['stem_bass', 'stem_instruments'].every((t) => p.files.some((f) => f.type === t)),
  );
  expect(fit.length).toBeGreaterThanOrEqual(n);
  return fit.slice(0, n);
}

async function playlistWith(api: APIRequestContext, headers: Record<string, string>, name: string, items: string[]) {
  const { id } = await ok<{ id: string }>(api.post('/api/v1/playlist', { headers, data: { name } }));
  await ok(api.post(`/api/v1/playlist/${id}`, { headers, data: { items } }));
  return id;
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    // Layout settles and the mobile sheet's slide-up (restarted by the resize) ends; no assertion depends on it.
    await page.waitForTimeout(450);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('playlist downloads', () => {
  test('a subscriber downloads a playlist through the status modal and saves <name>.zip', async ({ page, request }) => {
    test.setTimeout(300_000);
    const { user, headers } = await trialSubscriber(request);
    const picked = await songs(request, 3);
    const name = 'Road Trip Mix';
    const playlistId = await playlistWith(
      request,
      headers,
      name,
      picked.map((s) => s.id),
    );
    await request.post('/api/auth/revoke', { form: {} });

    await signInBrowser(page, user.email, user.password);
    await page.goto(`/dashboard/playlists/${playlistId}`);
    await hydrated(page);

    // The options: MP3 by default, every track ticked; the subscriber adds stems and leaves one out.
    await page.getByTestId('playlist-download-button').click();
    const options = page.getByTestId('playlist-download-options');
    await expect(options.getByRole('radio', { name: /MP3/ })).toBeChecked();
    for (const song of picked) await expect(options.getByRole('checkbox', { name: song.title })).toBeChecked();
    await shoot(page, 'options');
    await options.getByRole('checkbox', { name: /Include stems/ }).check();
    await options.getByRole('checkbox', { name: picked[1]!.title }).uncheck();

    // The progress stream is held back a moment so the modal's first state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cdn/job_*', async (route) => {
      if ((route.request().headers().accept ?? '').includes('text/event-stream')) await held;
      await route.continue();
    });

    const download = page.waitForEvent('download', { timeout: 240_000 });
    await options.getByRole('button', { name: 'Download 2 tracks' }).click();
    const modal = page.getByTestId('download-status-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toHaveAttribute('data-status', 'preparing');
    await expect(modal).toContainText(`${name}.zip`);
    await expect(modal).toContainText('Preparing your download…');
    await shoot(page, 'status-preparing');

    // Then the job's progress (files) and the zip's bytes (percentage) — the modal passes through them.
    const seen = new Set<string>();
    const watch = setInterval(() => {
      void modal
        .getAttribute('data-status', { timeout: 1000 })
        .then((s) => s && seen.add(s))
        .catch(() => undefined);
    }, 50);
    release();
    const saved = await download;
    clearInterval(watch);
    expect(saved.suggestedFilename()).toBe(`${name}.zip`);
    const zip = readFileSync(await saved.path());
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const base = (i: number, song: Song) => `0${i} ${song.title} - ${song.artist.name}`;
    const [first, , third] = picked;
    expect(zipEntries(zip)).toEqual([
      `${base(1, first!)}.mp3`,
      `${base(1, first!)}/Bass.mp3`,
      `${base(1, first!)}/Instruments.mp3`,
      `${base(2, third!)}.mp3`,
      `${base(2, third!)}/Bass.mp3`,
      `${base(2, third!)}/Instruments.mp3`,
    ]);
    expect(zip.length).toBeGreaterThan(50_000);
    expect(seen.has('downloading')).toBe(true);
    // Saved: the modal, its counters and flags are reset.
    await expect(modal).toHaveCount(0);
  });

  test('the status modal shows the files being prepared, closing it stops the download, and a failure says so', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { user, headers } = await trialSubscriber(request);
    const [song] = await songs(request, 1);
    const playlistId = await playlistWith(request, headers, 'Late Night Edits', [song!.id]);
    await request.post('/api/auth/revoke', { form: {} });
    await signInBrowser(page, user.email, user.password);

    // A progress stream that reports 12 of 30 files and then stays silent (later reconnects hang).
    let streams = 0;
    await page.route('**/api/cdn/job_*', async (route) => {
      streams += 1;
      if (streams === 1) {
        await route.fulfill({
          status: 200,
          contentType: 'text/event-stream',
          body: 'data: {"filesProcessed":12,"totalFiles":30,"status":"running"}\n\n',
        });
      }
      // Later requests are left hanging: only closing the modal ends them.
    });
    await page.goto(`/dashboard/playlists/${playlistId}`);
    await hydrated(page);
    await page.getByTestId('playlist-download-button').click();
    await page.getByRole('button', { name: 'Download 1 track' }).click();
    const modal = page.getByTestId('download-status-modal');
    await expect(modal).toContainText('Preparing files: 12 of 30');
    await expect(modal.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await shoot(page, 'status-files');
    await modal.getByRole('button', { name: 'Cancel download' }).click();
    await expect(modal).toHaveCount(0);

    // A job that fails: status failure and the error toast; Close resets it.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.route('**/api/cdn/job_*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: 'event: error\ndata: {"error":"ARCHIVE_FAILED","message":"The download could not be prepared. Please try again."}\n\n',
      }),
    );
    await page.getByTestId('playlist-download-button').click();
    await page.getByRole('button', { name: 'Download 1 track' }).click();
    await expect(modal).toHaveAttribute('data-status', 'failure');
    await expect(modal.getByRole('heading', { name: 'Download failed' })).toBeVisible();
    await expect(page.getByTestId('toasts')).toContainText('The download could not be prepared. Please try again.');
    await shoot(page, 'status-failure');
    // Try again asks for the same download once more (and fails the same way here).
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/v1/playlist/${playlistId}/download`)) posts += 1;
    });
    await modal.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => posts).toBe(1);
    await expect(modal).toHaveAttribute('data-status', 'failure');
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await expect(modal).toHaveCount(0);
  });
});
