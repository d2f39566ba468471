import type { Db } from '../../db/client';

/**
 * Removes the whole catalogue (for rebuilding the demo at another size): products and their links,
 * curated playlists, categories, moods, tags, artists, and the files rows they used. Returns the
 * storage keys of the removed files so the caller can delete the bytes after the commit.
 * Users' own playlists (placement null) stay; they merely lose the removed products.
 */
export async function deleteCatalogue(db: Db): Promise<{ products: number; storageKeys: string[] }> {
  return db.transaction().execute(async (trx) => {
    const fileIds = new Set<string>();
    const collect = (rows: { id: string | null }[]) => rows.forEach((r) => r.id && fileIds.add(r.id));
    collect(await trx.selectFrom('product_files').select('file_id as id').execute());
    // Stem previews, lossless versions and the download renditions made from them (decision 055).
    collect(await trx.selectFrom('product_files').select('preview_file_id as id').execute());
    collect(await trx.selectFrom('product_files').select('lossless_file_id as id').execute());
    collect(await trx.selectFrom('renditions').select('file_id as id').execute());
    collect(await trx.selectFrom('products').select('cover_file_id as id').execute());
    collect(await trx.selectFrom('categories').select('cover_file_id as id').execute());
    collect(await trx.selectFrom('moods').select('cover_file_id as id').execute());
    collect(
      await trx.selectFrom('playlists').select('cover_file_id as id').where('placement', 'is not', null).execute(),
    );

    const { count } = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('playlists').where('placement', 'is not', null).execute();
    // product_files, product_categories, product_moods, product_tags and playlist items cascade.
    await trx.deleteFrom('products').execute();
    await trx.deleteFrom('categories').where('parent_id', 'is not', null).execute();
    await trx.deleteFrom('categories').execute();
    await trx.deleteFrom('moods').execute();
    await trx.deleteFrom('tags').execute();
    await trx.deleteFrom('artists').execute();

    const ids = [...fileIds];
    const storageKeys: string[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      const rows = await trx.deleteFrom('files').where('id', 'in', chunk).returning('storage_key').execute();
      storageKeys.push(...rows.map((r) => r.storage_key));
    }
    await trx
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    return { products: Number(count), storageKeys: [...new Set(storageKeys)] };
  });
}

export async function selectDemoStatus(db: Db): Promise<'building' | 'done' | null> {
  const row = await db.selectFrom('catalog_state').select('demo_status').where('id', '=', 1).executeTakeFirst();
  return row?.demo_status ?? null;
}

export async function setDemoStatus(db: Db, status: 'building' | 'done'): Promise<void> {
  await db.updateTable('catalog_state').set({ demo_status: status }).where('id', '=', 1).execute();
}
