import type { Insertable } from 'kysely';
import type { Db } from '../../db/client';
import type { CategoriesTable, FilesTable, ProductFilesTable, ProductsTable } from '../../db/schema';

/**
 * Catalogue writes of the ingest. Audio, files and other products are only ever inserted; the one
 * update is a known product's metadata (its row's descriptive columns and its own taxonomy links),
 * when its manifest entry changed (decision 062). `db` may be a transaction.
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

export type ProductLinks = { categories: string[]; moods: string[]; tags: string[] };

export async function linkProduct(db: Db, productId: string, links: ProductLinks): Promise<number> {
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

/** Candidates for a renamed product: same type and duration (stored as real, so within a millisecond). */
export async function productsOfDuration(
  db: Db,
  type: 'music' | 'sfx',
  durationSec: number,
): Promise<{ id: string; title: string; artist: string; source_key: string }[]> {
  return db
    .selectFrom('products as p')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['p.id', 'p.title', 'a.name as artist', 'p.source_key'])
    .where('p.type', '=', type)
    .where('p.duration', '>=', durationSec - 0.002)
    .where('p.duration', '<=', durationSec + 0.002)
    .execute();
}

/** What the manifest says of a product, as stored: its descriptive columns and its own links. */
export type ProductMetadata = {
  title: string;
  artist_id: string;
  declared_bpm: number | null;
  description: string;
  instruments: string[];
  keywords: string[];
  release_year: number | null;
  source_key: string;
} & ProductLinks;

export async function selectProductMetadata(db: Db, id: string): Promise<ProductMetadata | undefined> {
  const row = await db
    .selectFrom('products')
    .select([
      'title',
      'artist_id',
      'declared_bpm',
      'description',
      'instruments',
      'keywords',
      'release_year',
      'source_key',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  // Reels categories are placed by playlists, not by the track's entry: they are not the entry's links.
  const categories = await db
    .selectFrom('product_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select('pc.category_id')
    .where('pc.product_id', '=', id)
    .where('c.kind', '!=', 'reels')
    .execute();
  const moods = await db.selectFrom('product_moods').select('mood_id').where('product_id', '=', id).execute();
  const tags = await db.selectFrom('product_tags').select('tag_id').where('product_id', '=', id).execute();
  return {
    ...row,
    declared_bpm: row.declared_bpm === null ? null : Number(row.declared_bpm),
    categories: categories.map((r) => r.category_id),
    moods: moods.map((r) => r.mood_id),
    tags: tags.map((r) => r.tag_id),
  };
}

export type ProductMetadataPatch = Partial<Omit<ProductMetadata, keyof ProductLinks>>;

export async function updateProductMetadata(db: Db, id: string, patch: ProductMetadataPatch): Promise<void> {
  await db.updateTable('products').set(patch).where('id', '=', id).execute();
}

/** Replaces the product's own links (current → wanted), touching only the rows that differ. */
export async function replaceProductLinks(
  db: Db,
  productId: string,
  current: ProductLinks,
  wanted: ProductLinks,
): Promise<void> {
  const gone = (key: keyof ProductLinks) => current[key].filter((id) => !wanted[key].includes(id));
  const fresh: ProductLinks = {
    categories: wanted.categories.filter((id) => !current.categories.includes(id)),
    moods: wanted.moods.filter((id) => !current.moods.includes(id)),
    tags: wanted.tags.filter((id) => !current.tags.includes(id)),
  };
  if (gone('categories').length)
    await db
      .deleteFrom('product_categories')
      .where('product_id', '=', productId)
      .where('category_id', 'in', gone('categories'))
      .execute();
  if (gone('moods').length)
    await db
      .deleteFrom('product_moods')
      .where('product_id', '=', productId)
      .where('mood_id', 'in', gone('moods'))
      .execute();
  if (gone('tags').length)
    await db
      .deleteFrom('product_tags')
      .where('product_id', '=', productId)
      .where('tag_id', 'in', gone('tags'))
      .execute();
  await linkProduct(db, productId, fresh);
}

/** Tells the API processes' caches that the catalogue changed (see catalog-cache.ts). */
export async function bumpCatalogVersion(db: Db): Promise<void> {
  await db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}
