import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import type { Db } from '../../db/client';
import { enqueueJob } from '../jobs/jobs.service';
import { PermanentJobError, type JobHandlers } from '../jobs/jobs.types';
import { countProductsTable } from './catalog.repo';
import { selectDemoStatus } from './demo.repo';
import { ensureDemoCatalog, type DemoDeps } from './demo.service';

/**
 * The first start's demo catalogue as a durable job (decision 074): the server serves at once and the
 * catalogue fills in behind it, product by product. One job for every instance (dedupe key); a stop
 * hands it back to the queue and a killed instance's job is taken over, and either way the build
 * resumes where it was (the synthesis is seeded: products already in are found unchanged).
 */
export const DEMO_CATALOG_JOB = 'catalog.demo';

const payloadSchema = z.object({
  songs: z.number().int().min(0).max(5000),
  sfx: z.number().int().min(0).max(5000),
});
export type DemoJobPayload = z.infer<typeof payloadSchema>;

/** True when the catalogue is empty or an earlier demo build did not finish. */
export async function demoCatalogNeeded(db: Db): Promise<boolean> {
  if ((await selectDemoStatus(db)) === 'building') return true;
  return (await countProductsTable(db)) === 0;
}

/** Queues the demo build when the catalogue needs one; answers whether a build is queued or running. */
export async function queueDemoCatalog(db: Db, payload: DemoJobPayload, clock?: Clock): Promise<boolean> {
  if (!(await demoCatalogNeeded(db))) return false;
  await enqueueJob(db, { kind: DEMO_CATALOG_JOB, payload, dedupeKey: DEMO_CATALOG_JOB, maxAttempts: 5, clock });
  return true;
}

export type DemoJobDeps = DemoDeps & {
  /** Runs after a build that added products (the composition root queues the stem previews' backfill). */
  afterBuild?: () => Promise<void>;
};

export function demoJobHandlers(deps: DemoJobDeps): JobHandlers {
  return {
    [DEMO_CATALOG_JOB]: async (job, ctx) => {
      const payload = payloadSchema.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError('bad demo catalogue payload');
      // Stem previews are the largest share of the encoding; the downloads backfill makes them after.
      const result = await ensureDemoCatalog(deps, {
        mode: 'auto',
        ...payload.data,
        stemPreviews: 'later',
        signal: ctx.signal,
      });
      if (!result.built) return { built: false, reason: result.reason };
      await deps.afterBuild?.();
      return { built: true, added: result.report.added.length, skipped: result.report.skipped.length };
    },
  };
}
