import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/client';
import { fixedClock, systemClock } from '../../lib/clock';
import * as repo from './jobs.repo';
import { cancelJob, enqueueJob, getJob, getOwnedJob, runJobsUntilIdle, watchJob } from './jobs.service';
import { runClaimedJob } from './jobs.runner';
import { startJobWorkers } from './jobs.worker';
import { PermanentJobError, type JobHandlers } from './jobs.types';

const silent = { info() {}, warn() {}, error() {} };

async function until<T>(check: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('durable job queue', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDb()));
  afterAll(() => drop());
  beforeEach(async () => {
    await sql`DELETE FROM jobs`.execute(db);
  });

  it('runs a job once and keeps its result and progress', async () => {
    const seen: string[] = [];
    const handlers: JobHandlers = {
      echo: async (job, ctx) => {
        seen.push(job.id);
        await ctx.progress({ filesProcessed: 1, totalFiles: 1 });
        return { doubled: (job.payload as { n: number }).n * 2 };
      },
    };
    const { id, created } = await enqueueJob(db, { kind: 'echo', payload: { n: 21 }, ownerId: 'acc-1' });
    expect(created).toBe(true);
    expect(id).toMatch(/^job_[A-Za-z0-9_-]{24}$/);
    expect(await runJobsUntilIdle({ db }, handlers)).toBe(1);
    expect(await runJobsUntilIdle({ db }, handlers)).toBe(0);
    const job = await getJob(db, id);
    expect(job).toMatchObject({ status: 'done', attempts: 1, result: { doubled: 42 } });
    expect(job?.progress).toEqual({ filesProcessed: 1, totalFiles: 1 });
    expect(seen).toEqual([id]);
  });

  it('another account asking for a job id finds nothing', async () => {
    const { id } = await enqueueJob(db, { kind: 'echo', ownerId: 'acc-1' });
    expect(await getOwnedJob(db, id, 'acc-1')).toBeDefined();
    expect(await getOwnedJob(db, id, 'acc-2')).toBeUndefined();
    expect(await getJob(db, 'job_not-a-real-one')).toBeUndefined();
    expect(await getJob(db, "'; DROP TABLE jobs; --")).toBeUndefined();
  });

  it('a dedupe key gives the job already queued instead of a second one, and is free again once it finished', async () => {
    const a = await enqueueJob(db, { kind: 'echo', dedupeKey: 'rendition:f1:wav' });
    const b = await enqueueJob(db, { kind: 'echo', dedupeKey: 'rendition:f1:wav' });
    expect(b).toEqual({ id: a.id, created: false });
    await runJobsUntilIdle({ db }, { echo: async () => null });
    const c = await enqueueJob(db, { kind: 'echo', dedupeKey: 'rendition:f1:wav' });
    expect(c.created).toBe(true);
    expect(c.id).not.toBe(a.id);
  });

  it('a failing job is retried later with backoff, then fails for good; a permanent error fails at once', async () => {
    const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));
    let runs = 0;
    const handlers: JobHandlers = {
      flaky: async () => {
        runs++;
        throw new Error(`boom ${runs}`);
      },
      broken: async () => {
        throw new PermanentJobError('the playlist is gone');
      },
    };
    const { id } = await enqueueJob(db, { kind: 'flaky', maxAttempts: 2, clock });
    await runJobsUntilIdle({ db, clock }, handlers);
    expect(await getJob(db, id)).toMatchObject({ status: 'queued', attempts: 1, error: 'boom 1' });
    // Not before its backoff.
    expect(await runJobsUntilIdle({ db, clock }, handlers)).toBe(0);
    clock.advance(2_000);
    await runJobsUntilIdle({ db, clock }, handlers);
    expect(await getJob(db, id)).toMatchObject({ status: 'failed', attempts: 2, error: 'boom 2' });
    expect(runs).toBe(2);

    const broken = await enqueueJob(db, { kind: 'broken', clock });
    await runJobsUntilIdle({ db, clock }, handlers);
    expect(await getJob(db, broken.id)).toMatchObject({ status: 'failed', attempts: 1, error: 'the playlist is gone' });
  });

  it('a delayed job waits for its time', async () => {
    const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));
    const { id } = await enqueueJob(db, { kind: 'echo', runAt: new Date('2026-11-26T12:00:00Z'), clock });
    expect(await runJobsUntilIdle({ db, clock }, { echo: async () => 'ran' })).toBe(0);
    clock.advance(24 * 3600_000);
    expect(await runJobsUntilIdle({ db, clock }, { echo: async () => 'ran' })).toBe(1);
    expect(await getJob(db, id)).toMatchObject({ status: 'done', result: 'ran' });
  });

  it('a job whose worker died is taken over after its lease, and the stale worker cannot finish it', async () => {
    const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));
    const { id } = await enqueueJob(db, { kind: 'echo', clock });
    const dead = await repo.claimJob(db, 'dead-worker', ['echo'], clock.now(), 1_000);
    expect(dead?.id).toBe(id);
    // Still leased: nobody else gets it.
    expect(await repo.claimJob(db, 'other', ['echo'], clock.now(), 1_000)).toBeUndefined();
    clock.advance(1_001);
    let ranBy = '';
    await runJobsUntilIdle({ db, clock }, { echo: async (job) => (ranBy = `attempt ${job.attempts}`) });
    expect(ranBy).toBe('attempt 2');
    // The first worker wakes up and tries to record its outcome: refused, the job stays as the second left it.
    expect(await repo.completeJob(db, { id, worker: 'dead-worker', attempt: 1 }, 'late', clock.now())).toBe(false);
    expect(await getJob(db, id)).toMatchObject({ status: 'done', result: 'attempt 2' });
  });

  it('a job abandoned on its last attempt is marked failed instead of running forever', async () => {
    const clock = fixedClock(new Date('2026-11-25T12:00:00Z'));
    const { id } = await enqueueJob(db, { kind: 'echo', maxAttempts: 1, clock });
    await repo.claimJob(db, 'dead-worker', ['echo'], clock.now(), 1_000);
    clock.advance(5_000);
    expect(await runJobsUntilIdle({ db, clock }, { echo: async () => 'ran' })).toBe(0);
    expect(await repo.failAbandoned(db, clock.now())).toBe(1);
    expect(await getJob(db, id)).toMatchObject({ status: 'failed' });
  });

  it('two sets of workers sharing the database run each of 40 jobs exactly once', async () => {
    const runs = new Map<string, number>();
    const handlers: JobHandlers = {
      count: async (job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return null;
      },
    };
    const ids = [];
    for (let i = 0; i < 40; i++) ids.push((await enqueueJob(db, { kind: 'count' })).id);
    const a = startJobWorkers({ db, clock: systemClock, handlers, log: silent, concurrency: 3, pollMs: 20 });
    const b = startJobWorkers({ db, clock: systemClock, handlers, log: silent, concurrency: 3, pollMs: 20 });
    try {
      await until(async () => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE status = 'done'`.execute(
          db,
        );
        return rows[0]!.n === 40;
      });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
  });

  it('a stopping worker hands its running job back, and another worker completes it', async () => {
    let started = false;
    const handlers: JobHandlers = {
      slow: (_job, ctx) =>
        new Promise((resolve, reject) => {
          started = true;
          ctx.signal.addEventListener('abort', () => reject(new Error('stopped')));
        }),
    };
    const { id } = await enqueueJob(db, { kind: 'slow' });
    const first = startJobWorkers({ db, clock: systemClock, handlers, log: silent, pollMs: 20 });
    await until(async () => started);
    await first.stop(10);
    expect(await getJob(db, id)).toMatchObject({ status: 'queued', attempts: 0 });
    await runJobsUntilIdle({ db }, { slow: async () => 'finished elsewhere' });
    expect(await getJob(db, id)).toMatchObject({ status: 'done', result: 'finished elsewhere', attempts: 1 });
  });

  it('watchers see progress as it happens and the end; a cancelled job stops its handler', async () => {
    const { id } = await enqueueJob(db, { kind: 'steps' });
    const controller = new AbortController();
    const seen: unknown[] = [];
    const watching = (async () => {
      for await (const job of watchJob(db, id, { signal: controller.signal, intervalMs: 10 }))
        seen.push([job.status, job.progress]);
    })();
    await runJobsUntilIdle(
      { db },
      {
        steps: async (_job, ctx) => {
          for (let i = 1; i <= 3; i++) {
            await ctx.progress({ filesProcessed: i, totalFiles: 3 });
            await new Promise((resolve) => setTimeout(resolve, 40));
          }
          return null;
        },
      },
    );
    await watching;
    expect(seen.at(-1)).toEqual(['done', { filesProcessed: 3, totalFiles: 3 }]);
    expect(seen).toContainEqual(['running', { filesProcessed: 2, totalFiles: 3 }]);

    const cancelled = await enqueueJob(db, { kind: 'endless' });
    let aborted = false;
    const job = (await repo.claimJob(db, 'w', ['endless'], new Date(), 150))!;
    const run = runClaimedJob(
      {
        db,
        clock: systemClock,
        worker: 'w',
        leaseMs: 150,
        handlers: {
          endless: (_job, ctx) =>
            new Promise((_resolve, reject) =>
              ctx.signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('cancelled'));
              }),
            ),
        },
      },
      job,
      new AbortController().signal,
    );
    expect(await cancelJob(db, cancelled.id)).toBe(true);
    await run;
    expect(aborted).toBe(true);
    expect(await getJob(db, cancelled.id)).toMatchObject({ status: 'cancelled' });
  });
});
