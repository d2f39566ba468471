import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { encodeFlac, encodeMp3 } from '../../audio/encode';
import { AudioDecodeError } from '../../audio/errors';
import { describeFfmpegFailure, runFfmpeg } from '../../audio/ffmpeg';
import type { Insertable } from 'kysely';
import type { FilesTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { enqueueJob } from '../jobs/jobs.service';
import type { JobContext } from '../jobs/jobs.types';
import { BACKFILL_CATALOG_JOB } from './downloads.jobs-kinds';
import {
  attachProductFile,
  countProductsNeedingBackfill,
  selectDownloadProduct,
  selectProductsNeedingBackfill,
  selectStoredFile,
  type DownloadProduct,
} from './downloads.repo';
import { probeSampleFormat, type RenditionDeps } from './renditions';

/**
 * Catalogues ingested before decision 055 lack stem previews and the lossless instrumental of vocal
 * songs. This backfill adds what is missing, product by product; each step writes under a
 * content-addressed key and sets a column only while it is still empty, so a rerun or two workers at
 * once do no harm.
 */

export const BACKFILL_JOB = 'downloads.backfill';
/** The ingest's preview bitrate (catalog/ingest.service.ts). */
const PREVIEW_KBPS = 128;
const BATCH = 20;

export const catalogNeedsBackfill = async (deps: RenditionDeps) => (await countProductsNeedingBackfill(deps.db)) > 0;

/**
 * Queues the backfill while anything is missing: at start (catalogues from before decision 055) and after
 * the first start's demo catalogue, whose stem previews are left to this job (decision 074). One job for
 * the whole catalogue (dedupe key), so instances do not each queue one. True when queued.
 */
export async function enqueueCatalogBackfillIfNeeded(deps: RenditionDeps, clock?: Clock): Promise<boolean> {
  if (!(await catalogNeedsBackfill(deps))) return false;
  await enqueueJob(deps.db, { kind: BACKFILL_CATALOG_JOB, dedupeKey: BACKFILL_CATALOG_JOB, clock });
  return true;
}

export async function runCatalogBackfill(deps: RenditionDeps, ctx?: Pick<JobContext, 'signal' | 'progress'>) {
  let after = '';
  let done = 0;
  const failed: string[] = [];
  for (;;) {
    ctx?.signal.throwIfAborted();
    const ids = await selectProductsNeedingBackfill(deps.db, after, BATCH);
    if (ids.length === 0) return failed.length ? { products: done, failed } : { products: done };
    for (const id of ids) {
      ctx?.signal.throwIfAborted();
      after = id;
      const product = await selectDownloadProduct(deps.db, id);
      if (!product) continue;
      try {
        await backfillProduct(deps, product);
        done++;
      } catch (error) {
        // One undecodable file must not hold up the rest of the catalogue; a download of that product
        // retries it on its own (downloads.backfill-product), and the next start tries again.
        if (ctx?.signal.aborted) throw error;
        failed.push(id);
      }
    }
    await ctx?.progress({ products: done, failed: failed.length });
  }
}

export async function backfillProduct(deps: RenditionDeps, product: DownloadProduct): Promise<void> {
  const row = (type: string) => product.files.find((f) => f.type === type);
  const master = row('master');
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-backfill-'));
  try {
    for (const stem of ['stem_bass', 'stem_instruments']) {
      const r = row(stem);
      if (!r || r.preview_file_id) continue;
      const input = await fetchToTemp(deps, r.file_id, dir, `${stem}.flac`);
      const out = join(dir, `${stem}-preview.mp3`);
      await encodeMp3(input, out, { bitrateKbps: PREVIEW_KBPS });
      const file = await storeContentAddressed(deps, out, 'mp3', 'audio/mpeg', true);
      await attachProductFile(deps.db, product.id, stem, 'preview_file_id', file.id, file);
    }
    const vocal = row('vocal');
    if (vocal && !vocal.lossless_file_id && master) {
      await attachProductFile(deps.db, product.id, 'vocal', 'lossless_file_id', master.file_id, null);
    }
    const instrumental = row('instrumental');
    if (instrumental && !instrumental.lossless_file_id && master) {
      if (!product.has_vocal) {
        await attachProductFile(deps.db, product.id, 'instrumental', 'lossless_file_id', master.file_id, null);
      } else {
        const out = join(dir, 'instrumental.flac');
        const bass = row('stem_bass');
        const others = row('stem_instruments');
        if (bass && others) {
          // The best stored source: the stems are the instrumental split in two, lossless; their sum is
          // the instrumental (up to the mastering limiter). Without stems, only the lossy preview is left.
          const a = await fetchToTemp(deps, bass.file_id, dir, 'a.flac');
          const b = await fetchToTemp(deps, others.file_id, dir, 'b.flac');
          await sumToFlac(a, b, out);
        } else {
          const preview = await fetchToTemp(deps, instrumental.file_id, dir, 'preview.mp3');
          await encodeFlac(preview, out);
        }
        const file = await storeContentAddressed(deps, out, 'flac', 'audio/flac', false);
        await attachProductFile(deps.db, product.id, 'instrumental', 'lossless_file_id', file.id, file);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function fetchToTemp(deps: RenditionDeps, fileId: string, dir: string, name: string): Promise<string> {
  const file = await selectStoredFile(deps.db, fileId);
  if (!file) throw new Error(`backfill: file ${fileId} not found`);
  const path = join(dir, name);
  await pipeline(deps.storage.read(file.storage_key), createWriteStream(path));
  return path;
}

/** a + b at the stems' rate and depth (amix halves each input; volume=2 makes it a plain sum). */
async function sumToFlac(a: string, b: string, out: string): Promise<void> {
  const { codec } = await probeSampleFormat(a);
  const { code, stderr } = await runFfmpeg([
    '-v',
    'error',
    '-y',
    '-i',
    a,
    '-i',
    b,
    '-filter_complex',
    '[0:a][1:a]amix=inputs=2:duration=longest,volume=2',
    '-sample_fmt',
    codec === 'pcm_s16le' ? 's16' : 's32',
    '-c:a',
    'flac',
    '-f',
    'flac',
    out,
  ]);
  if (code !== 0) throw new AudioDecodeError(describeFfmpegFailure(stderr));
}

async function storeContentAddressed(
  deps: RenditionDeps,
  path: string,
  ext: string,
  mime: string,
  isPublic: boolean,
): Promise<Insertable<FilesTable> & { id: string }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  const sha256 = hash.digest('hex');
  const { size } = await stat(path);
  const key = `catalog/${sha256.slice(0, 2)}/${sha256}.${ext}`;
  if ((await deps.storage.size(key)) !== size) await deps.storage.putFile(key, path);
  return { id: randomBytes(12).toString('base64url'), storage_key: key, mime, size, sha256, public: isPublic };
}
