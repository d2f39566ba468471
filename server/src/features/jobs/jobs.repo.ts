import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/client';
import type { JobsTable } from '../../db/schema';
import type { Job } from './jobs.types';

const COLUMNS = [
  'id',
  'kind',
  'payload',
  'owner_id',
  'status',
  'attempts',
  'max_attempts',
  'progress',
  'result',
  'error',
  'created_at',
  'updated_at',
] as const;

type Row = {
  id: string;
  kind: string;
  payload: unknown;
  owner_id: string | null;
  status: Job['status'];
  attempts: number;
  max_attempts: number;
  progress: Record<string, unknown> | null;
  result: unknown;
  error: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

export function toJob(row: Row): Job {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    ownerId: row.owner_id,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    progress: row.progress,
    result: row.result ?? null,
    error: row.error,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export type NewJobRow = {
  id: string;
  kind: string;
  payload: unknown;
  ownerId: string | null;
  dedupeKey: string | null;
  maxAttempts: number;
  runAt: Date;
  now: Date;
};

/** Inserts the job; with a dedupe key already queued or running, inserts nothing and returns undefined. */
export async function insertJob(db: Db, job: NewJobRow): Promise<Job | undefined> {
  const result = await sql<Row>`
    INSERT INTO jobs (id, kind, payload, owner_id, dedupe_key, max_attempts, run_at, created_at, updated_at)
    VALUES (${job.id}, ${job.kind}, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.ownerId}, ${job.dedupeKey},
            ${job.maxAttempts}, ${job.runAt}, ${job.now}, ${job.now})
    ON CONFLICT (dedupe_key) WHERE status IN ('queued', 'running') DO NOTHING
    RETURNING ${sql.join(COLUMNS.map((c) => sql.ref(c)))}
  `.execute(db);
  return result.rows[0] && toJob(result.rows[0]);
}

export async function selectActiveByDedupeKey(db: Db, dedupeKey: string): Promise<Job | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select(COLUMNS)
    .where('dedupe_key', '=', dedupeKey)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row && toJob(row as Row);
}

export async function selectJob(db: Db, id: string): Promise<Job | undefined> {
  const row = await db.selectFrom('jobs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toJob(row as Row);
}

/**
 * Claims the oldest runnable job of the given kinds for `worker`: a queued job whose time has come,
 * or a running one whose lease ran out (its worker died) and that has attempts left. SKIP LOCKED lets
 * every instance claim at once without two taking the same row.
 */
export async function claimJob(
  db: Db,
  worker: string,
  kinds: string[],
  now: Date,
  leaseMs: number,
): Promise<Job | undefined> {
  if (!kinds.length) return undefined;
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const result = await sql<Row>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = ${worker},
                    lease_until = ${leaseUntil}, updated_at = ${now}
    WHERE id = (
      SELECT id FROM jobs
      WHERE kind IN (${sql.join(kinds)})
        AND ((status = 'queued' AND run_at <= ${now})
          OR (status = 'running' AND lease_until < ${now} AND attempts < max_attempts))
      ORDER BY run_at, created_at
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING ${sql.join(COLUMNS.map((c) => sql.ref(c)))}
  `.execute(db);
  return result.rows[0] && toJob(result.rows[0]);
}

/** Jobs whose worker died on their last attempt: nobody will run them again. */
export async function failAbandoned(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: 'failed',
      error: 'The worker running this job stopped on its last attempt',
      locked_by: null,
      lease_until: null,
      updated_at: now,
    })
    .where('status', '=', 'running')
    .where('lease_until', '<', now)
    .where(sql<boolean>`attempts >= max_attempts`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

type Lease = { id: string; worker: string; attempt: number };

/** Updates a job only while `lease` still holds it; false when it was taken away (cancelled, re-claimed). */
async function updateLeased(db: Db, lease: Lease, set: Updateable<JobsTable>): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set(set)
    .where('id', '=', lease.id)
    .where('status', '=', 'running')
    .where('locked_by', '=', lease.worker)
    .where('attempts', '=', lease.attempt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const extendLease = (db: Db, lease: Lease, now: Date, leaseMs: number) =>
  updateLeased(db, lease, { lease_until: new Date(now.getTime() + leaseMs) });

export const saveProgress = (db: Db, lease: Lease, progress: Record<string, unknown>, now: Date) =>
  updateLeased(db, lease, { progress: JSON.stringify(progress), updated_at: now });

export const completeJob = (db: Db, lease: Lease, result: unknown, now: Date) =>
  updateLeased(db, lease, {
    status: 'done',
    result: JSON.stringify(result ?? null),
    error: null,
    locked_by: null,
    lease_until: null,
    dedupe_key: null,
    updated_at: now,
  });

/** A failed attempt: back to the queue after `retryAt`, or failed for good. */
export const failAttempt = (db: Db, lease: Lease, error: string, now: Date, retryAt: Date | null) =>
  updateLeased(
    db,
    lease,
    retryAt
      ? { status: 'queued', error, locked_by: null, lease_until: null, run_at: retryAt, updated_at: now }
      : { status: 'failed', error, locked_by: null, lease_until: null, dedupe_key: null, updated_at: now },
  );

/** A stopping worker hands its job back so another instance takes it at once (the attempt is not counted). */
export const releaseJob = (db: Db, lease: Lease, now: Date) =>
  updateLeased(db, lease, {
    status: 'queued',
    attempts: lease.attempt - 1,
    locked_by: null,
    lease_until: null,
    run_at: now,
    updated_at: now,
  });

export async function cancelJobRow(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'cancelled', locked_by: null, lease_until: null, dedupe_key: null, updated_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Finished jobs older than `before` (their results were read long ago). */
export async function deleteFinishedBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', 'in', ['done', 'failed', 'cancelled'])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
