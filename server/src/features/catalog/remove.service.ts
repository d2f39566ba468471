import type { Db } from '../../db/client';
import type { FileStorage } from '../../providers/storage/storage';
import { bumpCatalogVersion } from './ingest.repo';
import { deleteProducts, existingProductIds } from './remove.repo';

/**
 * Taking products out of the catalogue (decision 062): the operator's `npm run catalog:remove`.
 *
 * In one transaction the products go, with everything that only makes sense with them (taxonomy links,
 * curated and users' playlist items, favourites, notes, embeddings, their files rows), and the catalogue
 * version moves, so every API process drops its cached listings and its search index reconciles with
 * the products table (decision 058) and drops them. Download history and per-track licence certificates keep
 * working: a download row holds the product id without a foreign key, and the title and artist as they
 * were. The stored bytes no other file shares are deleted after the commit, when a storage is given.
 */

export type RemoveOptions = {
  /** Deletes the stored bytes the removed products alone used. Without it only rows are deleted. */
  storage?: FileStorage;
  /** Removes nothing when any id is unknown (the operator command: a typo must not half-apply). */
  allOrNothing?: boolean;
};

export type RemoveResult = {
  /** Ids removed, in the order given (duplicates once). */
  removed: string[];
  /** Ids that name no product. */
  unknown: string[];
  /** Stored objects deleted (0 without a storage). */
  deletedObjects: number;
};

export async function removeProducts(db: Db, ids: string[], options: RemoveOptions = {}): Promise<RemoveResult> {
  const wanted = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  const { removed, unknown, storageKeys } = await db.transaction().execute(async (trx) => {
    const existing = await existingProductIds(trx, wanted);
    const unknown = wanted.filter((id) => !existing.has(id));
    const removed = wanted.filter((id) => existing.has(id));
    if (removed.length === 0 || (options.allOrNothing && unknown.length))
      return { removed: [], unknown, storageKeys: [] };
    const { storageKeys } = await deleteProducts(trx, removed);
    await bumpCatalogVersion(trx);
    return { removed, unknown, storageKeys };
  });
  let deletedObjects = 0;
  if (options.storage)
    for (const key of storageKeys) {
      await options.storage.remove(key);
      deletedObjects++;
    }
  return { removed, unknown, deletedObjects };
}
