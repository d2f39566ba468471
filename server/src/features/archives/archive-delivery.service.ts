import type { Readable } from 'node:stream';
import type { ArchiveProgress } from '@cuewave/contract/archives';
import { errorStatus, type ErrorCode } from '@cuewave/contract/errors';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { FileStorage } from '../../providers/storage/storage';
import { getOwnedJob, watchJob } from '../jobs/jobs.service';
import type { Job } from '../jobs/jobs.types';
import type { SseEvent } from './sse';
import {
  ARCHIVE_JOB_KIND,
  type ArchiveJobPayload,
  type ArchiveJobProgress,
  type ArchiveJobResult,
  USER_FACING_FAILURE,
} from './archive-job.types';

export type DeliveryDeps = { db: Db; storage: FileStorage; clock: Clock };

/** How long an S3 presigned URL for the zip stays valid: long enough to start, short enough to not be shared. */
const PRESIGNED_SECONDS = 300;

/** The caller's playlist-archive job; anyone else's, or any other kind of job, is unknown (404). */
export async function ownedArchiveJob(db: Db, accountId: string, jobId: string): Promise<Job<ArchiveJobPayload>> {
  const job = await getOwnedJob(db, jobId, accountId);
  if (!job || job.kind !== ARCHIVE_JOB_KIND) throw notFound('Download');
  return job as Job<ArchiveJobPayload>;
}

export function progressOf(job: Job): ArchiveProgress {
  const progress = (job.progress ?? {}) as Partial<ArchiveJobProgress>;
  return {
    filesProcessed: progress.filesProcessed ?? 0,
    totalFiles: progress.totalFiles ?? 0,
    status: job.status,
  };
}

const FAILED_MESSAGE = 'The download could not be prepared. Please try again.';

/** Why a job failed, for its owner: a download refusal as it is (decision 056), anything else generic. */
function failureOf(job: Job): { error: string; message: string } {
  const refusal = USER_FACING_FAILURE.exec(job.error ?? '');
  return refusal ? { error: refusal[1]!, message: refusal[2]! } : { error: 'ARCHIVE_FAILED', message: FAILED_MESSAGE };
}

/**
 * Progress events until the job ends: the default event carries `{filesProcessed, totalFiles, status}`
 * on every change (the last one with status done); a failed or cancelled job ends with an `error` event.
 */
export async function* archiveEvents(db: Db, job: Job, signal: AbortSignal): AsyncGenerator<SseEvent> {
  for await (const current of watchJob(db, job.id, { signal, intervalMs: 250 })) {
    const progress = progressOf(current);
    if (current.status === 'failed' || current.status === 'cancelled') {
      yield { event: 'error', data: { ...failureOf(current), ...progress } };
      return;
    }
    yield { data: progress };
  }
}

export type ArchiveDelivery =
  { kind: 'redirect'; url: string } | { kind: 'file'; size: number; fileName: string; body: () => Readable };

/**
 * The finished zip: a presigned URL on object storage, else the bytes. Before the job is done 409;
 * a failed job 409; past its retention (or already removed) 410, and the zip is deleted then
 * (decision 056: the expiry job deletes it too, this covers a request that comes first).
 */
export async function archiveDelivery(deps: DeliveryDeps, job: Job<ArchiveJobPayload>): Promise<ArchiveDelivery> {
  if (job.status === 'queued' || job.status === 'running') {
    throw new AppError(
      'ARCHIVE_NOT_READY',
      'The zip is still being prepared. Follow its progress with Accept: text/event-stream, then ask again.',
    );
  }
  if (job.status !== 'done') {
    const { error, message } = failureOf(job);
    throw new AppError(error in errorStatus ? (error as ErrorCode) : 'ARCHIVE_FAILED', message);
  }
  const result = job.result as ArchiveJobResult;
  const expired = new AppError('ARCHIVE_EXPIRED', 'This download has expired. Please download the playlist again.');
  if (deps.clock.now().getTime() >= Date.parse(result.expiresAt)) {
    await deps.storage.remove(result.key);
    throw expired;
  }
  const size = await deps.storage.size(result.key);
  if (size === null) throw expired;
  const url = await deps.storage.presignedUrl(result.key, {
    expiresSeconds: PRESIGNED_SECONDS,
    downloadName: result.fileName,
    contentType: 'application/zip',
  });
  if (url) return { kind: 'redirect', url };
  return { kind: 'file', size, fileName: result.fileName, body: () => deps.storage.read(result.key) };
}
