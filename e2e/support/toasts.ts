import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** Every toast message the page has shown, oldest first (recorded by the fixture in fixtures.ts). */
    __toastsShown?: string[];
  }
}

/**
 * Records every toast the page shows, from the first script on. A toast closes after 2 s (spec §9),
 * and on a loaded runner the test can look later than that, so journeys assert on this record rather
 * than on the toast still being on screen.
 */
export function recordToastsScript() {
  window.__toastsShown = [];
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    document.querySelectorAll('[data-testid="toast"]').forEach((toast) => {
      if (seen.has(toast)) return;
      seen.add(toast);
      window.__toastsShown!.push(toast.textContent ?? '');
    });
  }).observe(document, { childList: true, subtree: true });
}

/** Waits until this page has shown a toast containing `text`. */
export async function expectToast(page: Page, text: string | RegExp) {
  const wanted = typeof text === 'string' ? expect.stringContaining(text) : expect.stringMatching(text);
  await expect
    .poll(() => page.evaluate(() => window.__toastsShown ?? []), { message: `a toast saying ${text}` })
    .toContainEqual(wanted);
}
