import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import * as repo from './jobs.repo';
import { PermanentJobError, type Job, type JobHandlers } from './jobs.types';

export type RunnerDeps = {
  db: Db;
  clock: Clock;
  handlers: JobHandlers;
  /** Unique per worker, so a lease names who holds it. */
  worker: string;
  leaseMs: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

/** Seconds before retry n: 2, 4, 8 ... at most 5 minutes. */
export const retryDelayMs = (attempt: number) => Math.min(2 ** attempt, 300) * 1000;

/**
 * Runs one claimed job to its end: heartbeats keep the lease while the handler works; only the lease
 * holder may record the outcome, so a job re-claimed after a stall finishes exactly once.
 * `stopping` aborts the handler and hands the job back to the queue.
 */
export async function runClaimedJob(deps: RunnerDeps, job: Job, stopping: AbortSignal): Promise<void> {
  const lease = { id: job.id, worker: deps.worker, attempt: job.attempts };
  const controller = new AbortController();
  const onStop = () => controller.abort(new Error('worker stopping'));
  stopping.addEventListener('abort', onStop, { once: true });
  const heartbeat = setInterval(
    () => {
      repo
        .extendLease(deps.db, lease, deps.clock.now(), deps.leaseMs)
        .then((held) => {
          if (!held) controller.abort(new Error('the job was cancelled or taken over'));
        })
        .catch(() => {
          // The database is unreachable for a moment: the lease may still run out; the outcome write decides.
        });
    },
    Math.max(50, Math.floor(deps.leaseMs / 3)),
  );
  heartbeat.unref?.();

  const handler = deps.handlers[job.kind];
  try {
    if (!handler) throw new PermanentJobError(`No handler for jobs of kind ${job.kind}`);
    const result = await handler(job, {
      attempt: job.attempts,
      signal: controller.signal,
      progress: async (progress) => {
        await repo.saveProgress(deps.db, lease, progress, deps.clock.now());
      },
    });
    await repo.completeJob(deps.db, lease, result, deps.clock.now());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const now = deps.clock.now();
    if (stopping.aborted) {
      await repo.releaseJob(deps.db, lease, now).catch(() => {});
    } else if (controller.signal.aborted) {
      // Cancelled or taken over: whoever holds it now decides its outcome.
    } else {
      const retry = !(error instanceof PermanentJobError) && job.attempts < job.maxAttempts;
      const retryAt = retry ? new Date(now.getTime() + retryDelayMs(job.attempts)) : null;
      deps.log?.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, retry, err: message }, 'job failed');
      await repo.failAttempt(deps.db, lease, message.slice(0, 1000), now, retryAt).catch((writeError: unknown) => {
        deps.log?.error({ jobId: job.id, err: writeError }, 'job: could not record a failure');
      });
    }
  } finally {
    clearInterval(heartbeat);
    stopping.removeEventListener('abort', onStop);
  }
}
