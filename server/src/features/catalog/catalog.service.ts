import type {
  Category,
  CategoryKind,
  FileType,
  Mood,
  PageQuery,
  Playlist,
  PlaylistSummary,
  Product,
  ProductList,
  ProductQuery,
  ProductType,
  RecommendedList,
  RecommendedQuery,
  ReelsPlaylist,
  Tag,
} from '@cuewave/contract/catalog';
import { LISTING_WAVEFORM_BARS, resamplePeaks, shownFile } from '@cuewave/contract/waveform';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { CatalogCache } from './catalog-cache';
import * as repo from './catalog.repo';

/** Without a cache every call reads the database (fine for scripts); the API always passes one. */
export type CatalogDeps = { db: Db; clock: Clock; cache?: CatalogCache };

/** How many of the highest-ranked products the undirected recommendations rotate through. */
const RECOMMENDATION_POOL = 100;
/** Top tracks: the curated "top" playlist, or the best-ranked songs when there is none. */
const TOP_TRACKS_MAX = 100;
const TOP_TRACKS_FALLBACK = 30;

const FILE_ORDER: Record<FileType, number> = {
  vocal: 0,
  instrumental: 1,
  master: 2,
  stem_bass: 3,
  stem_instruments: 4,
  cover: 5,
};

function toProduct(row: repo.ProductRow): Product {
  const pick = (kind: CategoryKind) =>
    row.categories.filter((c) => c.kind === kind).map(({ id, name }) => ({ id, name }));
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    artist: { id: row.artist_id, name: row.artist_name },
    bpm: row.bpm,
    duration: row.duration,
    vocal: row.has_vocal,
    cover: row.cover_file_id,
    genres: pick('genre'),
    subgenres: pick('subgenre'),
    categories: pick('sfx'),
    moods: row.moods,
    tags: row.tags,
    files: [...row.files]
      .sort((a, b) => FILE_ORDER[a.type] - FILE_ORDER[b.type])
      .map((f) => ({
        id: f.id,
        type: f.type,
        duration: f.duration,
        waveform: f.waveform,
        bpm: f.bpm,
        // stems: the public preview to audition (decision 055)
        ...(f.preview ? { preview: f.preview } : {}),
      })),
  };
}

/** Products with every file's full waveform (the product endpoint: song page, download control). */
async function hydrateFull({ db, cache }: CatalogDeps, ids: string[]): Promise<Product[]> {
  if (!cache) return (await repo.selectProductsByIds(db, ids)).map(toProduct);
  const known = await cache.products(ids, async (missing) =>
    (await repo.selectProductsByIds(db, missing)).map(toProduct),
  );
  return ids.map((id) => known.get(id)).filter((p): p is Product => p !== undefined);
}

/** Products as listings carry them (listingForm). */
async function hydrate(deps: CatalogDeps, ids: string[]): Promise<Product[]> {
  return (await hydrateFull(deps, ids)).map(listingForm);
}

/**
 * Cached products are shared and never changed (a new catalogue version builds new ones), so each one's
 * listing form is made once and is itself a stable object (the routes cache its JSON by identity).
 */
const listingForms = new WeakMap<Product, Product>();

/**
 * What a listing row draws (decision 074): the waveform of the version shown, at the resolution a
 * listing screen draws at most (LISTING_WAVEFORM_BARS), and no waveform for the other files, which only
 * the song page and the download control draw (they ask for the product itself). Every file stays
 * listed with its id, type, duration, tempo and preview: rows play them and the playlist download
 * looks for stems.
 */
export function listingForm(product: Product): Product {
  let form = listingForms.get(product);
  if (form) return form;
  const shown = shownFile(product.files);
  form = {
    ...product,
    files: product.files.map((file) => {
      const { waveform: peaks = [], ...rest } = file;
      if (file !== shown) return rest;
      const bars = peaks.length > LISTING_WAVEFORM_BARS ? resamplePeaks(peaks, LISTING_WAVEFORM_BARS) : peaks;
      return { ...rest, waveform: bars };
    }),
  };
  listingForms.set(product, form);
  return form;
}

/**
 * Products by id in the order given, in their listing form; unknown ids are left out (other features
 * render rows with these).
 */
export function getProductsByIds(deps: CatalogDeps, ids: string[]): Promise<Product[]> {
  return hydrate(deps, ids);
}

/** Cached per catalogue version when the deps carry a cache. */
function remember<T>({ cache }: CatalogDeps, key: string, load: () => Promise<T>): Promise<T> {
  return cache ? cache.remember(key, load) : load();
}

function toCategory(row: repo.CategoryRow, children: Category[] = []): Category {
  return { id: row.id, name: row.name, fileID: row.cover_file_id, kind: row.kind, children };
}

function genreTree(rows: repo.CategoryRow[]): Category[] {
  const children = new Map<string, Category[]>();
  for (const row of rows) {
    if (row.kind !== 'subgenre' || !row.parent_id) continue;
    const list = children.get(row.parent_id) ?? [];
    list.push(toCategory(row));
    children.set(row.parent_id, list);
  }
  return rows.filter((r) => r.kind === 'genre').map((r) => toCategory(r, children.get(r.id) ?? []));
}

export async function listGenres(deps: CatalogDeps): Promise<Category[]> {
  return remember(deps, 'genres', async () => genreTree(await repo.selectCategories(deps.db, ['genre', 'subgenre'])));
}

export async function getGenre({ db }: CatalogDeps, id: string): Promise<Category> {
  const row = await repo.selectCategory(db, id);
  if (!row || row.kind !== 'genre') throw notFound(`Genre ${id}`);
  const children = await repo.selectChildCategories(db, id);
  return toCategory(
    row,
    children.map((c) => toCategory(c)),
  );
}

/**
 * All categories, top level first: genres (with their subgenres as children), sfx categories and
 * reels playlists. `kind=subgenre` lists the subgenres flat.
 */
export async function listCategories({ db }: CatalogDeps, kind?: CategoryKind): Promise<Category[]> {
  if (kind === 'genre') return genreTree(await repo.selectCategories(db, ['genre', 'subgenre']));
  if (kind) return (await repo.selectCategories(db, [kind])).map((r) => toCategory(r));
  const rows = await repo.selectCategories(db, ['genre', 'subgenre', 'sfx', 'reels']);
  return [
    ...genreTree(rows),
    ...rows.filter((r) => r.kind === 'sfx').map((r) => toCategory(r)),
    ...rows.filter((r) => r.kind === 'reels').map((r) => toCategory(r)),
  ];
}

export async function listMoods({ db }: CatalogDeps): Promise<Mood[]> {
  return (await repo.selectMoods(db)).map((m) => ({ id: m.id, name: m.name, fileID: m.cover_file_id }));
}

export async function listTags({ db }: CatalogDeps): Promise<Tag[]> {
  return repo.selectTags(db);
}

export async function listProducts(deps: CatalogDeps, type: ProductType, q: ProductQuery): Promise<ProductList> {
  const { db } = deps;
  const filter: repo.ProductFilter = {
    type,
    vocal: q.vocal,
    durationFrom: q.durationFrom,
    durationTo: q.durationTo,
    bpmFrom: q.bpmFrom,
    bpmTo: q.bpmTo,
    moods: q.mood,
    categories: q.category,
    genres: q.genre,
    subgenres: q.subgenre,
    tags: q.tag,
  };
  const sorted = (list?: string[]) => (list ? [...new Set(list)].sort() : null);
  const key = JSON.stringify([
    'list',
    type,
    q.vocal ?? null,
    q.durationFrom ?? null,
    q.durationTo ?? null,
    q.bpmFrom ?? null,
    q.bpmTo ?? null,
    sorted(q.mood),
    sorted(q.category),
    sorted(q.genre),
    sorted(q.subgenre),
    sorted(q.tag),
  ]);
  // The count is shared by every page of one filter; the page is cached per skip and limit.
  const [ids, count] = await Promise.all([
    remember(deps, `${key}:${q.skip}:${q.limit}`, () => repo.selectProductPage(db, filter, q.skip, q.limit)),
    remember(deps, `${key}:count`, () => repo.countProducts(db, filter)),
  ]);
  return { items: await hydrate(deps, ids), count };
}

/** One product with every file's full waveform (the song page draws them all). */
export async function getProduct(deps: CatalogDeps, type: ProductType, id: string): Promise<Product> {
  const [product] = await hydrateFull(deps, [id]);
  if (!product || product.type !== type) throw notFound(`Product ${id}`);
  return product;
}

/**
 * With `like`: products sharing a genre, subgenre or sfx category with that product, nearest tempo
 * first. Without: a selection from the best-ranked products that moves on every day, so the
 * "recommended" strip does not show the same tracks forever.
 */
export async function recommendProducts(
  deps: CatalogDeps,
  type: ProductType,
  q: RecommendedQuery,
): Promise<RecommendedList> {
  const { db, clock } = deps;
  if (q.like) {
    const like = await repo.selectProductMeta(db, q.like);
    if (!like || like.type !== type) throw notFound(`Product ${q.like}`);
    const ids = await remember(deps, JSON.stringify(['like', type, q.like, q.limit]), () =>
      repo.selectSimilarProductIds(db, like, q.limit),
    );
    return { items: await hydrate(deps, ids) };
  }
  const pool = await remember(deps, `pool:${type}`, () => repo.selectTopRankedIds(db, type, 0, RECOMMENDATION_POOL));
  if (pool.length <= q.limit) return { items: await hydrate(deps, pool) };
  const day = Math.floor(clock.now().getTime() / 86_400_000);
  const start = (day * q.limit) % pool.length;
  const picked = Array.from({ length: q.limit }, (_, i) => pool[(start + i) % pool.length]!);
  return { items: await hydrate(deps, picked) };
}

function toSummary(row: repo.PlaylistSummaryRow): PlaylistSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.public,
    fileID: row.cover_file_id,
    trackCount: Number(row.track_count ?? 0),
    duration: Number(row.duration ?? 0),
    createTS: new Date(row.created_at).getTime(),
    updateTS: new Date(row.updated_at).getTime(),
  };
}

export async function listPublicPlaylists(
  { db }: CatalogDeps,
  placement: 'homepage' | 'music' | 'sfx',
): Promise<PlaylistSummary[]> {
  return (await repo.selectPublicPlaylists(db, [placement])).map(toSummary);
}

/** A public curated playlist with all its products (curated playlists are short). Private ones are 404. */
export async function getPublicPlaylist(deps: CatalogDeps, id: string): Promise<Playlist> {
  const { db } = deps;
  const row = await repo.selectPublicPlaylist(db, id);
  if (!row) throw notFound(`Playlist ${id}`);
  const ids = await repo.selectPlaylistProductIds(db, id, 0, 10_000);
  return { ...toSummary(row), note: row.note, items: await hydrate(deps, ids) };
}

/** The products of a public playlist or of a reels playlist (a category of kind reels), paged. */
export async function listPlaylistProducts(deps: CatalogDeps, id: string, page: PageQuery): Promise<ProductList> {
  const { db } = deps;
  const playlist = await repo.selectPublicPlaylist(db, id);
  if (playlist) {
    const ids = await repo.selectPlaylistProductIds(db, id, page.skip, page.limit);
    return { items: await hydrate(deps, ids), count: Number(playlist.track_count ?? 0) };
  }
  const category = await repo.selectCategory(db, id);
  if (category?.kind === 'reels') {
    const [ids, count] = await Promise.all([
      repo.selectCategoryProductIds(db, id, page.skip, page.limit),
      repo.countCategoryProducts(db, id),
    ]);
    return { items: await hydrate(deps, ids), count };
  }
  throw notFound(`Playlist ${id}`);
}

export async function topTracks(deps: CatalogDeps): Promise<{ products: Product[] }> {
  const { db } = deps;
  const ids = await remember(deps, 'top-tracks', async () => {
    const topId = await repo.selectFirstTopPlaylistId(db);
    return topId
      ? repo.selectPlaylistProductIds(db, topId, 0, TOP_TRACKS_MAX)
      : repo.selectTopRankedIds(db, 'music', 0, TOP_TRACKS_FALLBACK);
  });
  return { products: await hydrate(deps, ids) };
}

export async function listReels({ db }: CatalogDeps): Promise<ReelsPlaylist[]> {
  return (await repo.selectReels(db)).map((r) => ({
    id: r.id,
    name: r.name,
    fileID: r.cover_file_id,
    trackCount: Number(r.track_count ?? 0),
    duration: Number(r.duration ?? 0),
  }));
}
