import type { Insertable } from 'kysely';
import type { Db } from '../../db/client';
import type { CategoriesTable, FilesTable, ProductFilesTable, ProductsTable } from '../../db/schema';

/**
 * Catalogue writes of the ingest. Everything here inserts; nothing updates or deletes an existing
 * catalogue row, so an ingest can never damage what is already there. `db` may be a transaction.
 */

export async function findProductBySourceKey(db: Db, sourceKey: string): Promise<string | undefined> {
  const row = await db.selectFrom('products').select('id').where('source_key', '=', sourceKey).executeTakeFirst();
  return row?.id;
}

export async function selectCategoryIdentity(db: Db, id: string) {
  return db.selectFrom('categories').select(['id', 'kind', 'parent_id']).where('id', '=', id).executeTakeFirst();
}

export async function insertCategory(db: Db, row: Insertable<CategoriesTable>): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function playlistPlacement(db: Db, id: string): Promise<{ placement: string | null } | undefined> {
  return db.selectFrom('playlists').select('placement').where('id', '=', id).executeTakeFirst();
}

export async function insertArtistIfMissing(db: Db, id: string, name: string): Promise<void> {
  await db
    .insertInto('artists')
    .values({ id, name })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function moodExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('moods').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function insertMood(
  db: Db,
  row: { id: string; name: string; cover_file_id: string | null; position: number },
): Promise<void> {
  await db
    .insertInto('moods')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function insertTagIfMissing(db: Db, id: string, name: string): Promise<void> {
  await db
    .insertInto('tags')
    .values({ id, name })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Which of the candidate ids already name a product. */
export async function takenProductIds(db: Db, candidates: string[]): Promise<Set<string>> {
  if (candidates.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', candidates).execute();
  return new Set(rows.map((r) => r.id));
}

export type FileInsert = Insertable<FilesTable>;

export async function insertFiles(db: Db, rows: FileInsert[]): Promise<void> {
  if (rows.length) await db.insertInto('files').values(rows).execute();
}

export async function insertProduct(db: Db, row: Insertable<ProductsTable>): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function insertProductFiles(db: Db, rows: Insertable<ProductFilesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('product_files').values(rows).execute();
}

export async function linkProduct(
  db: Db,
  productId: string,
  links: { categories: string[]; moods: string[]; tags: string[] },
): Promise<number> {
  let added = 0;
  const categories = [...new Set(links.categories)];
  const moods = [...new Set(links.moods)];
  const tags = [...new Set(links.tags)];
  if (categories.length) {
    const r = await db
      .insertInto('product_categories')
      .values(categories.map((category_id) => ({ product_id: productId, category_id })))
      .onConflict((oc) => oc.columns(['product_id', 'category_id']).doNothing())
      .executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  if (moods.length) {
    await db
      .insertInto('product_moods')
      .values(moods.map((mood_id) => ({ product_id: productId, mood_id })))
      .onConflict((oc) => oc.columns(['product_id', 'mood_id']).doNothing())
      .execute();
  }
  if (tags.length) {
    await db
      .insertInto('product_tags')
      .values(tags.map((tag_id) => ({ product_id: productId, tag_id })))
      .onConflict((oc) => oc.columns(['product_id', 'tag_id']).doNothing())
      .execute();
  }
  return added;
}

export async function insertPlaylist(
  db: Db,
  row: {
    id: string;
    name: string;
    description: string;
    placement: 'homepage' | 'music' | 'sfx' | 'top';
    cover_file_id: string | null;
    position: number;
  },
): Promise<void> {
  await db
    .insertInto('playlists')
    .values({ ...row, public: true })
    .execute();
}

/** Appends the products a playlist does not hold yet; returns how many were added. */
export async function appendPlaylistItems(db: Db, playlistId: string, productIds: string[]): Promise<number> {
  if (productIds.length === 0) return 0;
  const existing = await db
    .selectFrom('playlist_items')
    .select(['product_id', 'position'])
    .where('playlist_id', '=', playlistId)
    .execute();
  const have = new Set(existing.map((r) => r.product_id));
  let position = existing.reduce((max, r) => Math.max(max, r.position), -1);
  const fresh = [...new Set(productIds)].filter((id) => !have.has(id));
  if (fresh.length === 0) return 0;
  await db
    .insertInto('playlist_items')
    .values(fresh.map((product_id) => ({ playlist_id: playlistId, product_id, position: ++position })))
    .execute();
  if (existing.length)
    await db.updateTable('playlists').set({ updated_at: new Date() }).where('id', '=', playlistId).execute();
  return fresh.length;
}

/** Tells the API processes' caches that the catalogue changed (see catalog-cache.ts). */
export async function bumpCatalogVersion(db: Db): Promise<void> {
  await db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}
