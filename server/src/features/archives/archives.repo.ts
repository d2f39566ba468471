import type { Db } from '../../db/client';

/** SQL of playlist archives: what each product of a zip is made from (catalogue tables, read only). */

export type ArchiveProductRow = {
  id: string;
  title: string;
  artist: string;
  has_vocal: boolean;
  files: Array<{ type: string; file_id: string; lossless_file_id: string | null }>;
};

export async function selectArchiveProducts(db: Db, ids: string[]): Promise<Map<string, ArchiveProductRow>> {
  if (!ids.length) return new Map();
  const products = await db
    .selectFrom('products as p')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['p.id', 'p.title', 'a.name as artist', 'p.has_vocal'])
    .where('p.id', 'in', ids)
    .execute();
  const files = await db
    .selectFrom('product_files')
    .select(['product_id', 'type', 'file_id', 'lossless_file_id'])
    .where('product_id', 'in', ids)
    .execute();
  const out = new Map<string, ArchiveProductRow>();
  for (const p of products) out.set(p.id, { ...p, files: [] });
  for (const f of files) out.get(f.product_id)?.files.push(f);
  return out;
}
