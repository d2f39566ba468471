import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FileStorage } from '../../providers/storage/storage';
import { enqueueJob } from '../jobs/jobs.service';
import { PermanentJobError, type Job, type JobHandlers, type JobStatus } from '../jobs/jobs.types';
import { VIDEO_MATCH_JOB } from './video-match.job';

/**
 * The sweep of one stored upload (decision 068). The analysis job deletes its video itself, except when
 * its instance dies on the last attempt: the queue then fails the job without running the handler, and
 * nothing else would ever delete `video-match/<uuid>`. So every upload gets a delayed sweep job, queued
 * before the video is stored (a crash between storing it and queueing the analysis leaves a video whose
 * job is missing, which the sweep also removes). A delayed job, like the archives' expiry, works with
 * any storage (local folder or a shared S3 bucket) without listing it, and runs on whichever instance.
 */
export const VIDEO_SWEEP_JOB = 'video-match.sweep';

/**
 * How long after the upload the sweep first looks. An analysis of a 10-minute video takes minutes, its
 * retry waits at most 5 minutes, and a worker's lease runs out in a minute: six hours is far past any
 * live analysis, while a leftover is gone the same day.
 */
export const VIDEO_SWEEP_AFTER_MS = 6 * 3_600_000;

/** Only uploads are ever swept: a payload naming any other key (a bug, a tampered row) deletes nothing. */
const VIDEO_KEY = /^video-match\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const payloadSchema = z.object({ storageKey: z.string().regex(VIDEO_KEY) });
export type VideoSweepPayload = z.infer<typeof payloadSchema>;

/** Still to come: the analysis may yet read the video (queued for a retry, or running on a live worker). */
const ACTIVE: readonly JobStatus[] = ['queued', 'running'];

export type VideoSweepResult =
  | { storageKey: string; deleted: true; job: JobStatus | 'missing' }
  | { storageKey: string; deleted: false; job: JobStatus; nextLookAt: string };

type SweepDeps = { db: Db; clock: Clock; storage: FileStorage };

/** The sweep's handler, for the composition root (server/src/jobs-registry.ts). */
export function videoSweepJobHandlers(deps: SweepDeps): JobHandlers {
  return { [VIDEO_SWEEP_JOB]: (job) => sweepVideo(deps, job) };
}

/** Queues the sweep of `storageKey`, due VIDEO_SWEEP_AFTER_MS from now (no dedupe key: one per look). */
export async function scheduleVideoSweep(deps: { db: Db; clock: Clock }, storageKey: string): Promise<Date> {
  const runAt = new Date(deps.clock.now().getTime() + VIDEO_SWEEP_AFTER_MS);
  await enqueueJob(deps.db, {
    kind: VIDEO_SWEEP_JOB,
    payload: { storageKey } satisfies VideoSweepPayload,
    maxAttempts: 5,
    runAt,
    clock: deps.clock,
  });
  return runAt;
}

/**
 * Deletes the upload when its analysis has ended (done, failed, cancelled) or does not exist; when the
 * analysis is still queued or running, looks again later. Idempotent: an object already deleted (by
 * the handler or a cancel) is fine.
 */
export async function sweepVideo(deps: SweepDeps, job: Job): Promise<VideoSweepResult> {
  const parsed = payloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('bad video sweep payload');
  const { storageKey } = parsed.data;
  // The key is a random UUID, so at most one analysis names it; the newest wins if a bug made two.
  const analysis = await deps.db
    .selectFrom('jobs')
    .select(['status'])
    .where('kind', '=', VIDEO_MATCH_JOB)
    .where(sql<string>`payload->>'storageKey'`, '=', storageKey)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const status = (analysis?.status ?? null) as JobStatus | null;
  if (status && ACTIVE.includes(status)) {
    const nextLookAt = await scheduleVideoSweep(deps, storageKey);
    return { storageKey, deleted: false, job: status, nextLookAt: nextLookAt.toISOString() };
  }
  await deps.storage.remove(storageKey);
  return { storageKey, deleted: true, job: status ?? 'missing' };
}
