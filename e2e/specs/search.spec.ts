import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { createVerifiedUser, signInBrowser } from '../support/accounts';
import { hydrated } from '../support/page';

/**
 * Search journeys (issue 13, decision 061): the header bar, the full-screen overlay with standard and
 * AI search (English and Polish), chips, facet counts, history (visitor and signed in), the shareable
 * URL, keyboard-only use, and screenshots at 1440 and 390 px. Expectations come from the API's own
 * answers, never from fixed titles: the demo catalogue is rebuilt from time to time.
 */

const octet = () => randomInt(1, 250);
// Sign-ups are limited per address: each run poses as its own visitor.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

type Product = { id: string; title: string };
type Chip = { id: string; label: string };
type SearchAnswer = {
  items: Product[];
  count: number;
  engine: 'ai' | 'standard';
  chips: Chip[];
  facets: { genres: Array<{ id: string; name: string; count: number }> };
};

const SHOTS = '/tmp/shots/search';

async function search(request: APIRequestContext, body: Record<string, unknown>): Promise<SearchAnswer> {
  const response = await request.post('/api/v1/product/search?skip=0&limit=30', { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as SearchAnswer;
}

const overlay = (page: Page) => page.getByTestId('search-overlay');
const input = (page: Page) => page.getByTestId('search-input');
const resultRows = (page: Page) => page.getByTestId('search-results').getByTestId('track-row');

/** The product ids of the result rows, in order. */
async function shownIds(page: Page): Promise<string[]> {
  return resultRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-product-id') ?? ''));
}

/** Waits until the rows on screen are exactly these products (the answer for the current state has landed). */
async function expectRows(page: Page, ids: string[]) {
  await expect.poll(() => shownIds(page), { timeout: 15_000 }).toEqual(ids);
  await expect(page.getByTestId('search-count')).not.toHaveText('Searching…');
}

async function rowTitle(row: Locator): Promise<string> {
  return ((await row.getByTestId('track-title').textContent()) ?? '').trim();
}

/** A word a standard search finds several tracks for: the first word of a title of the catalogue. */
async function aTitleWord(request: APIRequestContext): Promise<{ word: string; answer: SearchAnswer }> {
  const listing = (await (await request.get('/api/v1/product/music')).json()) as { items: Product[] };
  for (const product of listing.items) {
    const word = product.title.split(/\s+/).find((w) => w.length >= 4 && /^[\p{L}]+$/u.test(w));
    if (!word) continue;
    const answer = await search(request, { prompt: word, engine: 'standard', type: 'music' });
    if (answer.count >= 2) return { word, answer };
  }
  throw new Error('no title word finds two tracks');
}

/** An AI answer's first chip whose removal changes the results (so the journey can see it change). */
async function chipThatMatters(request: APIRequestContext, prompt: string) {
  const before = await search(request, { prompt, engine: 'ai', type: 'music' });
  expect(before.chips.length, `chips for "${prompt}"`).toBeGreaterThan(0);
  for (const chip of before.chips) {
    const after = await search(request, { prompt, engine: 'ai', type: 'music', ignore: [chip.id] });
    if (after.items.map((p) => p.id).join() !== before.items.map((p) => p.id).join()) return { before, chip, after };
  }
  throw new Error(`removing no chip of "${prompt}" changes its results`);
}

test.describe('search', () => {
  test('visitor types in the header, sees results and plays one in the player', async ({ page, request }) => {
    const { word, answer } = await aTitleWord(request);
    await page.goto('/c/genres');
    await hydrated(page);
    const bar = page.getByTestId('header-search-bar');
    await expect(bar).toBeVisible();
    await bar.click();
    await expect(overlay(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await page.keyboard.type(word, { delay: 40 });

    await expectRows(
      page,
      answer.items.map((p) => p.id),
    );
    await expect(page.getByTestId('search-count')).toContainText(`${answer.count.toLocaleString('en-US')} result`);
    expect(new URL(page.url()).searchParams.get('searchQuery')).toBe(word);

    const first = resultRows(page).first();
    const title = await rowTitle(first);
    await first.getByTestId('track-play').click();
    await expect(page.getByTestId('player')).toHaveAttribute('data-open', 'true');
    await expect(page.getByTestId('player-title')).toHaveText(title);
    // The player stays in view above the overlay.
    await expect(page.getByTestId('player-title')).toBeVisible();

    // A shareable URL: a reload brings the same search back.
    await page.reload();
    await expect(input(page)).toHaveValue(word);
    await expectRows(
      page,
      answer.items.map((p) => p.id),
    );

    // Closing removes the search from the URL and gives the page back.
    await page.getByTestId('search-close').click();
    await expect(overlay(page)).toHaveCount(0);
    // The address follows the overlay's close a moment later (a history update after the render).
    await expect.poll(() => new URL(page.url()).searchParams.has('searchQuery')).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse by genre' })).toBeVisible();
  });

  test('an English AI prompt is read as chips; removing one changes the results', async ({ page, request }) => {
    const prompt = 'calm acoustic guitar for a travel vlog';
    const { before, chip, after } = await chipThatMatters(request, prompt);
    await page.goto(`/c/genres?searchQuery=${encodeURIComponent(prompt)}&searchEngine=ai`);
    await hydrated(page);
    await expect(input(page)).toHaveValue(prompt);
    await expect(page.getByTestId('engine-picker')).toHaveAttribute('data-engine', 'ai');
    await expectRows(
      page,
      before.items.map((p) => p.id),
    );
    const chips = page.getByTestId('search-chips');
    for (const c of before.chips) await expect(chips.locator(`[data-chip-id="${c.id}"]`)).toHaveText(c.label);
    // Each AI result says why it matched.
    await expect(resultRows(page).first().getByTestId('match-reason')).toBeVisible();
    await expect(page.getByTestId('search-count')).toContainText('best match');

    // By the chip's id: the page words a chip in its own language, the API's label in the prompt's.
    const removable = chips.getByRole('listitem').filter({ has: page.locator(`[data-chip-id="${chip.id}"]`) });
    await expect(removable.getByRole('button')).toHaveAccessibleName(/^Remove “/);
    await removable.getByRole('button').click();
    await expectRows(
      page,
      after.items.map((p) => p.id),
    );
    await expect(chips.locator(`[data-chip-id="${chip.id}"]`)).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('searchIgnore')).toBe(chip.id);

    await page.getByTestId('search-chips-restore').click();
    await expectRows(
      page,
      before.items.map((p) => p.id),
    );
  });

  test('a Polish AI prompt typed into the overlay is understood, and its chips can be removed', async ({
    page,
    request,
  }) => {
    const prompt = 'spokojna muzyka z pianinem do reklamy';
    const { before, chip, after } = await chipThatMatters(request, prompt);
    await page.goto('/');
    await hydrated(page);
    await page.keyboard.press('/');
    await expect(input(page)).toBeFocused();
    await page.getByTestId('engine-picker').click();
    const menu = page.getByTestId('engine-menu');
    // Video match is listed (it opens the upload: video-match.spec.ts).
    await expect(menu.getByTestId('engine-option-video')).toBeVisible();
    await menu.getByTestId('engine-option-ai').click();
    await expect(menu).toHaveCount(0);
    await expect(page.getByTestId('engine-picker')).toHaveAttribute('data-engine', 'ai');
    await input(page).fill(prompt);
    await input(page).press('Enter');
    await expectRows(
      page,
      before.items.map((p) => p.id),
    );
    const chips = page.getByTestId('search-chips');
    await expect(chips.getByTestId('search-chip')).toHaveCount(before.chips.length);
    // By the chip's id: the page words a chip in its own language, the API's label in the prompt's.
    const removable = chips.getByRole('listitem').filter({ has: page.locator(`[data-chip-id="${chip.id}"]`) });
    await expect(removable.getByRole('button')).toHaveAccessibleName(/^Remove “/);
    await removable.getByRole('button').click();
    await expectRows(
      page,
      after.items.map((p) => p.id),
    );
  });

  test('filters show facet counts, and choosing a genre leaves exactly that many results', async ({
    page,
    request,
  }) => {
    const { word, answer } = await aTitleWord(request);
    const genre = answer.facets.genres.find((g) => g.count > 0 && g.count < answer.count) ?? answer.facets.genres[0]!;
    await page.goto(`/c/moods?searchQuery=${encodeURIComponent(word)}`);
    await hydrated(page);
    await expectRows(
      page,
      answer.items.map((p) => p.id),
    );

    await page.getByTestId('search-filter-genres').click();
    const facet = page.getByTestId('search-facet-genres');
    const option = facet.locator('label').filter({ has: page.getByText(genre.name, { exact: true }) });
    await expect(option.getByTestId('facet-count')).toHaveText(new RegExp(`^,?\\s*${genre.count}`));
    await option.click();
    const narrowed = await search(request, { prompt: word, engine: 'standard', type: 'music', genres: [genre.id] });
    expect(narrowed.count).toBe(genre.count);
    await expectRows(
      page,
      narrowed.items.map((p) => p.id),
    );
    await expect(page.getByTestId('search-count')).toContainText(
      `${genre.count.toLocaleString('en-US')} result${genre.count === 1 ? '' : 's'}`,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('search-active-filters')).toContainText(genre.name);
    expect(new URL(page.url()).searchParams.get('searchGenres')).toBe(genre.id);
    // The search is still open: Escape closed only the popover.
    await expect(overlay(page)).toBeVisible();
    await page.getByTestId('search-clear-filters').click();
    await expectRows(
      page,
      answer.items.map((p) => p.id),
    );
  });

  test('a visitor’s history lives in this browser: shown, run again and cleared', async ({ page, request }) => {
    const { word, answer } = await aTitleWord(request);
    await page.goto('/c/genres');
    await hydrated(page);
    await page.keyboard.press('/');
    await expect(page.getByTestId('history-empty')).toBeVisible();
    await input(page).fill(word);
    await expectRows(
      page,
      answer.items.map((p) => p.id),
    );
    await page.getByTestId('search-close').click();

    // Another visit: the search is remembered.
    await page.reload();
    await hydrated(page);
    await page.getByTestId('header-search-bar').click();
    const items = page.getByTestId('history-item');
    await expect(items.first()).toContainText(word);
    await items.first().click();
    await expect(input(page)).toHaveValue(word);
    await expectRows(
      page,
      answer.items.map((p) => p.id),
    );
    await input(page).fill('');
    await page.getByTestId('history-clear').click();
    await expect(page.getByTestId('history-empty')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cw-search-history'))).toBeNull();
  });

  test('a signed-in user’s history comes from the account: one entry removed, then all cleared', async ({
    page,
    request,
  }) => {
    const user = await createVerifiedUser(request);
    await signInBrowser(page, user.email, user.password);
    const { word } = await aTitleWord(request);
    const second = 'epic orchestral trailer';
    await page.goto('/c/genres');
    await hydrated(page);
    for (const prompt of [word, second]) {
      await page.keyboard.press('/');
      await input(page).fill(prompt);
      // Answered (with results or without): the server has recorded the search.
      await expect(page.getByTestId('search-results').or(page.getByTestId('search-empty-ai'))).toBeVisible();
      await page.getByTestId('search-close').click();
      await expect(overlay(page)).toHaveCount(0);
    }
    await page.keyboard.press('/');
    const items = page.getByTestId('history-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(second);
    await expect(items.nth(1)).toContainText(word);
    // Nothing was kept in the browser: the account holds it.
    expect(await page.evaluate(() => localStorage.getItem('cw-search-history'))).toBeNull();

    await page.getByRole('button', { name: `Remove “${second}” from recent searches` }).click();
    await expect(items).toHaveCount(1);
    const history = async () =>
      ((await (await page.request.get('/api/v1/product/search/history')).json()) as { items: unknown[] }).items.length;
    await expect.poll(history).toBe(1);
    await page.getByTestId('history-clear').click();
    await expect(page.getByTestId('history-empty')).toBeVisible();
    await expect.poll(history).toBe(0);
  });

  test('?searchQuery= opens the overlay prefilled on any page, server-rendered, but never on register pages', async ({
    page,
    request,
  }) => {
    const { word } = await aTitleWord(request);
    // The server's HTML already holds the overlay with the prompt.
    const html = await (await request.get(`/licenses?searchQuery=${encodeURIComponent(word)}`)).text();
    expect(html).toContain('data-testid="search-overlay"');
    expect(html).toContain(`value="${word}"`);

    await page.goto(`/licenses?searchQuery=${encodeURIComponent(`  ${word}  `)}`);
    await expect(overlay(page)).toBeVisible();
    await expect(input(page)).toHaveValue(`  ${word}  `);
    await expect(resultRows(page).first()).toBeVisible();

    await page.goto('/c/genres?searchQuery=%20%20');
    await hydrated(page);
    await expect(overlay(page)).toHaveCount(0);

    // The login page closes it (spec §2).
    await page.goto(`/auth/login?searchQuery=${encodeURIComponent(word)}`);
    await hydrated(page);
    await expect(overlay(page)).toHaveCount(0);

    await page.goto(`/register/plans?searchQuery=${encodeURIComponent(word)}`);
    await hydrated(page);
    await expect(overlay(page)).toHaveCount(0);
    await page.keyboard.press('/');
    await expect(overlay(page)).toHaveCount(0);
  });

  test('keyboard only: / opens, typing searches, arrows move, Enter plays, Escape closes', async ({
    page,
    request,
  }) => {
    const { word, answer } = await aTitleWord(request);
    await page.goto('/c/genres');
    await hydrated(page);
    await page.keyboard.press('/');
    await expect(input(page)).toBeFocused();
    await page.keyboard.type(word);
    await expectRows(
      page,
      answer.items.map((p) => p.id),
    );

    await page.keyboard.press('ArrowDown');
    await expect(resultRows(page).nth(0).getByTestId('track-play')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const second = resultRows(page).nth(1);
    await expect(second.getByTestId('track-play')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('player-title')).toHaveText(await rowTitle(second));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(input(page)).toBeFocused();

    // Tab stays inside the overlay.
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=search-overlay]'))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(overlay(page)).toHaveCount(0);
    // "/" again from the page reopens it.
    await page.keyboard.press('/');
    await expect(input(page)).toBeFocused();
  });

  test('the overlay has no WCAG A/AA violations with results', async ({ page, request }) => {
    const { word } = await aTitleWord(request);
    await page.goto(`/c/genres?searchQuery=${encodeURIComponent(word)}`);
    await hydrated(page);
    await expect(resultRows(page).first()).toBeVisible();
    const result = await new AxeBuilder({ page })
      .include('[data-testid=search-overlay]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
});

test.describe('search on a phone @mobile', () => {
  test('the search icon is always in the header and the type picker is a bottom sheet', async ({ page }, info) => {
    test.skip(info.project.name !== 'mobile', 'phone layout');
    await page.goto('/c/genres');
    await hydrated(page);
    await expect(page.getByTestId('header-search-bar')).toBeHidden();
    await page.getByTestId('header-search').click();
    await expect(input(page)).toBeFocused();
    await page.getByTestId('engine-picker').click();
    const sheet = page.getByTestId('engine-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('engine-option-video')).toBeVisible();
    await sheet.getByTestId('engine-option-ai').click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('engine-picker')).toHaveAttribute('data-engine', 'ai');
    // The overlay is still open: the sheet took its own Escape and close.
    await expect(overlay(page)).toBeVisible();
  });
});

test.describe('search screenshots', () => {
  test('overlay at 1440 and 390 px', async ({ page, request }, info) => {
    test.skip(info.project.name !== 'desktop', 'one run takes both sizes');
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const { word } = await aTitleWord(request);
    const ai = encodeURIComponent('calm acoustic guitar for a travel vlog');
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${width}-${name}.png` });
      await page.goto('/c/genres');
      await hydrated(page);
      await page.evaluate(() =>
        localStorage.setItem(
          'cw-search-history',
          JSON.stringify([
            {
              id: 'l1',
              prompt: 'epic trailer drums',
              engine: 'ai',
              type: 'music',
              filters: {},
              createTS: Date.now(),
            },
            { id: 'l2', prompt: 'rain', engine: 'standard', type: 'sfx', filters: {}, createTS: Date.now() - 1000 },
          ]),
        ),
      );
      await shot('0-header');
      await page.keyboard.press('/');
      await expect(page.getByTestId('history-item')).toHaveCount(2);
      await shot('1-empty-history');

      await page.goto(`/c/genres?searchQuery=${encodeURIComponent(word)}`);
      await expect(resultRows(page).first()).toBeVisible();
      await expect(page.getByTestId('search-count')).not.toHaveText('Searching…');
      await shot('2-results-standard');

      await page.goto(`/c/genres?searchQuery=${ai}&searchEngine=ai`);
      await expect(page.getByTestId('search-chips')).toBeVisible();
      await expect(resultRows(page).first()).toBeVisible();
      await shot('3-results-ai-chips');

      if (width > 500) {
        await page.getByTestId('search-filter-genres').click();
        await expect(page.getByTestId('search-facet-genres')).toBeVisible();
        await shot('4-filters-open');
        await page.keyboard.press('Escape');
        await page.getByTestId('engine-picker').click();
        await expect(page.getByTestId('engine-menu')).toBeVisible();
        await shot('5-engine-dropdown');
        await page.keyboard.press('Escape');
      } else {
        await page.getByTestId('search-open-filters').click();
        await expect(page.getByTestId('search-filters-panel')).toBeVisible();
        await page.waitForTimeout(400);
        await shot('4-filters-open');
        await page.getByTestId('search-filters-panel').getByRole('button', { name: 'Close' }).click();
        await expect(page.getByTestId('search-filters-panel')).toHaveCount(0);
        await page.getByTestId('engine-picker').click();
        await expect(page.getByTestId('engine-sheet')).toBeVisible();
        await page.waitForTimeout(400);
        await shot('5-engine-bottom-sheet');
        await page.getByTestId('engine-sheet').getByRole('button', { name: 'Close' }).click();
        await expect(page.getByTestId('engine-sheet')).toHaveCount(0);
      }

      await page.goto('/c/genres?searchQuery=qqxqzv%20wwkqj');
      await expect(page.getByTestId('search-empty-ai')).toBeVisible();
      await shot('6-no-results');
    }
  });
});
