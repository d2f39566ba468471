import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/client';
import type { FilesTable } from '../../db/schema';

/** SQL of the downloads feature (decision 055): renditions, download records, the product files it reads. */

export type ProductFileRef = {
  type: string;
  file_id: string;
  lossless_file_id: string | null;
  preview_file_id: string | null;
  duration: number;
  waveform: number[];
};

export type DownloadProduct = {
  id: string;
  type: 'music' | 'sfx';
  title: string;
  artist: string;
  has_vocal: boolean;
  files: ProductFileRef[];
};

export async function selectDownloadProduct(db: Db, productId: string): Promise<DownloadProduct | undefined> {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['p.id', 'p.type', 'p.title', 'a.name as artist', 'p.has_vocal'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!product) return undefined;
  const files = await db
    .selectFrom('product_files')
    .select(['type', 'file_id', 'lossless_file_id', 'preview_file_id', 'duration', 'waveform'])
    .where('product_id', '=', productId)
    .execute();
  return { ...product, files };
}

/** A files row; `crc32` is the stored CRC-32 of its bytes (migration 0013), null until computed. */
export type StoredFile = { id: string; storage_key: string; mime: string; size: number; crc32: number | null };

const storedFile = (row: Omit<StoredFile, 'crc32'> & { crc32: string | number | null }): StoredFile => ({
  ...row,
  size: Number(row.size),
  crc32: row.crc32 === null ? null : Number(row.crc32),
});

export async function selectStoredFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('files')
    .select(['id', 'storage_key', 'mime', 'size', 'crc32'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && storedFile(row);
}

/** Records a file's CRC-32 once computed (a zip that read an older file). */
export async function saveFileCrc(db: Db, id: string, crc32: number): Promise<void> {
  await db.updateTable('files').set({ crc32 }).where('id', '=', id).where('crc32', 'is', null).execute();
}

export async function selectRendition(db: Db, sourceFileId: string, format: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('renditions as r')
    .innerJoin('files as f', 'f.id', 'r.file_id')
    .select(['f.id', 'f.storage_key', 'f.mime', 'f.size', 'f.crc32'])
    .where('r.source_file_id', '=', sourceFileId)
    .where('r.format', '=', format as 'mp3' | 'wav')
    .executeTakeFirst();
  return row && storedFile(row);
}

/** The stored renditions of many sources in one format, by source file id (one round trip). */
export async function selectRenditions(
  db: Db,
  sourceFileIds: string[],
  format: 'mp3' | 'wav',
): Promise<Map<string, StoredFile>> {
  if (!sourceFileIds.length) return new Map();
  const rows = await db
    .selectFrom('renditions as r')
    .innerJoin('files as f', 'f.id', 'r.file_id')
    .select(['r.source_file_id', 'f.id', 'f.storage_key', 'f.mime', 'f.size', 'f.crc32'])
    .where('r.source_file_id', 'in', sourceFileIds)
    .where('r.format', '=', format)
    .execute();
  return new Map(rows.map(({ source_file_id, ...row }) => [source_file_id, storedFile(row)]));
}

/** Inserts the file and its rendition row unless another worker got there first (then nothing is written). */
export async function insertRendition(
  db: Db,
  sourceFileId: string,
  format: 'mp3' | 'wav',
  file: Insertable<FilesTable>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('renditions')
      .select('file_id')
      .where('source_file_id', '=', sourceFileId)
      .where('format', '=', format)
      .forUpdate()
      .executeTakeFirst();
    if (taken) return;
    await trx.insertInto('files').values(file).execute();
    await trx
      .insertInto('renditions')
      .values({ source_file_id: sourceFileId, format, file_id: file.id })
      .onConflict((oc) => oc.columns(['source_file_id', 'format']).doNothing())
      .execute();
  });
}

/** Product files rows that still lack what migration 0012 added (for the backfill). */
export async function selectProductsNeedingBackfill(db: Db, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('product_files as pf')
    .innerJoin('products as p', 'p.id', 'pf.product_id')
    .select('pf.product_id')
    .distinct()
    .where('pf.product_id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb.and([eb('pf.type', 'in', ['stem_bass', 'stem_instruments']), eb('pf.preview_file_id', 'is', null)]),
        eb.and([eb('pf.type', 'in', ['vocal', 'instrumental']), eb('pf.lossless_file_id', 'is', null)]),
      ]),
    )
    .orderBy('pf.product_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.product_id);
}

export async function countProductsNeedingBackfill(db: Db): Promise<number> {
  const row = await db
    .selectFrom('product_files as pf')
    .select((eb) => eb.fn.count<string>('pf.product_id').distinct().as('n'))
    .where((eb) =>
      eb.or([
        eb.and([eb('pf.type', 'in', ['stem_bass', 'stem_instruments']), eb('pf.preview_file_id', 'is', null)]),
        eb.and([eb('pf.type', 'in', ['vocal', 'instrumental']), eb('pf.lossless_file_id', 'is', null)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets a product file's preview or lossless source (with the new files row) in one transaction. */
export async function attachProductFile(
  db: Db,
  productId: string,
  type: string,
  column: 'preview_file_id' | 'lossless_file_id',
  fileId: string,
  newFile: Insertable<FilesTable> | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Another worker may have filled it meanwhile: then nothing is written (no orphan files row).
    const row = await trx
      .selectFrom('product_files')
      .select(column)
      .where('product_id', '=', productId)
      .where('type', '=', type as 'vocal')
      .forUpdate()
      .executeTakeFirst();
    if (!row || row[column] !== null) return;
    if (newFile) await trx.insertInto('files').values(newFile).execute();
    await trx
      .updateTable('product_files')
      .set({ [column]: fileId })
      .where('product_id', '=', productId)
      .where('type', '=', type as 'vocal')
      .execute();
    await trx
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  });
}

/* ------------------------------------------------------------------ download records */

export type DownloadRow = {
  id: string;
  account_id: string;
  subscription_id: string;
  licence_id: string;
  plan: string;
  product_id: string;
  title: string;
  artist: string;
  items: Array<{ file: string; format: string }>;
  code: string;
  created_at: Date;
};

const downloadColumns = [
  'id',
  'account_id',
  'subscription_id',
  'licence_id',
  'plan',
  'product_id',
  'title',
  'artist',
  'items',
  'code',
  'created_at',
] as const;

function normalise(row: Omit<DownloadRow, 'items' | 'created_at'> & { items: unknown; created_at: Date | string }) {
  const items = typeof row.items === 'string' ? JSON.parse(row.items) : row.items;
  return { ...row, items: items as DownloadRow['items'], created_at: new Date(row.created_at) };
}

/** Serialises an account's downloads, so two at once cannot both take the last product of the day. */
export async function lockAccountDownloads(db: Db, accountId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`downloads:${accountId}`}, 0))`.execute(db);
}

/** The distinct products the account downloaded on the UTC day. */
export async function dayProductIds(db: Db, accountId: string, day: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('downloads')
    .select('product_id')
    .distinct()
    .where('account_id', '=', accountId)
    .where('day', '=', day)
    .execute();
  return new Set(rows.map((r) => r.product_id));
}

/** The distinct products the account downloaded on the UTC day, and whether `productId` is one. */
export async function dayProducts(
  db: Db,
  accountId: string,
  day: string,
  productId: string,
): Promise<{ count: number; includes: boolean }> {
  const ids = await dayProductIds(db, accountId, day);
  return { count: ids.size, includes: ids.has(productId) };
}

export async function insertDownload(db: Db, row: Omit<DownloadRow, 'created_at'> & { created_at: Date; day: string }) {
  await db
    .insertInto('downloads')
    .values({ ...row, items: JSON.stringify(row.items) })
    .execute();
}

/** Many downloads in one statement (a playlist zip's tracks); rows an archive job already recorded are skipped. */
export async function insertDownloads(
  db: Db,
  rows: Array<Omit<DownloadRow, 'created_at'> & { created_at: Date; day: string; archive_job_id: string }>,
) {
  if (!rows.length) return;
  await db
    .insertInto('downloads')
    .values(rows.map((row) => ({ ...row, items: JSON.stringify(row.items) })))
    .onConflict((oc) => oc.columns(['archive_job_id', 'product_id']).doNothing())
    .execute();
}

/** Which of these certificate codes a download already uses. */
export async function takenDownloadCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await db.selectFrom('downloads').select('code').where('code', 'in', codes).execute();
  return new Set(rows.map((r) => r.code));
}

export async function downloadCodeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('downloads').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

export async function selectDownloads(
  db: Db,
  accountId: string,
  skip: number,
  limit: number,
): Promise<{ rows: DownloadRow[]; count: number }> {
  const rows = await db
    .selectFrom('downloads')
    .select(downloadColumns)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(skip)
    .limit(limit)
    .execute();
  const total = await db
    .selectFrom('downloads')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return { rows: rows.map(normalise), count: Number(total.n) };
}

export async function selectOwnedDownload(db: Db, accountId: string, id: string): Promise<DownloadRow | undefined> {
  const row = await db
    .selectFrom('downloads')
    .select(downloadColumns)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row && normalise(row);
}

export async function selectDownloadByCode(db: Db, code: string): Promise<DownloadRow | undefined> {
  const row = await db.selectFrom('downloads').select(downloadColumns).where('code', '=', code).executeTakeFirst();
  return row && normalise(row);
}
