import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * The durable job queue (decision 049): heavy work (renditions, archives, backfills) waits here until a
 * worker of any app instance claims it with FOR UPDATE SKIP LOCKED and holds a lease while it runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE jobs (
      id text PRIMARY KEY,
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      -- the account that asked for it; routes that expose a job check it
      owner_id text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 3,
      run_at timestamptz NOT NULL DEFAULT now(),
      -- the worker holding the job and until when; a lease that runs out means the worker died
      locked_by text,
      lease_until timestamptz,
      progress jsonb,
      result jsonb,
      error text,
      -- one queued or running job per key (the same rendition is never produced twice at once)
      dedupe_key text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX jobs_runnable_idx ON jobs (run_at) WHERE status = 'queued';
    CREATE INDEX jobs_leased_idx ON jobs (lease_until) WHERE status = 'running';
    CREATE UNIQUE INDEX jobs_dedupe_idx ON jobs (dedupe_key) WHERE status IN ('queued', 'running');
    CREATE INDEX jobs_finished_idx ON jobs (updated_at) WHERE status IN ('done', 'failed', 'cancelled');
    `,
  );
}
