import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@cuewave/contract/catalog';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/client';
import { createCatalogCache } from './catalog-cache';
import { bumpCatalogVersion } from './ingest.repo';

const product = (id: string) => ({ id }) as Product;

describe('catalogue cache', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
  });
  afterAll(() => drop());

  it('loads a key once while the catalogue version stays the same, and again after a write bumps it', async () => {
    const cache = createCatalogCache(db, { versionTtlMs: 0 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.remember('k', load)).toBe(1);
    expect(await cache.remember('k', load)).toBe(1);
    await bumpCatalogVersion(db);
    expect(await cache.remember('k', load)).toBe(2);
  });

  it('concurrent requests for the same key share one load, and a failed load is not remembered', async () => {
    const cache = createCatalogCache(db, { versionTtlMs: 0 });
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 20));
    expect(await Promise.all([cache.remember('s', slow), cache.remember('s', slow)])).toEqual([1, 1]);
    await expect(cache.remember('f', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.remember('f', async () => 'ok')).toBe('ok');
  });

  it('keeps at most maxEntries keys, dropping the least recently used', async () => {
    const cache = createCatalogCache(db, { versionTtlMs: 60_000, maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.remember('a', load); // 1
    await cache.remember('b', load); // 2
    await cache.remember('a', load); // hit: a is now the most recent
    await cache.remember('c', load); // 3, evicts b
    expect(await cache.remember('a', load)).toBe(1);
    expect(await cache.remember('b', load)).toBe(4);
  });

  it('loads only the products it does not hold, and forgets unknown ids', async () => {
    const cache = createCatalogCache(db, { versionTtlMs: 60_000 });
    const asked: string[][] = [];
    const load = async (ids: string[]) => {
      asked.push(ids);
      return ids.filter((id) => id !== 'ghost').map(product);
    };
    const first = await cache.products(['a', 'b', 'ghost'], load);
    expect([...first.keys()]).toEqual(['a', 'b']);
    await cache.products(['b', 'c', 'ghost'], load);
    expect(asked).toEqual([
      ['a', 'b', 'ghost'],
      ['c', 'ghost'],
    ]);
  });
});
