import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { hydrated } from '../support/page';

/**
 * Reference links in the search overlay (issue 14, decision 067): a link to one of our tracks, a link to a
 * video site's page (a local stand-in for Vimeo / YouTube that the journeys' server reaches through its
 * test entry, server/src/testing-e2e-server.ts), and an audio file picked from disk. Expectations come from
 * the API's own answers, never from fixed titles.
 */

const octet = () => randomInt(1, 250);
// Fetches and analyses are limited per client: each run poses as its own visitor.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

const STAND_IN = 'http://www.youtube.com:3997';
const SHOTS = '/tmp/shots/reference';

type Product = {
  id: string;
  title: string;
  artist: { id: string; name: string };
  files: Array<{ id: string; type: string }>;
};
type ReferenceItem = { usable: boolean; reference: string | null; reason: { code: string } | null };

const overlay = (page: Page) => page.getByTestId('search-overlay');
const resultIds = (page: Page) =>
  page
    .getByTestId('search-results')
    .getByTestId('track-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-product-id') ?? ''));

async function songs(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/v1/product/music');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Product[] }).items;
}

/**
 * A song whose sound descriptor exists: a catalogue built before descriptors existed is backfilled by a
 * background job after the server starts, so wait for it (generously: it decodes every track).
 */
async function analysedSong(request: APIRequestContext): Promise<Product> {
  const [song] = await songs(request);
  expect(song, 'a demo song').toBeTruthy();
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/v1/product/search/reference', { data: { urls: [`/c/song/${song!.id}`] } });
        const [item] = ((await res.json()) as { items: ReferenceItem[] }).items;
        return item?.usable ?? false;
      },
      { timeout: 240_000, intervals: [2_000, 5_000] },
    )
    .toBe(true);
  return song!;
}

async function openOverlay(page: Page) {
  await page.goto('/c/genres');
  await hydrated(page);
  // "/" opens search from anywhere, whether the header shows the bar (desktop) or only an icon (phones).
  await page.keyboard.press('/');
  await expect(overlay(page)).toBeVisible();
  await page.getByTestId('reference-open').click();
  await expect(page.getByTestId('reference-input')).toBeFocused();
}

async function paste(page: Page, link: string) {
  await page.getByTestId('reference-input').fill(link);
  await page.getByTestId('reference-add').click();
}

test.describe('search by reference', () => {
  test('a link to one of our tracks ranks the catalogue by its sound', async ({ page, request, baseURL }) => {
    test.setTimeout(300_000);
    const song = await analysedSong(request);
    const origin = new URL(baseURL!).origin;
    const expected = await request.post('/api/v1/product/search?skip=0&limit=30', {
      data: { reference: [`product:${song.id}`], type: 'music' },
    });
    expect(expected.status()).toBe(200);
    const ids = ((await expected.json()) as { items: Product[] }).items.map((p) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(song.id);

    await openOverlay(page);
    await paste(page, `${origin}/us/c/song/${song.id}`);
    const chip = page.getByTestId('reference-chip');
    await expect(chip).toHaveCount(1);
    await expect(chip).toHaveAttribute('data-kind', 'product');
    await expect(chip).toContainText(song.title);
    await expect(chip.getByTestId('reference-note')).toHaveText('Our track: ranked by its sound');
    await expect.poll(() => resultIds(page), { timeout: 15_000 }).toEqual(ids);
    expect(new URL(page.url()).searchParams.get('searchReference')).toBe(`product:${song.id}`);

    // A shareable search: the reload names the track and shows the same results.
    await page.reload();
    await expect(page.getByTestId('reference-chip')).toContainText(song.title);
    await expect.poll(() => resultIds(page), { timeout: 15_000 }).toEqual(ids);

    // Removing the reference ends the search by it.
    await page.getByRole('button', { name: `Remove reference ${song.title}` }).click();
    await expect(page.getByTestId('reference-chip')).toHaveCount(0);
    expect(new URL(page.url()).searchParams.has('searchReference')).toBe(false);
  });

  test('a video-site link is searched by its title and artist; its audio is not analysed', async ({
    page,
    request,
  }) => {
    const [song] = await songs(request);
    const link = `${STAND_IN}/watch?v=e2e&title=${encodeURIComponent(`${song!.title} (Official Video)`)}&artist=${encodeURIComponent(song!.artist.name)}`;
    await openOverlay(page);
    await paste(page, link);
    const chip = page.getByTestId('reference-chip');
    await expect(chip).toHaveAttribute('data-kind', 'streaming');
    await expect(chip).toContainText(song!.title);
    await expect(chip).toContainText(song!.artist.name);
    await expect(chip.getByTestId('reference-note')).toHaveText(
      'YouTube · audio not analysed, searching by title and artist',
    );
    await expect.poll(async () => (await resultIds(page))[0], { timeout: 15_000 }).toBe(song!.id);

    // Links that cannot be used say why, and can be dismissed.
    await paste(page, 'file:///etc/passwd http://127.0.0.1/a.mp3 not-a-link');
    const problems = page.getByTestId('reference-problem');
    await expect(problems).toHaveCount(3);
    await expect(problems.nth(0)).toContainText('Only http and https addresses can be used.');
    await expect(problems.nth(1)).toContainText('private or local');
    await expect(problems.nth(2)).toContainText('not a web address');
    await expect(page.getByTestId('reference-chip')).toHaveCount(1);
    await problems.nth(2).getByRole('button').click();
    await expect(problems).toHaveCount(2);
  });

  test('an audio file from disk is analysed and finds the track it came from', async ({ page, request }) => {
    test.setTimeout(300_000);
    const song = await analysedSong(request);
    // The vocal (or instrumental) version's public preview MP3: not the bytes that were analysed at ingest.
    const preview = song.files.find((f) => f.type === 'vocal') ?? song.files.find((f) => f.type !== 'cover')!;
    const audio = await request.get(`/api/cdn/${preview.id}`);
    expect(audio.status()).toBe(200);
    const bytes = await audio.body();

    await openOverlay(page);
    await page
      .getByTestId('reference-file')
      .setInputFiles({ name: 'my reference.mp3', mimeType: 'audio/mpeg', buffer: bytes });
    const chip = page.getByTestId('reference-chip');
    await expect(chip).toHaveAttribute('data-kind', 'audio', { timeout: 60_000 });
    await expect(chip).toContainText('my reference.mp3');
    await expect(chip.getByTestId('reference-note')).toHaveText('Audio file: ranked by its sound');
    // Its own track sounds most like it.
    await expect.poll(async () => (await resultIds(page)).slice(0, 3), { timeout: 15_000 }).toContain(song.id);
    expect(new URL(page.url()).searchParams.get('searchReference')).toMatch(/^ref_/);
  });
});

test.describe('search by reference screenshots', () => {
  for (const width of [1440, 390]) {
    test(`at ${width} px`, async ({ page, request }) => {
      test.setTimeout(300_000);
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      // No wait for the sound backfill here: our track shows as a chip once analysed, else with its reason.
      const [song] = await songs(request);
      await openOverlay(page);
      await page.screenshot({ path: `${SHOTS}/${width}-open.png` });
      const link = `${STAND_IN}/watch?v=shot&title=${encodeURIComponent('A rather long video title that goes on (Official Video)')}&artist=${encodeURIComponent('Some Channel')}`;
      await paste(page, `/c/song/${song!.id} ${link} gopher://example.com/x`);
      const chips = page.getByTestId('reference-chip');
      const problems = page.getByTestId('reference-problem');
      await expect.poll(async () => (await chips.count()) + (await problems.count())).toBe(3);
      // Results (our track, analysed) or the empty state (the video's words alone may find nothing).
      await expect(page.getByTestId('search-results').or(page.getByTestId('search-empty-ai')).first()).toBeVisible({
        timeout: 15_000,
      });
      await page.screenshot({ path: `${SHOTS}/${width}-chips.png` });
      await page.getByTestId('reference-input').focus();
      await page.screenshot({ path: `${SHOTS}/${width}-focus.png` });
    });
  }
});
