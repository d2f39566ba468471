import type { Db } from '../../db/client';

/**
 * Deleting products from the catalogue (decision 062). Links, playlist items, notes and embeddings
 * cascade with the product row; the files rows only this product used (audio, previews, lossless
 * versions, download renditions, cover) go with it. `db` must be a transaction.
 */

/** Which of the ids name a product. */
export async function existingProductIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Deletes the products and the files rows they alone referenced; returns the storage keys of those
 * files that no remaining files row shares (storage is content-addressed, so two products with the
 * same bytes share a key), for the caller to delete after the commit.
 */
export async function deleteProducts(db: Db, ids: string[]): Promise<{ storageKeys: string[] }> {
  if (ids.length === 0) return { storageKeys: [] };
  const fileIds = new Set<string>();
  const collect = (rows: { id: string | null }[]) => rows.forEach((r) => r.id && fileIds.add(r.id));
  const ownFiles = db.selectFrom('product_files').where('product_id', 'in', ids);
  collect(await ownFiles.select('file_id as id').execute());
  collect(await ownFiles.select('preview_file_id as id').execute());
  collect(await ownFiles.select('lossless_file_id as id').execute());
  collect(await db.selectFrom('products').select('cover_file_id as id').where('id', 'in', ids).execute());
  if (fileIds.size)
    collect(
      await db
        .selectFrom('renditions')
        .select('file_id as id')
        .where('source_file_id', 'in', [...fileIds])
        .execute(),
    );

  // product_files, product_categories/moods/tags, playlist_items, product_notes and product_embeddings
  // cascade.
  await db.deleteFrom('products').where('id', 'in', ids).execute();

  // A file still pointed at from elsewhere (a category, mood or playlist cover, another product) stays.
  const candidates = [...fileIds];
  const storageKeys = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    const rows = await db
      .deleteFrom('files')
      .where('id', 'in', chunk)
      .where(({ not, exists, selectFrom, or }) =>
        not(
          or([
            exists(selectFrom('product_files').select('file_id').whereRef('product_files.file_id', '=', 'files.id')),
            exists(
              selectFrom('product_files')
                .select('file_id')
                .where((eb) =>
                  eb.or([
                    eb('product_files.preview_file_id', '=', eb.ref('files.id')),
                    eb('product_files.lossless_file_id', '=', eb.ref('files.id')),
                  ]),
                ),
            ),
            exists(selectFrom('products').select('id').whereRef('products.cover_file_id', '=', 'files.id')),
            exists(selectFrom('categories').select('id').whereRef('categories.cover_file_id', '=', 'files.id')),
            exists(selectFrom('moods').select('id').whereRef('moods.cover_file_id', '=', 'files.id')),
            exists(selectFrom('playlists').select('id').whereRef('playlists.cover_file_id', '=', 'files.id')),
          ]),
        ),
      )
      .returning('storage_key')
      .execute();
    rows.forEach((r) => storageKeys.add(r.storage_key));
  }
  const keys = [...storageKeys];
  for (let i = 0; i < keys.length; i += 500) {
    const shared = await db
      .selectFrom('files')
      .select('storage_key')
      .where('storage_key', 'in', keys.slice(i, i + 500))
      .execute();
    for (const row of shared) storageKeys.delete(row.storage_key);
  }
  return { storageKeys: [...storageKeys] };
}
