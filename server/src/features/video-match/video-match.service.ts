import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  VIDEO_MATCH_RESULTS,
  type VideoMatchJob,
  type VideoMatchProgress,
  type VideoMatchStatus,
} from '@cuewave/contract/video-match';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { RateRule } from '../../providers/rate-limit/rate-limit';
import type { Providers } from '../../providers/providers';
import type { FileStorage } from '../../providers/storage/storage';
import { enforceRateLimits } from '../auth/abuse-guards';
import { getProductsByIds, type CatalogDeps } from '../catalog/catalog.service';
import { cancelJob, enqueueJob, getOwnedJob, watchJob } from '../jobs/jobs.service';
import type { Job } from '../jobs/jobs.types';
import type { SearchIndexStore } from '../search/search-index-store';
import type { SseEvent } from '../archives/sse';
import {
  USER_FACING_VIDEO_FAILURE,
  VIDEO_MATCH_ATTEMPTS,
  VIDEO_MATCH_JOB,
  type VideoMatchJobProgress,
  type VideoMatchPayload,
  type VideoMatchResult,
} from './video-match.job';
import { scheduleVideoSweep } from './video-match.sweep';
import { probeVideo } from './video-probe';
import { videoScores } from './video-rank';
import { targetOf } from './video-target';
import { receiveVideo } from './video-upload';

export type VideoMatchDeps = {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  providers: Pick<Providers, 'rateLimiter'>;
  catalog: CatalogDeps;
  store: SearchIndexStore;
};

const HOUR = 3600;
/**
 * Decision 068. Uploads per hour from one address and per owner (account or visitor): keyed per
 * client, so one client using up its allowance never locks out another. Analyses at once per owner:
 * one (the queue's dedupe key makes it atomic, so two uploads racing cannot both start).
 */
export const VIDEO_LIMITS = {
  uploadsPerIp: { limit: 30, windowSeconds: HOUR },
  uploadsPerOwner: { limit: 12, windowSeconds: HOUR },
} satisfies Record<string, RateRule>;

/** Whoever owns an analysis: a signed-in account, or a visitor by the hash of their client cookie. */
export type Owner = { key: string };
export const accountOwner = (accountId: string): Owner => ({ key: `account:${accountId}` });
/** The cookie's value is the secret; only its hash is stored as the job's owner. */
export const visitorOwner = (clientToken: string): Owner => ({
  key: `client:${createHash('sha256').update(clientToken).digest('base64url')}`,
});
export const newClientToken = () => randomBytes(24).toString('base64url');
export const CLIENT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

const busy = (seconds: number) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    'A video of yours is still being analysed. Wait for it to finish or cancel it, then upload the next one.',
    { 'retry-after': String(seconds) },
  );

const dedupeKeyOf = (owner: Owner) => `${VIDEO_MATCH_JOB}:${owner.key}`;

/** Refuses before the body is read when the client is over a limit. */
export async function checkUploadAllowed(deps: VideoMatchDeps, owner: Owner, ip: string): Promise<void> {
  const running = await deps.db
    .selectFrom('jobs')
    .select('id')
    .where('dedupe_key', '=', dedupeKeyOf(owner))
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (running) throw busy(30);
  await enforceRateLimits(deps.providers, [
    { key: `video:ip:${ip}`, rule: VIDEO_LIMITS.uploadsPerIp },
    { key: `video:owner:${owner.key}`, rule: VIDEO_LIMITS.uploadsPerOwner },
  ]);
}

/**
 * Receives, checks and queues an upload: streamed to a local file (sniffed, capped), probed, then put
 * into the shared storage so whichever instance's worker claims the job can read it (decision 068).
 */
export async function startVideoMatch(deps: VideoMatchDeps, owner: Owner, body: Readable): Promise<VideoMatchJob> {
  const upload = await receiveVideo(body);
  const storageKey = `video-match/${randomUUID()}`;
  let queued = false;
  try {
    const probe = await probeVideo(upload.path);
    // Before the video is stored: whatever happens to this process or to the job, the upload is deleted.
    await scheduleVideoSweep(deps, storageKey);
    await deps.storage.putFile(storageKey, upload.path);
    const payload: VideoMatchPayload = { storageKey, durationSec: probe.durationSec };
    const job = await enqueueJob(deps.db, {
      kind: VIDEO_MATCH_JOB,
      payload,
      ownerId: owner.key,
      dedupeKey: dedupeKeyOf(owner),
      maxAttempts: VIDEO_MATCH_ATTEMPTS,
      clock: deps.clock,
    });
    if (!job.created) throw busy(30);
    queued = true;
    return { jobId: job.id, container: upload.container, durationSec: probe.durationSec ?? 0 };
  } finally {
    await unlink(upload.path).catch(() => {});
    if (!queued) await deps.storage.remove(storageKey).catch(() => {});
  }
}

/** The owner's analysis; anyone else's, or another kind of job, is unknown (404). */
export async function ownedVideoJob(db: Db, owner: Owner | null, jobId: string): Promise<Job<VideoMatchPayload>> {
  const job = owner ? await getOwnedJob(db, jobId, owner.key) : undefined;
  if (!job || job.kind !== VIDEO_MATCH_JOB) throw notFound('Video analysis');
  return job as Job<VideoMatchPayload>;
}

export function progressOf(job: Job): VideoMatchProgress {
  const progress = (job.progress ?? {}) as Partial<VideoMatchJobProgress>;
  if (job.status === 'done') return { status: 'done', phase: 'done', percent: 100 };
  if (job.status === 'queued' && !progress.phase) return { status: 'queued', phase: 'queued', percent: 0 };
  return { status: job.status, phase: progress.phase ?? 'queued', percent: progress.percent ?? 0 };
}

const FAILED = { error: 'VIDEO_ANALYSIS_FAILED', message: 'The video could not be analysed. Please try again.' };

export function failureOf(job: Job): { error: string; message: string } | null {
  if (job.status === 'cancelled') return { error: 'CANCELLED', message: 'The analysis was cancelled.' };
  if (job.status !== 'failed') return null;
  const shown = USER_FACING_VIDEO_FAILURE.exec(job.error ?? '');
  return shown ? { error: shown[1]!, message: shown[2]! } : FAILED;
}

/** Progress events until the analysis ends; a failed or cancelled one ends with an `error` event. */
export async function* videoMatchEvents(db: Db, job: Job, signal: AbortSignal): AsyncGenerator<SseEvent> {
  for await (const current of watchJob(db, job.id, { signal, intervalMs: 250 })) {
    const failure = failureOf(current);
    if (failure) {
      yield { event: 'error', data: { ...failure, ...progressOf(current) } };
      return;
    }
    yield { data: progressOf(current) };
  }
}

/** The analysis and, once done, the music ranked against it (computed now: the catalogue may have changed). */
export async function videoMatchStatus(deps: VideoMatchDeps, job: Job): Promise<VideoMatchStatus> {
  const base = { jobId: job.id, progress: progressOf(job), failure: failureOf(job) };
  if (job.status !== 'done') return { ...base, measures: null, target: null, items: [] };
  // The target is read again from the kept measures (a pure function of them): analyses stored before
  // the reasons became codes (decision 068, 2026-11-28) then answer in the current shape too.
  const { measures } = job.result as VideoMatchResult;
  const target = targetOf(measures);
  const catalog = await deps.store.current();
  const { scores, fits } = videoScores(catalog, target);
  const result = catalog.index.query({
    terms: [],
    filters: { type: 'music' },
    sort: 'relevance',
    skip: 0,
    limit: VIDEO_MATCH_RESULTS,
    scores,
  });
  const ids = result.page.map((slot) => catalog.index.doc(slot)!.id);
  const products = await getProductsByIds(deps.catalog, ids);
  const byId = new Map(products.map((p) => [p.id, p]));
  const items = result.page.flatMap((slot) => {
    const fit = fits.get(slot)!;
    const product = byId.get(fit.productId);
    return product ? [{ product, reasons: fit.reasons, score: fit.score }] : [];
  });
  return { ...base, measures, target, items };
}

/** Cancels the owner's analysis and deletes its upload (a queued job never reaches the handler that would). */
export async function cancelVideoMatch(deps: VideoMatchDeps, job: Job<VideoMatchPayload>): Promise<void> {
  await cancelJob(deps.db, job.id, deps.clock);
  await deps.storage.remove(job.payload.storageKey).catch(() => {});
}
