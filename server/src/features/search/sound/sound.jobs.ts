import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ANALYSIS_RATE } from '../../../audio/analyse';
import { computeDescriptor } from '../../../audio/descriptor';
import { decodeToMono } from '../../../audio/ffmpeg';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { FileStorage } from '../../../providers/storage/storage';
import { enqueueJob } from '../../jobs/jobs.service';
import type { JobContext, JobHandlers } from '../../jobs/jobs.types';
import * as repo from './sound.repo';

/**
 * Products without a sound descriptor (catalogues ingested before decision 066, or of an older vector
 * layout) get one: the stored master is decoded and analysed like at ingest. Idempotent (an upsert per
 * product), so a retry or two workers at once do no harm.
 */
export const SOUND_BACKFILL_JOB = 'search.sound-backfill';
/** Products per walk step; the search indexes are told after each. */
const BATCH = 20;
/** Below this RMS level a file counts as silent: no descriptor (the ingest refuses such files). */
const SILENT_DB = -60;

export type SoundBackfillDeps = { db: Db; storage: FileStorage };

export async function enqueueSoundBackfill(db: Db, clock?: Clock): Promise<void> {
  await enqueueJob(db, { kind: SOUND_BACKFILL_JOB, dedupeKey: SOUND_BACKFILL_JOB, maxAttempts: 5, clock });
}

/** Queues the backfill when any product lacks a current descriptor (at start); true when it did. */
export async function enqueueSoundBackfillIfNeeded(db: Db, clock?: Clock): Promise<boolean> {
  if (!(await repo.anyProductWithoutSound(db))) return false;
  await enqueueSoundBackfill(db, clock);
  return true;
}

export function soundJobHandlers(deps: SoundBackfillDeps): JobHandlers {
  return { [SOUND_BACKFILL_JOB]: (_job, ctx) => runSoundBackfill(deps, ctx) };
}

export async function runSoundBackfill(
  deps: SoundBackfillDeps,
  ctx?: Pick<JobContext, 'signal' | 'progress'>,
): Promise<{ products: number; failed?: string[] }> {
  let after = '';
  let done = 0;
  const failed: string[] = [];
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-sound-'));
  try {
    // One walk in id order: a product that cannot be analysed is passed over (and reported), never retried
    // in a loop; the next start queues the job again while any product lacks a descriptor.
    for (;;) {
      ctx?.signal.throwIfAborted();
      const ids = await repo.selectProductsWithoutSound(deps.db, after, BATCH);
      if (ids.length === 0) break;
      const rows = [];
      for (const id of ids) {
        ctx?.signal.throwIfAborted();
        after = id;
        try {
          const descriptor = await describeProduct(deps, id, dir);
          if (descriptor) rows.push({ productId: id, descriptor });
          else failed.push(id);
        } catch (error) {
          if (ctx?.signal.aborted) throw error;
          failed.push(id);
        }
      }
      await repo.upsertSounds(deps.db, rows);
      if (rows.length) await repo.bumpCatalogVersion(deps.db);
      done += rows.length;
      await ctx?.progress({ products: done, failed: failed.length });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return failed.length ? { products: done, failed } : { products: done };
}

async function describeProduct(deps: SoundBackfillDeps, id: string, dir: string) {
  const source = await repo.selectSoundSource(deps.db, id);
  if (!source?.storageKey) return null;
  const path = join(dir, 'source');
  try {
    await pipeline(deps.storage.read(source.storageKey), createWriteStream(path));
    const mono = await decodeToMono(path, ANALYSIS_RATE);
    const descriptor = computeDescriptor(mono, ANALYSIS_RATE, source.bpm);
    return descriptor.features.loudnessDb > SILENT_DB ? descriptor : null;
  } finally {
    await rm(path, { force: true });
  }
}
