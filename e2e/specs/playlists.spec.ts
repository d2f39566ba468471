import { mkdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { signInBrowser, type TestUser } from '../support/accounts';
import { trialSubscriber } from '../support/checkout';
import { hydrated } from '../support/page';
import { expectToast } from '../support/toasts';

/**
 * Favourites, playlists and notes (issue 12): a trial subscriber hearts tracks from a list and from a
 * song page, builds a playlist, reorders it, removes a track and takes it back with Undo, keeps a
 * private note, makes the playlist public and a signed-out visitor opens its link. A visitor's heart
 * leads through sign-in and the track ends up favourited.
 */

// Sign-up is rate limited per address: this file is a visitor of its own.
const octet = () => randomInt(1, 250);
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` } });

const SHOTS = '/tmp/shots/playlists';
mkdirSync(SHOTS, { recursive: true });

async function ok<T>(response: Promise<{ ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }>) {
  const r = await response;
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()) as T;
}

/** A trial subscriber (support/checkout.ts) whose API context is signed out again, so it never stands in for the browser. */
async function trialSubscriberUser(api: APIRequestContext): Promise<TestUser> {
  const { user } = await trialSubscriber(api);
  await api.post('/api/auth/revoke', { form: {} });
  return user;
}

/** The page at 1440 and 390 px wide, into /tmp/shots/playlists. */
async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await page.waitForTimeout(150); // layout settles after the resize (no assertion depends on it)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: options.fullPage ?? true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const rows = (page: Page) => page.getByTestId('track-row');
const heartIn = (scope: Locator) => scope.getByTestId('favorite-button');
const itemIds = (page: Page) =>
  page.getByTestId('playlist-item').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.productId));

test.describe('favourites, playlists and notes', () => {
  test('a trial subscriber favourites, builds, reorders, annotates and shares a playlist that opens signed out', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(240_000);
    const user = await trialSubscriberUser(request);
    await signInBrowser(page, user.email, user.password);

    // 1. A heart on a track row: filled at once, with the success toast.
    await page.goto('/c/top-music');
    await hydrated(page);
    const first = rows(page).nth(0);
    const firstId = await first.getAttribute('data-product-id');
    await expect(heartIn(first)).toHaveAttribute('aria-pressed', 'false');
    await heartIn(first).click();
    await expect(heartIn(first)).toHaveAttribute('aria-pressed', 'true');
    await expect(heartIn(first)).toHaveAttribute('aria-label', 'Remove from favourites');
    await expectToast(page, 'Track added successfully!');
    await shoot(page, 'catalogue-hearts', { fullPage: false });

    // 2. A heart on the song page of the second track.
    const second = rows(page).nth(1);
    const secondId = await second.getAttribute('data-product-id');
    await second.getByTestId('track-title').click();
    await expect(page).toHaveURL(new RegExp(`/c/song/${secondId}$`));
    await hydrated(page);
    const hero = page.locator('section[aria-labelledby="song-title"]');
    await heartIn(hero).click();
    await expect(heartIn(hero)).toHaveAttribute('aria-pressed', 'true');
    await expectToast(page, 'Track added successfully!');

    // The private note on the song page.
    await hero.getByTestId('product-note-edit').click();
    await hero.getByTestId('product-note-input').fill('Intro for the Lisbon vlog, fade at 1:10');
    await hero.getByTestId('product-note-save').click();
    await expect(hero.getByTestId('product-note-text')).toHaveText('Intro for the Lisbon vlog, fade at 1:10');
    await shoot(page, 'song-page-heart-note', { fullPage: false });

    // 3. Both are on the favourites page, and the player's heart agrees.
    await page.goto('/c/playlists/favorites');
    await hydrated(page);
    await expect(rows(page)).toHaveCount(2);
    const favIds = await rows(page).evaluateAll((r) => r.map((el) => (el as HTMLElement).dataset.productId));
    expect(new Set(favIds)).toEqual(new Set([firstId, secondId]));
    // Taking a heart off here removes the row (focus moves on to the next heart); Undo brings it back in place.
    await heartIn(rows(page).nth(0)).focus();
    await page.keyboard.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(heartIn(rows(page).nth(0))).toBeFocused();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'Your track has been deleted' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(rows(page)).toHaveCount(2);
    expect(await rows(page).evaluateAll((r) => r.map((el) => (el as HTMLElement).dataset.productId))).toEqual(favIds);
    await rows(page).nth(0).getByTestId('track-play').click();
    await expect(heartIn(page.getByTestId('player'))).toHaveAttribute('aria-pressed', 'true');
    await shoot(page, 'favorites');

    // 4. Build a playlist from the catalogue: create it from the first row, add two more.
    const name = 'Lisbon travel vlog — summer edition';
    await page.goto('/c/top-music');
    await hydrated(page);
    const ids = await rows(page).evaluateAll((r) => r.slice(0, 3).map((el) => (el as HTMLElement).dataset.productId!));
    await rows(page).nth(0).getByTestId('add-to-playlist').click();
    const dialog = page.getByTestId('add-to-playlist-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('New playlist name').fill(name);
    await shoot(page, 'add-to-playlist-create', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create and add' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Your playlist has been created in dashboard');
    // The name is cut at 20 characters with an ellipsis (spec §8).
    await expectToast(page, 'Track added to Lisbon travel vlog —…');
    for (const index of [1, 2]) {
      await rows(page).nth(index).getByTestId('add-to-playlist').click();
      await expect(dialog.getByTestId('playlist-choice')).toHaveCount(1);
      if (index === 2) await shoot(page, 'add-to-playlist-choose', { fullPage: false });
      await dialog.getByTestId('playlist-choice').click();
      await expect(dialog).toBeHidden();
    }
    await expect
      .poll(() => page.evaluate(() => window.__toastsShown?.filter((t) => t.startsWith('Track added to')).length))
      .toBe(3);

    // 5. The dashboard lists it with its count; open the editor.
    await page.goto('/dashboard/playlists');
    await hydrated(page);
    const card = page.getByTestId('playlist-card').filter({ hasText: name });
    await expect(card).toContainText('3 tracks');
    await expect(page.getByTestId('playlist-card-favorites')).toContainText('2 tracks');
    await shoot(page, 'dashboard-playlists');
    await card.click();
    await expect(page.getByTestId('playlist-title')).toHaveText(name);
    await hydrated(page);
    expect(await itemIds(page)).toEqual(ids);

    // 6. Reorder by keyboard (the handle's arrow keys) and by dragging; both are saved.
    const handle = page.getByTestId('reorder-handle').first();
    await handle.focus();
    await page.keyboard.press('ArrowDown');
    expect(await itemIds(page)).toEqual([ids[1], ids[0], ids[2]]);
    await expect(page.getByTestId('reorder-handle').nth(1)).toBeFocused();
    await expectToast(page, 'Playlist updated successfully!');
    await page
      .getByTestId('playlist-item')
      .nth(2)
      .locator('[draggable="true"]')
      .dragTo(page.getByTestId('playlist-item').nth(0));
    expect(await itemIds(page)).toEqual([ids[2], ids[1], ids[0]]);
    await expect
      .poll(
        async () =>
          (await ok<{ itemIds: string[] }>(page.request.get(`/api/v1/playlist/${await playlistId(page)}`))).itemIds,
      )
      .toEqual([ids[2], ids[1], ids[0]]);

    // 7. Remove the middle track, then Undo: it comes back in the same place, on the server too.
    await page.getByTestId('playlist-item').nth(1).getByTestId('remove-track').click();
    expect(await itemIds(page)).toEqual([ids[2], ids[0]]);
    const undo = page
      .getByTestId('toast')
      .filter({ hasText: 'Your track has been deleted' })
      .getByRole('button', { name: 'Undo' });
    await undo.click();
    expect(await itemIds(page)).toEqual([ids[2], ids[1], ids[0]]);
    await page.reload();
    await hydrated(page);
    expect(await itemIds(page)).toEqual([ids[2], ids[1], ids[0]]);

    // 8. A note on a row of the playlist; the song page's note shows on its row too.
    const row = page.getByTestId('playlist-item').nth(0);
    await row.getByTestId('product-note-edit').click();
    await row.getByTestId('product-note-input').fill('Client liked this one <b>most</b>');
    await row.getByTestId('product-note-save').click();
    await expect(row.getByTestId('product-note-text')).toHaveText('Client liked this one <b>most</b>');
    if (ids.includes(secondId!)) {
      const secondRow = page.locator(`[data-testid="playlist-item"][data-product-id="${secondId}"]`);
      await expect(secondRow.getByTestId('product-note-text')).toHaveText('Intro for the Lisbon vlog, fade at 1:10');
    }

    // 9. Rename and describe, then make it public and take the share link.
    await page.getByTestId('playlist-description').fill('Warm, sunny cuts for the July upload.');
    await page.getByTestId('playlist-save').click();
    await expectToast(page, 'Playlist updated successfully!');
    await page.getByTestId('visibility-switch').click();
    await expect(page.getByTestId('visibility-switch')).toHaveAttribute('aria-checked', 'true');
    await expectToast(page, 'Your playlist is now public');
    const shareUrl = await page.getByTestId('share-link').getAttribute('data-url');
    expect(shareUrl).toMatch(/\/c\/playlists\/u\/[^/]+$/);
    await shoot(page, 'dashboard-playlist');

    // 10. A visitor in a fresh browser opens the link: name, description, tracks in order, no notes.
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const guest = await visitor.newPage();
    const response = await guest.goto(shareUrl!);
    expect(response?.status()).toBe(200);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(guest.getByText('Warm, sunny cuts for the July upload.')).toBeVisible();
    const guestIds = await guest
      .getByTestId('track-row')
      .evaluateAll((r) => r.map((el) => (el as HTMLElement).dataset.productId));
    expect(guestIds).toEqual([ids[2], ids[1], ids[0]]);
    await expect(guest.getByTestId('owner-bar')).toHaveCount(0);
    await expect(guest.getByText('Client liked this one')).toHaveCount(0);
    await shoot(guest, 'shared-playlist-signed-out');

    // Made private again, the same link is a 404 for the visitor.
    await page.getByTestId('visibility-switch').click();
    await expectToast(page, 'Your playlist is now private');
    expect((await guest.goto(shareUrl!))?.status()).toBe(404);
    await visitor.close();

    // 11. Delete it from the list.
    await page.goto('/dashboard/playlists');
    await hydrated(page);
    await page
      .getByTestId('playlist-card')
      .filter({ hasText: name })
      .locator('..')
      .getByTestId('playlist-delete')
      .click();
    await shoot(page, 'dashboard-delete-dialog', { fullPage: false });
    await page.getByRole('button', { name: 'Delete playlist' }).click();
    await expectToast(page, 'Your playlist has been deleted');
    await expect(page.getByTestId('playlist-card')).toHaveCount(0);
    await expect(page.getByText('No playlists yet')).toBeVisible();
    await shoot(page, 'dashboard-playlists-empty');
  });

  test('a visitor hearts a track, signs in from the modal and finds it favourited', async ({ page, request }) => {
    test.setTimeout(120_000);
    const user = await trialSubscriberUser(request);
    await page.goto('/c/top-music');
    await hydrated(page);
    const row = rows(page).nth(3);
    const productId = await row.getAttribute('data-product-id');
    await heartIn(row).click();
    const modal = page.getByTestId('favorites-modal');
    await expect(modal).toBeVisible();
    await shoot(page, 'visitor-heart-modal', { fullPage: false });
    await modal.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fc%2Ftop-music$/);

    await hydrated(page);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/c\/top-music$/);
    const back = page.locator(`[data-testid="track-row"][data-product-id="${productId}"]`);
    await expect(heartIn(back)).toHaveAttribute('aria-pressed', 'true');
    await expectToast(page, 'Track added successfully!');

    // On the server, and only once.
    const favorites = await ok<{ itemIds: string[] }>(page.request.get('/api/v1/playlist/favorites'));
    expect(favorites.itemIds).toEqual([productId]);
    // A reload does not add it again (the remembered heart was used up).
    await page.reload();
    await hydrated(page);
    await expect(heartIn(back)).toHaveAttribute('aria-pressed', 'true');
    const again = await ok<{ itemIds: string[] }>(page.request.get('/api/v1/playlist/favorites'));
    expect(again.itemIds).toEqual([productId]);
  });

  test('favourites need an account, and an unknown shared playlist is a 404', async ({ page }) => {
    await page.goto('/c/playlists/favorites');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fc%2Fplaylists%2Ffavorites$/);
    const response = await page.goto('/c/playlists/u/no-such-playlist');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('catalog-tab-favorites')).toBeVisible();
  });
});

/** The id of the playlist the dashboard editor shows (from its URL). */
async function playlistId(page: Page): Promise<string> {
  return /\/dashboard\/playlists\/([^/?#]+)/.exec(page.url())![1]!;
}
