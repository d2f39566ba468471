import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: https://cuewave.example/assets/search-overlay-Ab12.js',
);

describe('chunk-load failures after a deploy', () => {
  it('recognises the browsers’ chunk-load errors and nothing else', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 404 })).toBe(false);
  });

  it('reloads once, then not again within 10 s, then again after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chunkError, { storage, now: 1_000_000, reload })).toBe(true);
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    // The reloaded page fails the same way within the guard: the error page shows instead of a loop.
    expect(reloadOnceForChunkError(chunkError, { storage, now: 1_009_999, reload })).toBe(false);
    expect(reloadOnceForChunkError(chunkError, { storage, now: 1_010_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for other errors, or without session storage', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(new Error('boom'), { storage: memoryStorage(), reload })).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {},
    };
    expect(reloadOnceForChunkError(chunkError, { storage: blocked, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
