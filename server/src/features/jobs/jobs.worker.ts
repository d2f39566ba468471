import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import * as repo from './jobs.repo';
import { onJobEnqueued } from './jobs.service';
import { runClaimedJob, type RunnerDeps } from './jobs.runner';
import type { JobHandlers } from './jobs.types';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;

export type JobWorkersOptions = {
  db: Db;
  clock: Clock;
  handlers: JobHandlers;
  log: NonNullable<RunnerDeps['log']> & { info(obj: object, msg: string): void };
  /** Jobs run at once by this process (JOB_CONCURRENCY). */
  concurrency?: number;
  /** How often an idle worker looks for work that another instance enqueued (JOB_POLL_MS). */
  pollMs?: number;
  /** How long a claimed job stays with this process without a heartbeat (JOB_LEASE_SECONDS). */
  leaseMs?: number;
};

export type JobWorkers = {
  /** Look for work now (after an enqueue in this process). */
  kick(): void;
  /** Stops claiming; waits up to `graceMs` for running jobs, then hands the rest back to the queue. */
  stop(graceMs?: number): Promise<void>;
};

/**
 * Workers of this process. Every instance runs its own; the database decides who gets which job
 * (decision 049). Idle workers poll, and an enqueue in this process wakes them at once.
 */
export function startJobWorkers(opts: JobWorkersOptions): JobWorkers {
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  const pollMs = opts.pollMs ?? 1000;
  const deps: RunnerDeps = {
    db: opts.db,
    clock: opts.clock,
    handlers: opts.handlers,
    log: opts.log,
    leaseMs: opts.leaseMs ?? 60_000,
    worker: `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`,
  };
  const kinds = Object.keys(opts.handlers);
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let looking = false;
  let again = false;
  // Set at the start of stop(): no new claims, while running jobs get their grace.
  let closed = false;
  let lastSweep = 0;

  const schedule = (ms: number) => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void look(), ms);
    timer.unref?.();
  };

  async function look(): Promise<void> {
    if (closed) return;
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    try {
      const now = deps.clock.now();
      await repo.failAbandoned(deps.db, now);
      // Finished jobs are kept a week (results and errors to look at), then swept by whichever instance.
      if (now.getTime() - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now.getTime();
        await repo.deleteFinishedBefore(deps.db, new Date(now.getTime() - KEEP_FINISHED_MS));
      }
      while (running.size < concurrency && !closed) {
        const job = await repo.claimJob(deps.db, deps.worker, kinds, deps.clock.now(), deps.leaseMs);
        if (!job) break;
        const run = runClaimedJob(deps, job, stopping.signal).finally(() => {
          running.delete(run);
          schedule(0);
        });
        running.add(run);
      }
    } catch (err) {
      opts.log.warn({ err }, 'jobs: could not look for work (database unreachable?); trying again');
    } finally {
      looking = false;
    }
    if (again) {
      again = false;
      schedule(0);
    } else schedule(pollMs);
  }

  const unsubscribe = onJobEnqueued(() => schedule(0));
  schedule(0);

  return {
    kick: () => schedule(0),
    async stop(graceMs = 10_000) {
      closed = true;
      unsubscribe();
      clearTimeout(timer);
      const all = Promise.allSettled([...running]);
      const graceOver = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
      if ((await Promise.race([all.then(() => 'done' as const), graceOver])) === 'timeout') {
        opts.log.info({ running: running.size }, 'jobs: handing unfinished jobs back to the queue');
      }
      stopping.abort();
      await all;
    },
  };
}
