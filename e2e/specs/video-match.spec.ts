import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { hydrated } from '../support/page';

/**
 * AI video match (issue 14, decision 068): the engine picker's "Video match" opens the upload; a small
 * clip generated here by ffmpeg (a new shot every half second, bright, a loud tone) uploads with
 * progress, is analysed with progress, and gets music whose reasons and length fit it. Screenshots at
 * 1440 and 390 px.
 */

const octet = () => randomInt(1, 250);
// Uploads are limited per address and per client: each run poses as its own visitor.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

const SHOTS = '/tmp/shots/video';
const dir = mkdtempSync(join(tmpdir(), 'cuewave-e2e-video-'));

/** An 8-second 160×90 MP4, a few tens of KB: generated, never committed. */
function fastClip(): string {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const path = join(dir, 'beach-edit.mp4');
  const shot = 'mod(floor(T/0.5),3)';
  const colour = (a: number, b: number, c: number) => `if(eq(${shot},0),${a},if(eq(${shot},1),${b},${c}))`;
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=160x90:r=10:d=8,format=rgb24,geq=r='${colour(250, 170, 250)}':g='${colour(230, 250, 190)}':b='${colour(140, 230, 230)}'`,
    '-f',
    'lavfi',
    '-i',
    'sine=f=330:d=8,volume=9dB',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-t',
    '8',
    path,
  ]);
  return path;
}

/** Records every stage the progress card shows, however briefly. */
async function recordStages(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __videoStages: string[] }).__videoStages = seen;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-testid=video-match-progress]')?.getAttribute('data-stage');
      if (stage && seen.at(-1) !== stage) seen.push(stage);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function openVideoMatch(page: Page) {
  await page.goto('/');
  await hydrated(page);
  await page.keyboard.press('/');
  await page.getByTestId('engine-picker').click();
  await page.getByTestId('engine-option-video').click();
  await expect(page.getByTestId('video-match')).toBeVisible();
  await expect(page.getByTestId('engine-picker')).toHaveAttribute('data-engine', 'video');
}

test.describe('AI video match', () => {
  test('a video upload shows upload and analysis progress, then music that fits it', async ({ page }) => {
    // Two uploads and analyses (one cancelled) on a loaded two-core runner.
    test.setTimeout(150_000);
    mkdirSync(SHOTS, { recursive: true });
    const clip = fastClip();
    await openVideoMatch(page);
    await expect(page.getByTestId('video-match-drop')).toContainText('Drop your video here');
    await page.screenshot({ path: `${SHOTS}/upload-1440.png` });

    // Hold the progress stream a moment so the analysis card can be seen (and photographed).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/video-match/*/events', async (route) => {
      await held;
      // A request the page gave up on (cancelled) cannot be continued.
      await route.continue().catch(() => {});
    });
    await page.getByTestId('video-match-input').setInputFiles(clip);
    const progress = page.getByTestId('video-match-progress');
    await expect(progress).toHaveAttribute('data-stage', 'analysing');
    await expect(progress).toContainText('beach-edit.mp4');
    await page.screenshot({ path: `${SHOTS}/progress-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/progress-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Cancel: back to the drop zone; the analysis is cancelled, so the next upload is not refused as busy.
    await page.getByTestId('video-match-cancel').click();
    await expect(page.getByTestId('video-match-drop')).toBeVisible();
    release();

    await recordStages(page);
    await page.getByTestId('video-match-input').setInputFiles(clip);

    const summary = page.getByTestId('video-match-summary');
    await expect(summary).toBeVisible({ timeout: 30_000 });
    const stages = await page.evaluate(() => (window as unknown as { __videoStages: string[] }).__videoStages);
    expect(stages).toEqual(['uploading', 'analysing']);
    await expect(summary).toHaveAttribute('data-energy', 'high');
    await expect(summary).toContainText('0:08');
    await expect(summary.getByTestId('video-match-reason').first()).toContainText(/fast cuts .* → 120–140 BPM/);

    const rows = page.getByTestId('video-match-results').getByTestId('track-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(5);
    // Every track is at least as long as the video, and shows the video's length against its own.
    const fits = page.getByTestId('video-match-fit');
    await expect(fits.first()).toContainText('video 0:08 /');
    await page.screenshot({ path: `${SHOTS}/results-1440.png`, fullPage: false });

    // The results play in the player like any track list.
    await rows.first().getByTestId('track-play').click();
    await expect(page.getByTestId('player')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/results-390.png` });
    await page.getByTestId('video-match-again').click();
    await expect(page.getByTestId('video-match-drop')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/upload-390.png` });
  });

  test('a file that is not a video gets a clear error and a way to try again', async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const zip = join(dir, 'holiday.mp4');
    writeFileSync(zip, Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(4096, 7)]));
    await openVideoMatch(page);
    await page.getByTestId('video-match-input').setInputFiles(zip);
    const alert = page.getByTestId('video-match-error').getByRole('alert');
    await expect(alert).toContainText('We could not use that file');
    await expect(alert).toContainText('This file is not a video.');
    await page.screenshot({ path: `${SHOTS}/error-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/error-390.png` });
    await page.getByTestId('video-match-retry').click();
    await expect(page.getByTestId('video-match-drop')).toBeVisible();
  });
});
