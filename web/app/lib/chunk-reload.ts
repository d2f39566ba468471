/**
 * After a deploy, a page loaded before it asks for code chunks that are gone (their hashed names
 * changed). Spec §8/§9: such a chunk-load failure reloads the page once, to fetch the new build, and a
 * guard in session storage (10 s) keeps a truly broken chunk from reloading in a loop; past the guard
 * the error page shows. React Router reloads by itself for route modules; this covers the rest (the
 * code-split search overlay, lazy panels) through the root error boundary.
 */
export const CHUNK_RELOAD_KEY = 'cuewave:chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 10_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk [\w-]+ failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof Error) return CHUNK_ERROR.test(`${error.name}: ${error.message}`);
  return typeof error === 'string' && CHUNK_ERROR.test(error);
}

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Reloads when `error` is a chunk-load failure and no reload happened in the last 10 s; says whether it did. */
export function reloadOnceForChunkError(
  error: unknown,
  options: { storage?: GuardStorage; now?: number; reload?: () => void } = {},
): boolean {
  if (!isChunkLoadError(error)) return false;
  const now = options.now ?? Date.now();
  try {
    const storage = options.storage ?? window.sessionStorage;
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY)) || 0;
    if (now - last >= 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // No session storage (private mode, blocked): without a guard a reload could loop, so show the error.
    return false;
  }
  (options.reload ?? (() => window.location.reload()))();
  return true;
}
