// Types of the durable job queue (decision 049). A leaf: features export handlers typed with these, and
// only the composition root (server/src/jobs-registry.ts) puts them together.

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export type Job<P = unknown> = {
  id: string;
  kind: string;
  payload: P;
  /** The account that asked for it; routes exposing a job compare it with the caller. */
  ownerId: string | null;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  progress: Record<string, unknown> | null;
  result: unknown;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type JobContext = {
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
  /** Aborted when the worker stops or the job was taken away (cancelled, or its lease ran out). */
  signal: AbortSignal;
  /** Saves progress others can watch (watchJob, server-sent events). */
  progress(progress: Record<string, unknown>): Promise<void>;
};

/**
 * Does the work and returns the JSON to keep as the job's result. May run more than once (a retry,
 * or a worker that died mid-way), so it must be idempotent: deterministic storage keys, upserts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JobHandler<P = any> = (job: Job<P>, ctx: JobContext) => Promise<unknown>;

export type JobHandlers = Record<string, JobHandler>;

/** A failure that retrying cannot fix (bad payload, deleted playlist): the job fails at once. */
export class PermanentJobError extends Error {}

export const FINISHED: readonly JobStatus[] = ['done', 'failed', 'cancelled'];
