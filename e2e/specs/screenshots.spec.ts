import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures';

/**
 * Saves a full-page screenshot of every storefront screen at 1440 px and 390 px wide into
 * e2e/screenshots/, for people to look at after a change. Each page must also render its main heading.
 */

type Named = { id: string; children?: Named[] };

async function first<T>(
  request: APIRequestContext,
  path: string,
  pick: (body: T) => string | undefined,
): Promise<string> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers`).toBe(true);
  const id = pick((await response.json()) as T);
  if (!id) throw new Error(`no id from ${path}`);
  return id;
}

test.describe('screenshots', () => {
  test.skip(({ isMobile }) => isMobile, 'both widths are taken in one run');

  test('every storefront screen at 1440 and 390 px', async ({ page, request }) => {
    test.setTimeout(240_000);
    const genres = (await (await request.get('/api/v1/genre')).json()) as Named[];
    const genre = genres.find((g) => (g.children?.length ?? 0) > 0)!;
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['genres', '/c/genres'],
      ['genre', `/c/genres/${genre.id}`],
      ['subgenre', `/c/genres/${genre.id}/${genre.children![0]!.id}`],
      ['moods', '/c/moods'],
      ['mood', `/c/moods/${await first<Named[]>(request, '/api/v1/mood', (b) => b[0]?.id)}`],
      ['sfx', '/c/sfx'],
      ['sfx-category', `/c/sfx/${await first<Named[]>(request, '/api/v1/category?kind=sfx', (b) => b[0]?.id)}`],
      ['reels', '/c/reels'],
      [
        'reel',
        `/c/reels/${await first<Named[]>(request, '/api/v1/playlist/public/reels-and-shorts', (b) => b[0]?.id)}`,
      ],
      ['playlists', '/c/playlists'],
      [
        'playlist',
        `/c/playlists/${await first<Named[]>(request, '/api/v1/playlist/public/homepage', (b) => b[0]?.id)}`,
      ],
      ['top-music', '/c/top-music'],
      [
        'song',
        `/c/song/${await first<{ products: Named[] }>(request, '/api/v1/playlist/top-tracks', (b) => b.products[0]?.id)}`,
      ],
      ['login', '/auth/login'],
      ['us-home', '/us'],
    ];
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      for (const [name, path] of pages) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
      }
    }
  });
});
