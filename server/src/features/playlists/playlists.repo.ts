import { sql } from 'kysely';
import type { Db } from '../../db/client';

/**
 * Users' playlists, their items and product notes. Every query of a user's rows names the owner.
 * Writes run inside the service's transaction (pass the transaction as `db`).
 */

export type PlaylistRow = {
  id: string;
  owner_id: string | null;
  name: string;
  description: string;
  public: boolean;
  favorites: boolean;
  note: string | null;
  created_at: Date;
  updated_at: Date;
};

export type ItemRow = {
  playlist_id: string;
  product_id: string;
  position: number;
  duration: number;
  cover_file_id: string | null;
};

const columns = [
  'pl.id',
  'pl.owner_id',
  'pl.name',
  'pl.description',
  'pl.public',
  'pl.favorites',
  'pl.note',
  'pl.created_at',
  'pl.updated_at',
] as const;

/** The user's playlists, most recently changed first. */
export async function selectOwnedPlaylists(db: Db, ownerId: string): Promise<PlaylistRow[]> {
  return db
    .selectFrom('playlists as pl')
    .select(columns)
    .where('pl.owner_id', '=', ownerId)
    .orderBy('pl.updated_at', 'desc')
    .orderBy('pl.created_at', 'desc')
    .orderBy('pl.id', 'desc')
    .execute();
}

/** A user's playlist (any owner); curated playlists are not returned. */
export async function selectUserPlaylist(db: Db, id: string): Promise<PlaylistRow | undefined> {
  return db
    .selectFrom('playlists as pl')
    .select(columns)
    .where('pl.id', '=', id)
    .where('pl.owner_id', 'is not', null)
    .executeTakeFirst();
}

/** The owner's playlist, locked until the transaction ends: writes to one playlist take turns. */
export async function lockOwnedPlaylist(db: Db, id: string, ownerId: string): Promise<PlaylistRow | undefined> {
  return db
    .selectFrom('playlists as pl')
    .select(columns)
    .where('pl.id', '=', id)
    .where('pl.owner_id', '=', ownerId)
    .forUpdate()
    .executeTakeFirst();
}

export async function lockFavorites(db: Db, ownerId: string): Promise<PlaylistRow | undefined> {
  return db
    .selectFrom('playlists as pl')
    .select(columns)
    .where('pl.owner_id', '=', ownerId)
    .where('pl.favorites', '=', true)
    .forUpdate()
    .executeTakeFirst();
}

/** Locks the account row so one user's playlist creations take turns (the per-user limit holds). */
export async function lockAccount(db: Db, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** Playlists the user made (Favorites not counted). */
export async function countOwnedPlaylists(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('playlists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('favorites', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPlaylist(
  db: Db,
  row: { id: string; ownerId: string; name: string; description: string; public: boolean; now: Date },
): Promise<void> {
  await db
    .insertInto('playlists')
    .values({
      id: row.id,
      owner_id: row.ownerId,
      name: row.name,
      description: row.description,
      public: row.public,
      placement: null,
      cover_file_id: null,
      note: null,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

/** Creates the user's Favorites unless it exists (the unique index settles a race between two tabs). */
export async function insertFavoritesIfMissing(
  db: Db,
  row: { id: string; ownerId: string; name: string; now: Date },
): Promise<void> {
  await sql`
    INSERT INTO playlists (id, owner_id, favorites, name, description, public, created_at, updated_at)
    VALUES (${row.id}, ${row.ownerId}, true, ${row.name}, '', false, ${row.now}, ${row.now})
    ON CONFLICT (owner_id) WHERE favorites DO NOTHING
  `.execute(db);
}

export async function updatePlaylist(
  db: Db,
  id: string,
  patch: { name?: string; description?: string; public?: boolean; note?: string | null; now: Date },
): Promise<void> {
  const { now, ...fields } = patch;
  await db
    .updateTable('playlists')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteOwnedPlaylist(db: Db, id: string, ownerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('playlists')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Items of these playlists in playlist order, with what a summary needs of each product. */
export async function selectItems(db: Db, playlistIds: string[]): Promise<ItemRow[]> {
  if (playlistIds.length === 0) return [];
  return db
    .selectFrom('playlist_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['i.playlist_id', 'i.product_id', 'i.position', 'p.duration', 'p.cover_file_id'])
    .where('i.playlist_id', 'in', playlistIds)
    .orderBy('i.playlist_id')
    .orderBy('i.position')
    .orderBy('i.product_id')
    .execute();
}

export async function replaceItems(db: Db, playlistId: string, productIds: string[]): Promise<void> {
  await db.deleteFrom('playlist_items').where('playlist_id', '=', playlistId).execute();
  if (productIds.length === 0) return;
  await db
    .insertInto('playlist_items')
    .values(productIds.map((product_id, position) => ({ playlist_id: playlistId, product_id, position })))
    .execute();
}

/** Appends a product unless it is there already; true when a row was added. */
export async function appendItem(db: Db, playlistId: string, productId: string): Promise<boolean> {
  const result = await sql<{ product_id: string }>`
    INSERT INTO playlist_items (playlist_id, product_id, position)
    SELECT ${playlistId}, ${productId}, coalesce(max(position), -1) + 1
      FROM playlist_items WHERE playlist_id = ${playlistId}
    ON CONFLICT (playlist_id, product_id) DO NOTHING
    RETURNING product_id
  `.execute(db);
  return result.rows.length > 0;
}

/** Inserts a product before the item now at `position` (an item's stored position, not an index). */
export async function insertItemAt(db: Db, playlistId: string, productId: string, position: number): Promise<boolean> {
  await db
    .updateTable('playlist_items')
    .set((eb) => ({ position: eb('position', '+', 1) }))
    .where('playlist_id', '=', playlistId)
    .where('position', '>=', position)
    .execute();
  const result = await db
    .insertInto('playlist_items')
    .values({ playlist_id: playlistId, product_id: productId, position })
    .onConflict((oc) => oc.columns(['playlist_id', 'product_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteItem(db: Db, playlistId: string, productId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('playlist_items')
    .where('playlist_id', '=', playlistId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countItems(db: Db, playlistId: string): Promise<number> {
  const row = await db
    .selectFrom('playlist_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('playlist_id', '=', playlistId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these ids are products. */
export async function selectExistingProductIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/* ------------------------------------------------------------------ product notes */

export async function upsertProductNote(
  db: Db,
  row: { accountId: string; productId: string; note: string; now: Date },
): Promise<void> {
  await db
    .insertInto('product_notes')
    .values({ account_id: row.accountId, product_id: row.productId, note: row.note, updated_at: row.now })
    .onConflict((oc) => oc.columns(['account_id', 'product_id']).doUpdateSet({ note: row.note, updated_at: row.now }))
    .execute();
}

export async function deleteProductNote(db: Db, accountId: string, productId: string): Promise<void> {
  await db
    .deleteFrom('product_notes')
    .where('account_id', '=', accountId)
    .where('product_id', '=', productId)
    .execute();
}

export async function selectProductNotes(
  db: Db,
  accountId: string,
  productIds: string[],
): Promise<{ product_id: string; note: string }[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_notes')
    .select(['product_id', 'note'])
    .where('account_id', '=', accountId)
    .where('product_id', 'in', productIds)
    .execute();
}
