import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { CategoryKind, FileType, ProductType } from '@cuewave/contract/catalog';
import type { Db } from '../../db/client';
import type { Database, PlaylistsTable, ProductsTable } from '../../db/schema';

/** Catalogue reads. Listings fetch a page of ids first, then hydrate exactly those ids in one query. */

export type CategoryRow = {
  id: string;
  kind: CategoryKind;
  name: string;
  parent_id: string | null;
  cover_file_id: string | null;
};

export type ProductRow = {
  id: string;
  type: ProductType;
  title: string;
  bpm: number | null;
  duration: number;
  has_vocal: boolean;
  cover_file_id: string | null;
  artist_id: string;
  artist_name: string;
  files: {
    id: string;
    type: FileType;
    duration: number;
    waveform: number[];
    bpm: number | null;
    preview: string | null;
  }[];
  categories: { id: string; name: string; kind: CategoryKind }[];
  moods: { id: string; name: string }[];
  tags: { id: string; name: string }[];
};

export type ProductFilter = {
  type: ProductType;
  vocal?: boolean;
  durationFrom?: number;
  durationTo?: number;
  bpmFrom?: number;
  bpmTo?: number;
  moods?: string[];
  categories?: string[];
  genres?: string[];
  subgenres?: string[];
  tags?: string[];
};

type PDb = Database & { p: ProductsTable };
type ProductsQuery<O> = SelectQueryBuilder<PDb, 'p', O>;

const categoryColumns = ['c.id', 'c.kind', 'c.name', 'c.parent_id', 'c.cover_file_id'] as const;

export async function selectCategories(db: Db, kinds: CategoryKind[]): Promise<CategoryRow[]> {
  if (kinds.length === 0) return [];
  return db
    .selectFrom('categories as c')
    .select(categoryColumns)
    .where('c.kind', 'in', kinds)
    .orderBy('c.position')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

export async function selectCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories as c').select(categoryColumns).where('c.id', '=', id).executeTakeFirst();
}

export async function selectChildCategories(db: Db, parentId: string): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories as c')
    .select(categoryColumns)
    .where('c.parent_id', '=', parentId)
    .orderBy('c.position')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

export async function selectMoods(db: Db) {
  return db
    .selectFrom('moods')
    .select(['id', 'name', 'cover_file_id'])
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function selectTags(db: Db) {
  return db.selectFrom('tags').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

/**
 * Filters combine with AND; the ids inside one list filter combine with OR. A genre matches the genre
 * itself or any of its subgenres; with subgenres given, only those subgenres (of the given genres, if
 * any) match. Unknown ids simply match nothing.
 */
function applyFilter<O>(qb: ProductsQuery<O>, f: ProductFilter): ProductsQuery<O> {
  let q = qb.where('p.type', '=', f.type);
  if (f.vocal !== undefined) q = q.where('p.has_vocal', '=', f.vocal);
  if (f.durationFrom !== undefined) q = q.where('p.duration', '>=', f.durationFrom);
  if (f.durationTo !== undefined) q = q.where('p.duration', '<=', f.durationTo);
  if (f.bpmFrom !== undefined) q = q.where('p.bpm', '>=', f.bpmFrom);
  if (f.bpmTo !== undefined) q = q.where('p.bpm', '<=', f.bpmTo);
  const { moods, tags, categories, genres, subgenres } = f;
  if (moods?.length) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_moods as pm')
          .select('pm.mood_id')
          .whereRef('pm.product_id', '=', 'p.id')
          .where('pm.mood_id', 'in', moods),
      ),
    );
  }
  if (tags?.length) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_tags as pt')
          .select('pt.tag_id')
          .whereRef('pt.product_id', '=', 'p.id')
          .where('pt.tag_id', 'in', tags),
      ),
    );
  }
  if (categories?.length) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_categories as pc')
          .select('pc.category_id')
          .whereRef('pc.product_id', '=', 'p.id')
          .where('pc.category_id', 'in', categories),
      ),
    );
  }
  if (subgenres?.length) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_categories as pc')
          .select('pc.category_id')
          .whereRef('pc.product_id', '=', 'p.id')
          .where('pc.category_id', 'in', (inner) => {
            let c = inner
              .selectFrom('categories as c')
              .select('c.id')
              .where('c.kind', '=', 'subgenre')
              .where('c.id', 'in', subgenres);
            if (genres?.length) c = c.where('c.parent_id', 'in', genres);
            return c;
          }),
      ),
    );
  } else if (genres?.length) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_categories as pc')
          .select('pc.category_id')
          .whereRef('pc.product_id', '=', 'p.id')
          .where('pc.category_id', 'in', (inner) =>
            inner
              .selectFrom('categories as c')
              .select('c.id')
              .where((w) =>
                w.or([
                  w.and([w('c.kind', '=', 'genre'), w('c.id', 'in', genres)]),
                  w.and([w('c.kind', '=', 'subgenre'), w('c.parent_id', 'in', genres)]),
                ]),
              ),
          ),
      ),
    );
  }
  return q;
}

/** One page in listing order: rank descending, then id, so pages never overlap or skip. */
export async function selectProductPage(db: Db, f: ProductFilter, skip: number, limit: number): Promise<string[]> {
  const rows = await applyFilter(db.selectFrom('products as p').select('p.id'), f)
    .orderBy('p.rank', 'desc')
    .orderBy('p.id')
    .offset(skip)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function countProducts(db: Db, f: ProductFilter): Promise<number> {
  const row = await applyFilter(
    db.selectFrom('products as p').select((eb) => eb.fn.countAll<number>().as('count')),
    f,
  ).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Products with their artist, files, categories, moods and tags, in the order of `ids`. */
export async function selectProductsByIds(db: Db, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select([
      'p.id',
      'p.type',
      'p.title',
      'p.bpm',
      'p.duration',
      'p.has_vocal',
      'p.cover_file_id',
      'a.id as artist_id',
      'a.name as artist_name',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('product_files as f')
          .select(['f.file_id as id', 'f.type', 'f.duration', 'f.waveform', 'f.bpm', 'f.preview_file_id as preview'])
          .whereRef('f.product_id', '=', 'p.id'),
      ).as('files'),
      jsonArrayFrom(
        eb
          .selectFrom('product_categories as pc')
          .innerJoin('categories as c', 'c.id', 'pc.category_id')
          .select(['c.id', 'c.name', 'c.kind'])
          .whereRef('pc.product_id', '=', 'p.id')
          .orderBy('c.position')
          .orderBy('c.name'),
      ).as('categories'),
      jsonArrayFrom(
        eb
          .selectFrom('product_moods as pm')
          .innerJoin('moods as m', 'm.id', 'pm.mood_id')
          .select(['m.id', 'm.name'])
          .whereRef('pm.product_id', '=', 'p.id')
          .orderBy('m.position')
          .orderBy('m.name'),
      ).as('moods'),
      jsonArrayFrom(
        eb
          .selectFrom('product_tags as pt')
          .innerJoin('tags as t', 't.id', 'pt.tag_id')
          .select(['t.id', 't.name'])
          .whereRef('pt.product_id', '=', 'p.id')
          .orderBy('t.name'),
      ).as('tags'),
    ])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r as unknown as ProductRow]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined);
}

export async function selectProductMeta(db: Db, id: string) {
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.type', 'p.bpm', 'p.rank'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}

/**
 * "More like this": products of the same type sharing a category (genre, subgenre or sfx category)
 * with the given product, closest tempo first, then the more popular.
 */
export async function selectSimilarProductIds(
  db: Db,
  product: { id: string; type: ProductType; bpm: number | null },
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.type', '=', product.type)
    .where('p.id', '<>', product.id)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('product_categories as pc')
          .select(sql.lit(1).as('one'))
          .whereRef('pc.product_id', '=', 'p.id')
          .where('pc.category_id', 'in', (inner) =>
            inner
              .selectFrom('product_categories as own')
              .innerJoin('categories as c', 'c.id', 'own.category_id')
              .select('own.category_id')
              .where('own.product_id', '=', product.id)
              .where('c.kind', '<>', 'reels'),
          ),
      ),
    )
    .orderBy(product.bpm === null ? sql`0` : sql`abs(coalesce(p.bpm, 1000) - ${product.bpm})`)
    .orderBy('p.rank', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function selectTopRankedIds(db: Db, type: ProductType, skip: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .select('p.id')
    .where('p.type', '=', type)
    .orderBy('p.rank', 'desc')
    .orderBy('p.id')
    .offset(skip)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/* ---------------------------------------------------------------- playlists and reels */

const summaryColumns = (eb: ExpressionBuilder<Database & { pl: PlaylistsTable }, 'pl'>) =>
  [
    'pl.id',
    'pl.name',
    'pl.description',
    'pl.public',
    'pl.cover_file_id',
    'pl.note',
    'pl.created_at',
    'pl.updated_at',
    eb
      .selectFrom('playlist_items as i')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('i.playlist_id', '=', 'pl.id')
      .as('track_count'),
    eb
      .selectFrom('playlist_items as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select(sql<number>`coalesce(sum(p.duration), 0)::float8`.as('d'))
      .whereRef('i.playlist_id', '=', 'pl.id')
      .as('duration'),
  ] as const;

export type PlaylistSummaryRow = {
  id: string;
  name: string;
  description: string;
  public: boolean;
  cover_file_id: string | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
  track_count: number | null;
  duration: number | null;
};

export async function selectPublicPlaylists(
  db: Db,
  placements: ('homepage' | 'music' | 'sfx' | 'top')[],
): Promise<PlaylistSummaryRow[]> {
  return db
    .selectFrom('playlists as pl')
    .select((eb) => summaryColumns(eb))
    .where('pl.public', '=', true)
    .where('pl.placement', 'in', placements)
    .orderBy('pl.position')
    .orderBy('pl.name')
    .orderBy('pl.id')
    .execute();
}

export async function selectPublicPlaylist(db: Db, id: string): Promise<PlaylistSummaryRow | undefined> {
  // Curated only: users' playlists (they have an owner) are the playlists feature's (decision 054).
  return db
    .selectFrom('playlists as pl')
    .select((eb) => summaryColumns(eb))
    .where('pl.id', '=', id)
    .where('pl.public', '=', true)
    .where('pl.owner_id', 'is', null)
    .executeTakeFirst();
}

export async function selectPlaylistProductIds(
  db: Db,
  playlistId: string,
  skip: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('playlist_items as i')
    .select('i.product_id')
    .where('i.playlist_id', '=', playlistId)
    .orderBy('i.position')
    .orderBy('i.product_id')
    .offset(skip)
    .limit(limit)
    .execute();
  return rows.map((r) => r.product_id);
}

export async function selectFirstTopPlaylistId(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('playlists as pl')
    .select('pl.id')
    .where('pl.public', '=', true)
    .where('pl.placement', '=', 'top')
    .orderBy('pl.position')
    .orderBy('pl.id')
    .executeTakeFirst();
  return row?.id;
}

export type ReelsRow = {
  id: string;
  name: string;
  cover_file_id: string | null;
  track_count: number | null;
  duration: number | null;
};

export async function selectReels(db: Db): Promise<ReelsRow[]> {
  return db
    .selectFrom('categories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.cover_file_id',
      eb
        .selectFrom('product_categories as pc')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('pc.category_id', '=', 'c.id')
        .as('track_count'),
      eb
        .selectFrom('product_categories as pc')
        .innerJoin('products as p', 'p.id', 'pc.product_id')
        .select(sql<number>`coalesce(sum(p.duration), 0)::float8`.as('d'))
        .whereRef('pc.category_id', '=', 'c.id')
        .as('duration'),
    ])
    .where('c.kind', '=', 'reels')
    .orderBy('c.position')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** The products of a category in listing order (used for reels playlists). */
export async function selectCategoryProductIds(
  db: Db,
  categoryId: string,
  skip: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('product_categories as pc')
    .innerJoin('products as p', 'p.id', 'pc.product_id')
    .select('p.id')
    .where('pc.category_id', '=', categoryId)
    .orderBy('p.rank', 'desc')
    .orderBy('p.id')
    .offset(skip)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function countCategoryProducts(db: Db, categoryId: string): Promise<number> {
  const row = await db
    .selectFrom('product_categories as pc')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('pc.category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countProductsTable(db: Db): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function selectCatalogVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('catalog_state').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}
