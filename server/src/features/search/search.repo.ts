import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/client';
import type { SearchDoc } from './search.types';

/** SQL of the search feature: what the index loads, AI vectors, and users' search history. */

export async function selectCatalogVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('catalog_state').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Every product's id with its search sequence number: what the index compares with its own. */
export async function selectSearchSeqs(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('products').select(['id', 'search_seq']).execute();
  return new Map(rows.map((r) => [r.id, Number(r.search_seq)]));
}

export type TaxonomyRow = { id: string; kind: string; name: string; parent_id: string | null };

export async function selectTaxonomy(
  db: Db,
): Promise<{ categories: TaxonomyRow[]; moods: { id: string; name: string }[] }> {
  const [categories, moods] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'kind', 'name', 'parent_id'])
      .where('kind', 'in', ['genre', 'subgenre', 'sfx'])
      .orderBy('position')
      .orderBy('name')
      .execute(),
    db.selectFrom('moods').select(['id', 'name']).orderBy('position').orderBy('name').execute(),
  ]);
  return { categories, moods };
}

/** The products as search documents, in no particular order. */
export async function selectSearchDocs(db: Db, ids: string[]): Promise<SearchDoc[]> {
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
      'p.rank',
      'p.created_at',
      'p.description',
      'p.instruments',
      'p.keywords',
      'p.release_year',
      'p.search_seq',
      'a.id as artist_id',
      'a.name as artist_name',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('product_categories as pc')
          .innerJoin('categories as c', 'c.id', 'pc.category_id')
          .select(['c.id', 'c.name', 'c.kind'])
          .whereRef('pc.product_id', '=', 'p.id')
          .where('c.kind', '<>', 'reels'),
      ).as('categories'),
      jsonArrayFrom(
        eb
          .selectFrom('product_moods as pm')
          .innerJoin('moods as m', 'm.id', 'pm.mood_id')
          .select(['m.id', 'm.name'])
          .whereRef('pm.product_id', '=', 'p.id'),
      ).as('moods'),
      jsonArrayFrom(
        eb
          .selectFrom('product_tags as pt')
          .innerJoin('tags as t', 't.id', 'pt.tag_id')
          .select(['t.id', 't.name'])
          .whereRef('pt.product_id', '=', 'p.id'),
      ).as('tags'),
    ])
    .where('p.id', 'in', ids)
    .execute();
  return rows.map((r) => {
    const categories = r.categories as { id: string; name: string; kind: string }[];
    const ref = (c: { id: string; name: string }) => ({ id: c.id, name: c.name });
    return {
      id: r.id,
      type: r.type,
      title: r.title,
      artist: { id: r.artist_id, name: r.artist_name },
      genres: categories.filter((c) => c.kind === 'genre').map(ref),
      subgenres: categories.filter((c) => c.kind === 'subgenre').map(ref),
      categories: categories.filter((c) => c.kind === 'sfx').map(ref),
      moods: (r.moods as { id: string; name: string }[]).map(ref),
      tags: (r.tags as { id: string; name: string }[]).map(ref),
      instruments: r.instruments ?? [],
      keywords: r.keywords ?? [],
      description: r.description,
      bpm: r.bpm,
      duration: r.duration,
      vocal: r.has_vocal,
      releaseYear: r.release_year,
      rank: r.rank,
      createdAt: new Date(r.created_at).getTime(),
      seq: Number(r.search_seq),
    };
  });
}

/* ------------------------------------------------------------------ AI vectors */

/** Vectors are stored as little-endian float32. */
export function encodeVector(v: Float32Array): Uint8Array {
  const bytes = new Uint8Array(v.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i]!, true);
  return bytes;
}

export function decodeVector(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v = new Float32Array(bytes.byteLength / 4);
  for (let i = 0; i < v.length; i++) v[i] = view.getFloat32(i * 4, true);
  return v;
}

/**
 * Products without a vector of this model, or whose vector predates their last change, in id order
 * after `afterId` (the caller walks the catalogue once instead of rescanning it from the start).
 */
export async function selectStaleEmbeddingIds(
  db: Db,
  model: string,
  afterId: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('product_embeddings as e', (join) => join.onRef('e.product_id', '=', 'p.id').on('e.model', '=', model))
    .select('p.id')
    .where('p.id', '>', afterId)
    .where((eb) => eb.or([eb('e.product_id', 'is', null), eb('e.source_seq', '<', eb.ref('p.search_seq'))]))
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function upsertEmbeddings(
  db: Db,
  model: string,
  rows: { productId: string; sourceSeq: number; vector: Float32Array }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('product_embeddings')
    .values(
      rows.map((r) => ({
        product_id: r.productId,
        model,
        source_seq: String(r.sourceSeq),
        vector: encodeVector(r.vector),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['model', 'product_id']).doUpdateSet((eb) => ({
        source_seq: eb.ref('excluded.source_seq'),
        vector: eb.ref('excluded.vector'),
        seq: sql<string>`nextval('search_seq')`,
      })),
    )
    .execute();
}

/** Vectors of a model changed after `afterSeq` (all of them for 0), oldest change first. */
export async function selectEmbeddingsSince(
  db: Db,
  model: string,
  afterSeq: number,
  limit: number,
): Promise<{ productId: string; seq: number; vector: Float32Array }[]> {
  const rows = await db
    .selectFrom('product_embeddings')
    .select(['product_id', 'seq', 'vector'])
    .where('model', '=', model)
    .where('seq', '>', String(afterSeq))
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ productId: r.product_id, seq: Number(r.seq), vector: decodeVector(r.vector) }));
}

export async function selectEmbeddingMaxSeq(db: Db, model: string): Promise<number> {
  const row = await db
    .selectFrom('product_embeddings')
    .select((eb) => eb.fn.max('seq').as('max'))
    .where('model', '=', model)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Vectors of models no longer in use are dead weight once the new model covers the catalogue. */
export async function deleteOtherModels(db: Db, model: string): Promise<void> {
  await db.deleteFrom('product_embeddings').where('model', '<>', model).execute();
}

/* ------------------------------------------------------------------ history */

export type HistoryRow = {
  id: string;
  prompt: string;
  engine: 'ai' | 'standard';
  type: 'music' | 'sfx';
  filters: Record<string, unknown>;
  dedupe_key: string;
  created_at: Date;
};

export async function selectHistory(db: Db, userId: string, limit: number): Promise<HistoryRow[]> {
  return db
    .selectFrom('search_history')
    .select(['id', 'prompt', 'engine', 'type', 'filters', 'dedupe_key', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Adds the search, or moves the same search to the top. */
export async function upsertHistory(
  db: Db,
  row: Omit<HistoryRow, 'created_at' | 'filters'> & { userId: string; filters: Record<string, unknown>; at: Date },
): Promise<void> {
  await db
    .insertInto('search_history')
    .values({
      id: row.id,
      user_id: row.userId,
      prompt: row.prompt,
      engine: row.engine,
      type: row.type,
      filters: JSON.stringify(row.filters),
      dedupe_key: row.dedupe_key,
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doUpdateSet({ created_at: row.at }))
    .execute();
}

export async function deleteHistoryEntry(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom('search_history').where('user_id', '=', userId).where('id', '=', id).execute();
}

export async function deleteHistory(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('search_history').where('user_id', '=', userId).execute();
}

/** Keeps the newest `keep` entries of the user. */
export async function trimHistory(db: Db, userId: string, keep: number): Promise<void> {
  const old = await db
    .selectFrom('search_history')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length) {
    await db
      .deleteFrom('search_history')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
  }
}
