import type { Product } from '@cuewave/contract/catalog';
import type { Db } from '../../db/client';
import { selectCatalogVersion } from './catalog.repo';

/**
 * Short in-process caches for the public catalogue (architecture §3: "short caches, in process").
 * Listings are read far more often than the catalogue changes, and exact counts over a large
 * catalogue cost tens of milliseconds, so page results and hydrated products are kept per catalogue
 * version. Every catalogue write bumps `catalog_state.version`; the version is re-read at most once a
 * second, and a new version starts a fresh cache. So a change made by any process shows within a second.
 * The data is public and the same for every visitor: no per-user state is kept here.
 */
export type CatalogCache = {
  /** The cached result for `key` in the current catalogue version, or `load()` (run once per key). */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * Products of the current catalogue version by id; `load` is called once for the ids that are neither
   * cached nor already being loaded by a concurrent request. Unknown ids are left out.
   */
  products(ids: string[], load: (missing: string[]) => Promise<Product[]>): Promise<Map<string, Product>>;
};

export type CatalogCacheOptions = { maxEntries?: number; maxProducts?: number; versionTtlMs?: number };

type Generation = {
  version: number;
  entries: Map<string, Promise<unknown>>;
  products: Map<string, Promise<Product | undefined>>;
};

export function createCatalogCache(db: Db, options: CatalogCacheOptions = {}): CatalogCache {
  const maxEntries = options.maxEntries ?? 5000;
  const maxProducts = options.maxProducts ?? 10_000;
  const versionTtlMs = options.versionTtlMs ?? 1000;
  let generation: Generation | null = null;
  let checkedAt = 0;
  let checking: Promise<Generation> | null = null;

  const current = async (): Promise<Generation> => {
    if (generation && performance.now() - checkedAt < versionTtlMs) return generation;
    checking ??= selectCatalogVersion(db)
      .then((version) => {
        if (!generation || generation.version !== version) {
          generation = { version, entries: new Map(), products: new Map() };
        }
        checkedAt = performance.now();
        return generation;
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  return {
    async remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      const { entries } = await current();
      const hit = entries.get(key);
      if (hit) {
        // Least recently used goes first: re-inserting moves the key to the end.
        entries.delete(key);
        entries.set(key, hit);
        return hit as Promise<T>;
      }
      const pending = load();
      entries.set(key, pending);
      pending.catch(() => entries.delete(key));
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return pending;
    },
    async products(ids, load) {
      const gen = await current();
      if (gen.products.size > maxProducts) gen.products.clear();
      const missing = [...new Set(ids.filter((id) => !gen.products.has(id)))];
      if (missing.length) {
        const loading = load(missing).then((list) => new Map(list.map((p) => [p.id, p])));
        for (const id of missing) {
          const one = loading.then((found) => found.get(id));
          gen.products.set(id, one);
          // Neither a failed load nor an unknown id is remembered.
          one.then(
            (p) => p === undefined && gen.products.delete(id),
            () => gen.products.delete(id),
          );
        }
      }
      const found = new Map<string, Product>();
      for (const id of new Set(ids)) {
        const p = await gen.products.get(id);
        if (p) found.set(id, p);
      }
      return found;
    },
  };
}
