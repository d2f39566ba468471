/**
 * The track a signed-out visitor hearted before signing in (issue 12: "after signing in from it, the
 * track is favourited"). Kept in localStorage rather than sessionStorage so an emailed sign-in link
 * opened in a new tab still finds it; it expires so a heart abandoned today doesn't fire next week.
 */
const KEY = 'cw-pending-favorite';
export const PENDING_FAVORITE_TTL_MS = 60 * 60 * 1000;

type Stored = { productId: string; at: number };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberPendingFavorite(productId: string, now = Date.now()): void {
  storage()?.setItem(KEY, JSON.stringify({ productId, at: now } satisfies Stored));
}

/** Reads and removes the pending favourite (once: a second caller gets null), unless it expired. */
export function takePendingFavorite(now = Date.now()): string | null {
  const store = storage();
  const raw = store?.getItem(KEY);
  if (!store || !raw) return null;
  store.removeItem(KEY);
  try {
    const value = JSON.parse(raw) as Partial<Stored>;
    if (typeof value.productId !== 'string' || typeof value.at !== 'number') return null;
    return now - value.at <= PENDING_FAVORITE_TTL_MS ? value.productId : null;
  } catch {
    return null;
  }
}

export function hasPendingFavorite(): boolean {
  return !!storage()?.getItem(KEY);
}

export function forgetPendingFavorite(): void {
  storage()?.removeItem(KEY);
}
