import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';

/**
 * Catalogue journeys: browsing genres and subgenres, playing through a list, filters and paging in
 * the URL, server-rendered HTML, and the same browsing on a phone.
 */

const audio = (page: Page) => page.locator('[data-testid=player-audio]');
const rows = (page: Page) => page.getByTestId('track-row');

async function currentTime(page: Page): Promise<number> {
  return audio(page).evaluate((el) => (el as HTMLAudioElement).currentTime);
}

/** Waits until the player's audio is really advancing, and returns where it got to. */
async function expectPlaybackAdvancing(page: Page, after = 0): Promise<number> {
  await expect
    .poll(() => currentTime(page), { timeout: 20_000, message: 'audio currentTime advances' })
    .toBeGreaterThan(after + 0.3);
  return currentTime(page);
}

/** The title of a row, as a visitor reads it. */
async function rowTitle(row: Locator): Promise<string> {
  return ((await row.getByTestId('track-title').textContent()) ?? '').trim();
}

type Genre = { id: string; name: string; children: Array<{ id: string; name: string }> };

async function countOf(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/v1/product/music?${query}`);
  return ((await response.json()) as { count: number }).count;
}

/**
 * Picks, through the API, a genre and subgenre for the journey: ideally a subgenre with at least
 * two tracks (so "next" has somewhere to go); else any subgenre with a track, in a genre with two.
 */
async function pickJourney(request: APIRequestContext) {
  const genres = (await (await request.get('/api/v1/genre')).json()) as Genre[];
  let fallback: { genreId: string; subgenreId: string; playOnGenre: boolean } | null = null;
  for (const genre of genres) {
    const genreCount = await countOf(request, `genre=${genre.id}`);
    for (const sub of genre.children) {
      const n = await countOf(request, `genre=${genre.id}&subgenre=${sub.id}`);
      if (n >= 2) return { genreId: genre.id, subgenreId: sub.id, playOnGenre: false };
      if (n >= 1 && genreCount >= 2 && !fallback)
        fallback = { genreId: genre.id, subgenreId: sub.id, playOnGenre: true };
    }
  }
  if (!fallback) throw new Error('the catalogue needs a genre with at least two tracks');
  return fallback;
}

/** The genre with the most tracks: the best place to try filters. */
async function richestGenre(request: APIRequestContext): Promise<string> {
  const genres = (await (await request.get('/api/v1/genre')).json()) as Genre[];
  let best = { id: genres[0]!.id, n: -1 };
  for (const genre of genres) {
    const n = await countOf(request, `genre=${genre.id}`);
    if (n > best.n) best = { id: genre.id, n };
  }
  return best.id;
}

/** Opens a genre from the /c/genres grid. */
async function openGenre(page: Page, genreId?: string): Promise<void> {
  const link = genreId
    ? page.locator(`[data-testid=category-card] a[href$="/c/genres/${genreId}"]`).first()
    : page.getByTestId('category-card').first().locator('a').first();
  await link.click();
  await expect(page).toHaveURL(genreId ? new RegExp(`/c/genres/${genreId}$`) : /\/c\/genres\/[^/?]+$/);
  // The URL changes a moment before the new page renders: wait for the genre's own content.
  await expect(page.getByRole('heading', { level: 1, name: 'Browse by genre' })).toHaveCount(0);
  await expect(page.getByTestId('page-header')).toBeVisible();
}

test.describe('catalogue', () => {
  test('visitor browses genres, plays through a subgenre and keeps listening across pages', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByTestId('hero-browse').click();
    await expect(page).toHaveURL(/\/c\/genres$/);
    await expect(page.getByTestId('genre-grid')).toBeVisible();

    const journey = await pickJourney(request);
    await openGenre(page, journey.genreId);
    const chip = page.locator(`[data-testid=subgenre-chip][href$="/${journey.subgenreId}"]`);
    await chip.click();
    await expect(page).toHaveURL(new RegExp(`/c/genres/${journey.genreId}/${journey.subgenreId}$`));
    // The URL changes before the subgenre renders; until its chip is current, the rows are the genre's.
    await expect(chip).toHaveAttribute('aria-current', 'page');
    await expect(rows(page).first()).toBeVisible();
    if (journey.playOnGenre) {
      // Small catalogues: no subgenre holds two tracks, so play through the whole genre.
      const all = page.getByRole('link', { name: /^All / });
      await all.click();
      await expect(page).toHaveURL(new RegExp(`/c/genres/${journey.genreId}$`));
      await expect(all).toHaveAttribute('aria-current', 'page');
    }

    // Play the first track of the subgenre.
    const first = rows(page).first();
    const firstTitle = await rowTitle(first);
    await first.getByRole('button', { name: `Play ${firstTitle}` }).click();
    await expect(page.getByTestId('player')).toHaveAttribute('data-open', 'true');
    await expect(page.getByTestId('player-title')).toHaveText(firstTitle);
    await expect(first.getByRole('button', { name: `Pause ${firstTitle}` })).toBeVisible();
    await expectPlaybackAdvancing(page);

    // Next follows the list the track was started from.
    const secondTitle = await rowTitle(rows(page).nth(1));
    await page.getByTestId('player-next').click();
    await expect(page.getByTestId('player-title')).toHaveText(secondTitle);
    await expect(page.getByTestId('player-title')).not.toHaveText(firstTitle);
    let t = await expectPlaybackAdvancing(page);

    // Browse to another genre: the player keeps playing (client-side navigation).
    await page.getByTestId('catalog-tab-genres').click();
    await expect(page).toHaveURL(/\/c\/genres$/);
    const otherGenre = page
      .locator(`[data-testid=category-card] a[href*="/c/genres/"]:not([href*="/c/genres/${journey.genreId}"])`)
      .first();
    await otherGenre.click();
    await expect(page).toHaveURL(/\/c\/genres\/[^/?]+$/);
    expect(page.url()).not.toContain(`/c/genres/${journey.genreId}`);
    await expect(page.getByTestId('player-title')).toHaveText(secondTitle);
    t = await expectPlaybackAdvancing(page, t);
    await expectPlaybackAdvancing(page, t);

    // Entering the auth pages closes the player (spec §2).
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByTestId('player')).toHaveAttribute('data-open', 'false');
    await expect.poll(() => audio(page).evaluate((el) => (el as HTMLAudioElement).paused)).toBe(true);
  });

  test('filters narrow the list and live in the URL', async ({ page, request }) => {
    await page.goto('/c/genres');
    await openGenre(page, await richestGenre(request));
    const before = await rows(page).count();

    // BPM from 100: the URL carries it, every row is at least 100 BPM.
    await page.getByTestId('filter-bpm').click();
    await page.getByTestId('bpm-from').fill('100');
    await page.getByTestId('bpm-from').press('Enter');
    await expect(page).toHaveURL(/[?&]bpmFrom=100(&|$)/);
    await expect(page.getByTestId('track-list-skeleton')).toHaveCount(0);
    // Polled: the URL changes a moment before the filtered list replaces the old one.
    const slowest = async () => {
      const bpms = (await page.getByTestId('track-bpm').allTextContents()).map((bpm) => Number.parseInt(bpm, 10));
      return Math.min(...bpms.filter(Number.isFinite));
    };
    await expect.poll(slowest, { message: 'every row is at least 100 BPM' }).toBeGreaterThanOrEqual(100);
    expect(await rows(page).count()).toBeLessThanOrEqual(before);
    await page.keyboard.press('Escape');

    // Instrumental only.
    await page.getByTestId('filter-vocal').getByText('Instrumental').click();
    await expect(page).toHaveURL(/[?&]vocal=false(&|$)/);
    await expect(page).toHaveURL(/[?&]bpmFrom=100(&|$)/);

    // A range at its bounds is no filter at all: it never reaches the URL.
    await page.getByTestId('filter-bpm').click();
    await page.getByTestId('bpm-from').fill('0');
    await page.getByTestId('bpm-from').press('Enter');
    await expect(page).not.toHaveURL(/bpmFrom/);
    await page.keyboard.press('Escape');

    // The filtered URL is shareable: loading it renders the same filters.
    const shared = page.url();
    await page.goto(shared);
    await expect(page.getByTestId('filter-vocal').getByRole('radio', { name: 'Instrumental' })).toBeChecked();
    await expect(page.getByTestId('active-filters')).toContainText('Instrumental');

    await page.getByTestId('clear-filters').click();
    await expect(page).not.toHaveURL(/\?/);
    await expect(page.getByTestId('active-filters')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(before);
  });

  test('long lists page by skip with crawlable links', async ({ page }) => {
    // Find a list longer than one page (30 tracks).
    const candidates = ['/c/sfx'];
    await page.goto('/c/genres');
    const genreLinks = page.getByTestId('category-card').locator('a').first();
    candidates.push((await genreLinks.getAttribute('href')) ?? '/c/genres');
    let found = false;
    for (const url of candidates) {
      await page.goto(url);
      if (await page.getByTestId('pager').getByRole('link', { name: /Next/ }).count()) {
        found = true;
        break;
      }
    }
    test.skip(!found, 'the demo catalogue has no list longer than one page; seed more than 30 songs or sfx');

    const pager = page.getByTestId('pager');
    await expect(pager).toContainText(/Showing 1–30 of \d+/);
    const firstPageTitle = await rowTitle(rows(page).first());
    const next = pager.getByRole('link', { name: /Next/ });
    await expect(next).toHaveAttribute('href', /skip=30/);
    await next.click();
    await expect(page).toHaveURL(/[?&]skip=30/);
    await expect(pager).toContainText(/Showing 31–\d+ of \d+/);
    expect(await rowTitle(rows(page).first())).not.toBe(firstPageTitle);
    await pager.getByRole('link', { name: /Previous/ }).click();
    await expect(page).not.toHaveURL(/skip=/);
    await expect(rows(page).first().getByTestId('track-title')).toHaveText(firstPageTitle);
  });

  test('a genre page is rendered on the server with its tracks and canonical link', async ({ request }) => {
    const genreId = await richestGenre(request);
    const href = `/c/genres/${genreId}`;
    const list = (await (await request.get(`/api/v1/product/music?genre=${encodeURIComponent(genreId)}`)).json()) as {
      items: Array<{ title: string }>;
    };
    expect(list.items.length).toBeGreaterThan(0);

    const response = await request.get(href);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const escaped = list.items[0]!.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html).toContain(escaped);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${href}"`));
    expect(html).toMatch(/<title>[^<]+\| Cuewave<\/title>/);

    const missing = await request.get('/c/genres/no-such-genre-here');
    expect(missing.status()).toBe(404);
  });
});

test.describe('catalogue on a phone @mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('visitor browses and plays on a 390 px screen', async ({ page, request }) => {
    await page.goto('/');
    await page.getByTestId('hero-browse').click();
    await expect(page).toHaveURL(/\/c\/genres$/);
    await openGenre(page, await richestGenre(request));

    // Rows keep cover, title, artist, duration and the play button; the waveform is hidden.
    const first = rows(page).first();
    await expect(first.getByTestId('track-duration')).toBeVisible();
    await expect(first.getByTestId('track-bpm')).toBeHidden();
    const title = await rowTitle(first);
    await first.getByRole('button', { name: `Play ${title}` }).click();
    await expect(page.getByTestId('player-title')).toHaveText(title);
    await expectPlaybackAdvancing(page);

    // Filters collapse into a panel.
    await page.getByTestId('open-filters').click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel).toBeVisible();
    await panel.getByText('Instrumental', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]vocal=false/);
    await panel.getByRole('button', { name: /Show/ }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByTestId('open-filters')).toContainText('1');

    // Playback survived the filter change.
    await expectPlaybackAdvancing(page, 0.5);
  });
});
