import { randomBytes } from 'node:crypto';
import {
  FAVORITES_NAME,
  PLAYLIST_ITEMS_MAX,
  PLAYLISTS_PER_USER_MAX,
  type ProductNote,
  type ProductNotes,
  type UserPlaylist,
  type UserPlaylistSummary,
} from '@cuewave/contract/playlists';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import * as catalog from '../catalog/catalog.service';
import * as repo from './playlists.repo';

/** Users' playlists, Favorites and product notes (decision 054). */
export type PlaylistsDeps = { db: Db; clock: Clock; catalog: catalog.CatalogDeps };

export type CreateInput = { name: string; description: string; public: boolean };
export type UpdateInput = { name?: string; description?: string; public?: boolean; items?: string[] };

/**
 * User playlist ids: random, and with an underscore, which no catalogue slug has, so a user's playlist
 * can never take the id of a curated one (both are answered by GET /v1/playlist/{id}).
 */
const newPlaylistId = () => `pl_${randomBytes(12).toString('base64url')}`;

const playlistNotFound = (id: string) => notFound(`Playlist ${id}`);

const isFavoritesName = (name: string) => name.trim().toLowerCase() === FAVORITES_NAME.toLowerCase();

function toSummary(row: repo.PlaylistRow, items: repo.ItemRow[], viewerId: string | null): UserPlaylistSummary {
  const owned = row.owner_id !== null && row.owner_id === viewerId;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.public,
    fileID: items.find((i) => i.cover_file_id)?.cover_file_id ?? null,
    trackCount: items.length,
    duration: items.reduce((sum, i) => sum + Number(i.duration), 0),
    createTS: new Date(row.created_at).getTime(),
    updateTS: new Date(row.updated_at).getTime(),
    // The note is the owner's own; a public playlist does not show it to others.
    note: owned ? row.note : null,
    favorites: row.favorites,
    owned,
    itemIds: items.map((i) => i.product_id),
  };
}

async function summarise(db: Db, row: repo.PlaylistRow, viewerId: string | null): Promise<UserPlaylistSummary> {
  return toSummary(row, await repo.selectItems(db, [row.id]), viewerId);
}

async function notesFor(db: Db, viewerId: string | null, productIds: string[]): Promise<Record<string, string>> {
  if (!viewerId) return {};
  const rows = await repo.selectProductNotes(db, viewerId, productIds);
  return Object.fromEntries(rows.map((r) => [r.product_id, r.note]));
}

/** A summary with its products (through the catalogue, like every listing) and the viewer's notes on them. */
async function withProducts(
  deps: PlaylistsDeps,
  summary: UserPlaylistSummary,
  viewerId: string | null,
): Promise<UserPlaylist> {
  const [items, notes] = await Promise.all([
    catalog.getProductsByIds(deps.catalog, summary.itemIds),
    notesFor(deps.db, viewerId, summary.itemIds),
  ]);
  return { ...summary, items, notes };
}

/** Every write runs in one transaction; the summary answered is read inside it, so it is what was committed. */
function inTransaction<T>(deps: PlaylistsDeps, work: (trx: Db) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(work);
}

async function lockOwned(trx: Db, id: string, accountId: string): Promise<repo.PlaylistRow> {
  const row = await repo.lockOwnedPlaylist(trx, id, accountId);
  if (!row) throw playlistNotFound(id);
  return row;
}

function favoritesNameTaken(): AppError {
  return new AppError(
    'CONFLICT',
    `The name "${FAVORITES_NAME}" is kept for your favourite tracks. Choose another name.`,
  );
}

export async function listPlaylists(deps: PlaylistsDeps, accountId: string): Promise<UserPlaylistSummary[]> {
  const rows = await repo.selectOwnedPlaylists(deps.db, accountId);
  const items = await repo.selectItems(
    deps.db,
    rows.map((r) => r.id),
  );
  const byPlaylist = new Map<string, repo.ItemRow[]>();
  for (const item of items) {
    const list = byPlaylist.get(item.playlist_id) ?? [];
    list.push(item);
    byPlaylist.set(item.playlist_id, list);
  }
  return rows.map((row) => toSummary(row, byPlaylist.get(row.id) ?? [], accountId));
}

export async function createPlaylist(
  deps: PlaylistsDeps,
  accountId: string,
  input: CreateInput,
): Promise<UserPlaylist> {
  if (isFavoritesName(input.name)) throw favoritesNameTaken();
  const summary = await inTransaction(deps, async (trx) => {
    // One user's creations take turns, so two tabs cannot both pass the limit check.
    await repo.lockAccount(trx, accountId);
    if ((await repo.countOwnedPlaylists(trx, accountId)) >= PLAYLISTS_PER_USER_MAX) {
      throw new AppError(
        'PLAYLIST_LIMIT',
        `You can keep up to ${PLAYLISTS_PER_USER_MAX} playlists. Delete one to create another.`,
      );
    }
    const id = newPlaylistId();
    await repo.insertPlaylist(trx, { id, ownerId: accountId, ...input, now: deps.clock.now() });
    const row = await repo.lockOwnedPlaylist(trx, id, accountId);
    return toSummary(row!, [], accountId);
  });
  return { ...summary, items: [], notes: {} };
}

/**
 * GET /v1/playlist/{id}: a user's playlist when it is public or the viewer's own, else a curated public
 * playlist; anything else is 404 NOT_FOUND, whether it exists or not.
 */
export async function getPlaylist(deps: PlaylistsDeps, id: string, viewerId: string | null): Promise<UserPlaylist> {
  const row = await repo.selectUserPlaylist(deps.db, id);
  if (row) {
    if (!row.public && row.owner_id !== viewerId) throw playlistNotFound(id);
    return withProducts(deps, await summarise(deps.db, row, viewerId), viewerId);
  }
  const curated = await catalog.getPublicPlaylist(deps.catalog, id);
  const itemIds = curated.items.map((p) => p.id);
  return { ...curated, favorites: false, owned: false, itemIds, notes: await notesFor(deps.db, viewerId, itemIds) };
}

async function ensureFavorites(deps: PlaylistsDeps, trx: Db, accountId: string): Promise<repo.PlaylistRow> {
  const existing = await repo.lockFavorites(trx, accountId);
  if (existing) return existing;
  await repo.insertFavoritesIfMissing(trx, {
    id: newPlaylistId(),
    ownerId: accountId,
    name: FAVORITES_NAME,
    now: deps.clock.now(),
  });
  return (await repo.lockFavorites(trx, accountId))!;
}

/** The user's Favorites with its products; created (empty) on first use, so the answer is always a playlist. */
export async function getFavorites(deps: PlaylistsDeps, accountId: string): Promise<UserPlaylist> {
  const summary = await inTransaction(deps, async (trx) =>
    summarise(trx, await ensureFavorites(deps, trx, accountId), accountId),
  );
  return withProducts(deps, summary, accountId);
}

/** Unknown product ids, listed (the first ten) in a 400. */
async function assertProductsExist(db: Db, ids: string[]): Promise<void> {
  const known = await repo.selectExistingProductIds(db, ids);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length === 0) return;
  const shown = unknown.slice(0, 10).join(', ');
  const more = unknown.length > 10 ? ` and ${unknown.length - 10} more` : '';
  throw new AppError(
    'UNKNOWN_PRODUCTS',
    `${unknown.length === 1 ? 'This product does' : 'These products do'} not exist: ${shown}${more}`,
  );
}

export async function updatePlaylist(
  deps: PlaylistsDeps,
  accountId: string,
  id: string,
  input: UpdateInput,
): Promise<UserPlaylist> {
  const items = input.items ? [...new Set(input.items)] : undefined;
  const summary = await inTransaction(deps, async (trx) => {
    const row = await lockOwned(trx, id, accountId);
    if (input.name !== undefined && input.name !== row.name) {
      if (row.favorites) throw new AppError('CONFLICT', `The ${FAVORITES_NAME} playlist keeps its name.`);
      if (isFavoritesName(input.name)) throw favoritesNameTaken();
    }
    if (items) {
      await assertProductsExist(trx, items);
      await repo.replaceItems(trx, id, items);
    }
    await repo.updatePlaylist(trx, id, {
      name: input.name,
      description: input.description,
      public: input.public,
      now: deps.clock.now(),
    });
    return summarise(trx, (await repo.lockOwnedPlaylist(trx, id, accountId))!, accountId);
  });
  return withProducts(deps, summary, accountId);
}

export async function deletePlaylist(deps: PlaylistsDeps, accountId: string, id: string): Promise<void> {
  const deleted = await inTransaction(deps, (trx) => repo.deleteOwnedPlaylist(trx, id, accountId));
  if (!deleted) throw playlistNotFound(id);
}

export async function setPlaylistNote(
  deps: PlaylistsDeps,
  accountId: string,
  id: string,
  note: string,
): Promise<UserPlaylistSummary> {
  return inTransaction(deps, async (trx) => {
    await lockOwned(trx, id, accountId);
    await repo.updatePlaylist(trx, id, { note: note === '' ? null : note, now: deps.clock.now() });
    return summarise(trx, (await repo.lockOwnedPlaylist(trx, id, accountId))!, accountId);
  });
}

/** Adds a product to a locked playlist; a product already there stays where it is (idempotent). */
async function addToLocked(
  deps: PlaylistsDeps,
  trx: Db,
  row: repo.PlaylistRow,
  productId: string,
  index?: number,
): Promise<UserPlaylistSummary> {
  if ((await repo.selectExistingProductIds(trx, [productId])).size === 0) throw notFound(`Product ${productId}`);
  const items = await repo.selectItems(trx, [row.id]);
  if (items.some((i) => i.product_id === productId)) return toSummary(row, items, row.owner_id);
  if (items.length >= PLAYLIST_ITEMS_MAX) {
    throw new AppError(
      'PLAYLIST_FULL',
      `A playlist holds up to ${PLAYLIST_ITEMS_MAX} tracks. Remove one to add another.`,
    );
  }
  const before = index === undefined ? undefined : items[index];
  if (before) await repo.insertItemAt(trx, row.id, productId, before.position);
  else await repo.appendItem(trx, row.id, productId);
  await repo.updatePlaylist(trx, row.id, { now: deps.clock.now() });
  return summarise(trx, (await repo.lockOwnedPlaylist(trx, row.id, row.owner_id!))!, row.owner_id);
}

async function removeFromLocked(
  deps: PlaylistsDeps,
  trx: Db,
  row: repo.PlaylistRow,
  productId: string,
): Promise<UserPlaylistSummary> {
  if (await repo.deleteItem(trx, row.id, productId)) {
    await repo.updatePlaylist(trx, row.id, { now: deps.clock.now() });
    return summarise(trx, (await repo.lockOwnedPlaylist(trx, row.id, row.owner_id!))!, row.owner_id);
  }
  return summarise(trx, row, row.owner_id);
}

export async function addItem(
  deps: PlaylistsDeps,
  accountId: string,
  id: string,
  productId: string,
  index?: number,
): Promise<UserPlaylistSummary> {
  return inTransaction(deps, async (trx) =>
    addToLocked(deps, trx, await lockOwned(trx, id, accountId), productId, index),
  );
}

export async function removeItem(
  deps: PlaylistsDeps,
  accountId: string,
  id: string,
  productId: string,
): Promise<UserPlaylistSummary> {
  return inTransaction(deps, async (trx) =>
    removeFromLocked(deps, trx, await lockOwned(trx, id, accountId), productId),
  );
}

export async function addFavorite(
  deps: PlaylistsDeps,
  accountId: string,
  productId: string,
  index?: number,
): Promise<UserPlaylistSummary> {
  return inTransaction(deps, async (trx) =>
    addToLocked(deps, trx, await ensureFavorites(deps, trx, accountId), productId, index),
  );
}

export async function removeFavorite(
  deps: PlaylistsDeps,
  accountId: string,
  productId: string,
): Promise<UserPlaylistSummary> {
  return inTransaction(deps, async (trx) =>
    removeFromLocked(deps, trx, await ensureFavorites(deps, trx, accountId), productId),
  );
}

/* ------------------------------------------------------------------ product notes */

export async function setProductNote(
  deps: PlaylistsDeps,
  accountId: string,
  productId: string,
  note: string,
): Promise<ProductNote> {
  return inTransaction(deps, async (trx) => {
    if ((await repo.selectExistingProductIds(trx, [productId])).size === 0) throw notFound(`Product ${productId}`);
    if (note === '') {
      await repo.deleteProductNote(trx, accountId, productId);
      return { productId, note: null, updateTS: null };
    }
    const now = deps.clock.now();
    await repo.upsertProductNote(trx, { accountId, productId, note, now });
    return { productId, note, updateTS: now.getTime() };
  });
}

export async function getProductNotes(deps: PlaylistsDeps, accountId: string, ids: string[]): Promise<ProductNotes> {
  return { notes: await notesFor(deps.db, accountId, ids) };
}
