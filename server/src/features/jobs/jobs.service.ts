import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import * as repo from './jobs.repo';
import { FINISHED, type Job, type JobHandlers } from './jobs.types';
import { runClaimedJob, type RunnerDeps } from './jobs.runner';

/** Unguessable: a job id is what a client holds to follow and fetch its result. */
export const newJobId = () => `job_${randomBytes(18).toString('base64url')}`;

/** What a job id looks like, so routes can tell it from a file id before touching the database. */
export const JOB_ID_PATTERN = /^job_[A-Za-z0-9_-]{24}$/;

/** Called after an enqueue so a worker of this process starts at once instead of at its next poll. */
const wakeListeners = new Set<() => void>();
export function onJobEnqueued(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

export type EnqueueOptions = {
  kind: string;
  payload?: unknown;
  ownerId?: string | null;
  /** At most one queued or running job per key: a second enqueue returns the first. */
  dedupeKey?: string | null;
  maxAttempts?: number;
  /** Not before this time (a delayed job: an archive's deletion a day later). Default: now. */
  runAt?: Date;
  clock?: Clock;
};

export async function enqueueJob(db: Db, options: EnqueueOptions): Promise<{ id: string; created: boolean }> {
  const now = (options.clock ?? systemClock).now();
  const row = {
    id: newJobId(),
    kind: options.kind,
    payload: options.payload ?? {},
    ownerId: options.ownerId ?? null,
    dedupeKey: options.dedupeKey ?? null,
    maxAttempts: options.maxAttempts ?? 3,
    runAt: options.runAt ?? now,
    now,
  };
  // A job with the same key can finish between the insert that found it and the select that reads it:
  // then the key is free again, and the next round inserts.
  for (let round = 0; round < 3; round++) {
    const inserted = await repo.insertJob(db, row);
    if (inserted) {
      for (const wake of wakeListeners) wake();
      return { id: inserted.id, created: true };
    }
    const existing = await repo.selectActiveByDedupeKey(db, row.dedupeKey!);
    if (existing) return { id: existing.id, created: false };
  }
  throw new Error(`enqueueJob: could not enqueue ${options.kind} with key ${options.dedupeKey}`);
}

export const getJob = (db: Db, id: string): Promise<Job | undefined> =>
  JOB_ID_PATTERN.test(id) ? repo.selectJob(db, id) : Promise.resolve(undefined);

/** The job when `ownerId` asked for it; undefined otherwise, so another user's id looks unknown. */
export async function getOwnedJob(db: Db, id: string, ownerId: string): Promise<Job | undefined> {
  const job = await getJob(db, id);
  return job && job.ownerId === ownerId ? job : undefined;
}

/** Stops a queued or running job (its worker notices at the next heartbeat); false when it had finished. */
export const cancelJob = (db: Db, id: string, clock: Clock = systemClock) => repo.cancelJobRow(db, id, clock.now());

export const isFinished = (job: Job) => FINISHED.includes(job.status);

/**
 * Yields the job now and whenever its status or progress changes, until it finishes or `signal`
 * aborts. Polls the row, so it works from any instance whichever worker runs the job.
 */
export async function* watchJob(
  db: Db,
  id: string,
  opts: { signal: AbortSignal; intervalMs?: number },
): AsyncGenerator<Job> {
  const interval = opts.intervalMs ?? 250;
  let last = '';
  while (!opts.signal.aborted) {
    const job = await getJob(db, id);
    if (!job) return;
    const fingerprint = JSON.stringify([job.status, job.progress, job.attempts]);
    if (fingerprint !== last) {
      last = fingerprint;
      yield job;
    }
    if (isFinished(job)) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, interval);
      function done() {
        clearTimeout(timer);
        opts.signal.removeEventListener('abort', done);
        resolve();
      }
      opts.signal.addEventListener('abort', done, { once: true });
    });
  }
}

/**
 * Runs every runnable job in this process until none is left (tests, CLIs). Jobs enqueued by the
 * handlers themselves are run too.
 */
export async function runJobsUntilIdle(
  deps: { db: Db; clock?: Clock },
  handlers: JobHandlers,
  opts: { leaseMs?: number } = {},
): Promise<number> {
  const runner: RunnerDeps = {
    db: deps.db,
    clock: deps.clock ?? systemClock,
    handlers,
    worker: `inline-${process.pid}-${randomBytes(4).toString('hex')}`,
    leaseMs: opts.leaseMs ?? 60_000,
  };
  let ran = 0;
  for (;;) {
    const job = await repo.claimJob(deps.db, runner.worker, Object.keys(handlers), runner.clock.now(), runner.leaseMs);
    if (!job) return ran;
    await runClaimedJob(runner, job, new AbortController().signal);
    ran++;
  }
}
