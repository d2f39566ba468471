import type { Page } from '@playwright/test';

/** Hydration is done once the player provider's first effect has marked <body>. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.body.dataset.playerOpen !== undefined);
}
