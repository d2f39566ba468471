import { z } from 'zod';
import { ARCHIVE_RETENTION_HOURS, archiveFileName, archiveFormatSchema } from '@cuewave/contract/archives';
import type { FeatureDeps } from '../../deps';
import type { DownloadFile } from '@cuewave/contract/downloads';
import { AppError } from '../../lib/errors';
import { recordArchiveDownloads } from '../downloads/downloads.service';
import { ensureRendition, findRenditions, saveRenditionCrc, type StoredFile } from '../downloads/renditions';
import { enqueueJob, JOB_ID_PATTERN } from '../jobs/jobs.service';
import { PermanentJobError, type Job, type JobContext, type JobHandlers } from '../jobs/jobs.types';
import { planArchive, type PlannedEntry } from './archive-plan';
import { writeZip, type ZipEntry } from './archive-zip';
import { ARCHIVE_JOB_KIND, archiveKey, type ArchiveJobPayload, type ArchiveJobResult } from './archive-job.types';
import { selectArchiveProducts, type ArchiveProductRow } from './archives.repo';

const payloadSchema = z.object({
  accountId: z.string().min(1),
  playlistId: z.string().min(1),
  playlistName: z.string(),
  fileFormat: archiveFormatSchema,
  stems: z.boolean(),
  items: z.array(z.string()).min(1),
});

const HOUR = 3_600_000;

/** The job that deletes a zip once its retention is over (decision 056), due at the zip's expiresAt. */
export const ARCHIVE_EXPIRE_JOB_KIND = 'archives.expire';
const expirePayloadSchema = z.object({ jobId: z.string().regex(JOB_ID_PATTERN) });

/** The archives feature's job handlers, for the composition root (server/src/jobs-registry.ts). */
export function archiveJobHandlers(deps: FeatureDeps): JobHandlers {
  return {
    [ARCHIVE_JOB_KIND]: (job, ctx) => buildArchive(deps, job, ctx),
    [ARCHIVE_EXPIRE_JOB_KIND]: (job) => expireArchive(deps, job),
  };
}

/** Deletes an archive's zip; idempotent (an object already gone, or deleted by a late request, is fine). */
export async function expireArchive(deps: FeatureDeps, job: Job): Promise<{ deleted: string }> {
  const parsed = expirePayloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('bad archive expiry payload');
  const key = archiveKey(parsed.data.jobId);
  await deps.storage.remove(key);
  return { deleted: key };
}

/**
 * Builds the zip of a playlist download (decision 056): renders each file in the format when it is
 * not stored yet (ensureRendition), streams it into the zip, and saves progress after every entry.
 * Idempotent: a retry rewrites the same key with the same names and timestamps, and records each
 * track once (the download rows carry the job id). When done, schedules the zip's deletion.
 */
export async function buildArchive(deps: FeatureDeps, job: Job, ctx: JobContext): Promise<ArchiveJobResult> {
  const parsed = payloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('bad playlist archive payload');
  const payload: ArchiveJobPayload = parsed.data;

  const products = await selectArchiveProducts(deps.db, payload.items);
  const plan = planArchive(payload.items, products, { format: payload.fileFormat, stems: payload.stems });
  if (!plan.length) throw new PermanentJobError('None of the chosen tracks can be downloaded any more');
  const totalFiles = plan.length;
  await ctx.progress({ filesProcessed: 0, totalFiles });
  // Every track is a track download (access, fair use, history, per-track licence), recorded before
  // any work and all at once: a refusal (the plan ended, the daily limit) records nothing and keeps no
  // zip; a retried job records nothing twice.
  await recordDownloads(deps, job.id, payload, plan, products);
  // Every stored rendition in one round trip; only missing ones go through ensureRendition.
  const renditions = await findRenditions(deps.db, [...new Set(plan.map((e) => e.sourceFileId))], payload.fileFormat);

  /** A product's files rendered (or found), ready to go into the zip. */
  async function prepare(productId: string): Promise<ZipEntry[]> {
    const own = plan.filter((e) => e.productId === productId);
    const stored = await Promise.all(own.map((entry) => storedRendition(entry.sourceFileId)));
    return own.map((entry, i) => {
      const file = stored[i]!;
      return {
        name: entry.name,
        size: file.size,
        crc32: file.crc32,
        saveCrc: (crc: number) => saveRenditionCrc(deps.db, file.id, crc),
        open: () => deps.storage.read(file.storage_key),
      };
    });
  }

  async function storedRendition(sourceFileId: string): Promise<StoredFile> {
    const found = renditions.get(sourceFileId);
    if (found && (await deps.storage.size(found.storage_key)) === found.size) return found;
    return ensureRendition(deps, sourceFileId, payload.fileFormat, ctx.signal);
  }

  // One product at a time, in order: its files are rendered (or found), then its entries go into the
  // zip. The next product is prepared while this one's bytes are copied, so lookups (and any encoding)
  // overlap the I/O.
  async function* entries(): AsyncGenerator<ZipEntry> {
    const productIds = [...new Set(plan.map((e) => e.productId))];
    let next: Promise<ZipEntry[]> | null = prepare(productIds[0]!);
    try {
      for (let i = 0; i < productIds.length; i++) {
        const current: ZipEntry[] = await next!;
        next = i + 1 < productIds.length ? prepare(productIds[i + 1]!) : null;
        // Awaited on the next turn; this keeps a refusal raised meanwhile from going unhandled.
        next?.catch(() => undefined);
        yield* current;
      }
    } finally {
      // The zip stopped early: let the product being prepared settle before the job ends.
      await next?.catch(() => undefined);
    }
  }

  const key = archiveKey(job.id);
  const { size } = await writeZip(deps.storage, key, entries(), {
    signal: ctx.signal,
    mtime: job.createdAt,
    onEntry: (filesProcessed) => ctx.progress({ filesProcessed, totalFiles }),
  });
  const expiresAt = new Date(deps.clock.now().getTime() + ARCHIVE_RETENTION_HOURS * HOUR);
  // The zip is deleted when its retention ends even if nobody asks for it again (one per archive).
  await enqueueJob(deps.db, {
    kind: ARCHIVE_EXPIRE_JOB_KIND,
    payload: { jobId: job.id },
    dedupeKey: `${ARCHIVE_EXPIRE_JOB_KIND}:${job.id}`,
    runAt: expiresAt,
    clock: deps.clock,
  });
  return {
    key,
    size,
    files: totalFiles,
    fileName: archiveFileName(payload.playlistName),
    expiresAt: expiresAt.toISOString(),
  };
}

/** The downloads feature records the zip's tracks; its refusals reach the owner as they are (decision 056). */
async function recordDownloads(
  deps: FeatureDeps,
  jobId: string,
  payload: ArchiveJobPayload,
  plan: PlannedEntry[],
  products: Map<string, ArchiveProductRow>,
) {
  const tracks = [...new Set(plan.map((e) => e.productId))].map((productId) => {
    const product = products.get(productId)!;
    return {
      productId,
      title: product.title,
      artist: product.artist,
      items: plan
        .filter((e) => e.productId === productId)
        .map((e) => ({ file: e.file as DownloadFile, format: payload.fileFormat })),
    };
  });
  try {
    await recordArchiveDownloads(deps, payload.accountId, jobId, tracks);
  } catch (error) {
    if (error instanceof AppError && error.code.startsWith('DOWNLOAD_')) {
      throw new PermanentJobError(`${error.code}: ${error.message}`);
    }
    // Any other refusal (the subscription is gone) will not change on a retry.
    if (error instanceof AppError) throw new PermanentJobError(error.message);
    throw error;
  }
}
