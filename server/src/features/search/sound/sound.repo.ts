import { sql } from 'kysely';
import { DESCRIPTOR_VERSION } from '../../../audio/descriptor';
import type { SoundDescriptor } from '../../../audio/descriptor.types';
import type { Db } from '../../../db/client';
import { decodeVector, encodeVector } from '../search.repo';

/** SQL of sound descriptors (migration 0015, decision 066). */

/** Every current-layout descriptor's product id and write sequence: what the search index compares with its own. */
export async function selectSoundSeqs(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('product_sounds')
    .select(['product_id', 'seq'])
    .where('version', '=', DESCRIPTOR_VERSION)
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.seq)]));
}

export async function selectSounds(
  db: Db,
  productIds: string[],
): Promise<{ productId: string; seq: number; descriptor: SoundDescriptor }[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('product_sounds')
    .select(['product_id', 'seq', 'vector', 'features'])
    .where('product_id', 'in', productIds)
    .where('version', '=', DESCRIPTOR_VERSION)
    .execute();
  return rows.map((r) => ({
    productId: r.product_id,
    seq: Number(r.seq),
    descriptor: { vector: Array.from(decodeVector(r.vector)), features: r.features },
  }));
}

/** Writes (or replaces) descriptors; each write gets a new `seq`, so every process reloads it. */
export async function upsertSounds(db: Db, rows: { productId: string; descriptor: SoundDescriptor }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('product_sounds')
    .values(
      rows.map((r) => ({
        product_id: r.productId,
        version: DESCRIPTOR_VERSION,
        vector: encodeVector(Float32Array.from(r.descriptor.vector)),
        features: JSON.stringify(r.descriptor.features),
      })),
    )
    .onConflict((oc) =>
      oc.column('product_id').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        vector: eb.ref('excluded.vector'),
        features: eb.ref('excluded.features'),
        seq: sql<string>`nextval('search_seq')`,
      })),
    )
    .execute();
}

/** Products without a descriptor of the current layout, in id order after `afterId`. */
export async function selectProductsWithoutSound(db: Db, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('product_sounds as s', 's.product_id', 'p.id')
    .select('p.id')
    .where('p.id', '>', afterId)
    .where((eb) => eb.or([eb('s.product_id', 'is', null), eb('s.version', '<>', DESCRIPTOR_VERSION)]))
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function anyProductWithoutSound(db: Db): Promise<boolean> {
  return (await selectProductsWithoutSound(db, '', 1)).length > 0;
}

/** What the backfill needs of a product: its catalogue tempo and the stored file to analyse. */
export async function selectSoundSource(
  db: Db,
  productId: string,
): Promise<{ bpm: number | null; storageKey: string | null } | null> {
  const product = await db.selectFrom('products').select(['bpm']).where('id', '=', productId).executeTakeFirst();
  if (!product) return null;
  // The master is what the ingest analysed; the public previews are the fallback of odd older rows.
  const files = await db
    .selectFrom('product_files as pf')
    .innerJoin('files as f', 'f.id', 'pf.file_id')
    .select(['pf.type', 'f.storage_key'])
    .where('pf.product_id', '=', productId)
    .where('pf.type', 'in', ['master', 'vocal', 'instrumental'])
    .execute();
  const pick = ['master', 'vocal', 'instrumental'].map((t) => files.find((f) => f.type === t)).find(Boolean);
  return { bpm: product.bpm, storageKey: pick?.storage_key ?? null };
}

/** Tells every process's search index that descriptors changed (they reload only what differs). */
export async function bumpCatalogVersion(db: Db): Promise<void> {
  await db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}
