import { downloadFormatSchema } from '@cuewave/contract/downloads';
import { z } from 'zod';
import { PermanentJobError, type JobHandlers } from '../jobs/jobs.types';
import { backfillProduct, runCatalogBackfill } from './catalog-backfill';
import { selectDownloadProduct } from './downloads.repo';
import { BACKFILL_CATALOG_JOB, BACKFILL_PRODUCT_JOB, RENDITION_JOB } from './downloads.jobs-kinds';
import { ensureRendition, type RenditionDeps } from './renditions';

const renditionPayload = z.object({ sourceFileId: z.string().min(1), format: downloadFormatSchema });
const productPayload = z.object({ productId: z.string().min(1) });

/** The downloads feature's job handlers, for the composition root (server/src/jobs-registry.ts). */
export function downloadJobHandlers(deps: RenditionDeps): JobHandlers {
  return {
    [RENDITION_JOB]: async (job, ctx) => {
      const payload = renditionPayload.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError('bad rendition payload');
      const file = await ensureRendition(deps, payload.data.sourceFileId, payload.data.format, ctx.signal);
      return { fileId: file.id, size: file.size };
    },
    [BACKFILL_PRODUCT_JOB]: async (job) => {
      const payload = productPayload.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError('bad backfill payload');
      const product = await selectDownloadProduct(deps.db, payload.data.productId);
      if (!product) throw new PermanentJobError(`product ${payload.data.productId} is gone`);
      await backfillProduct(deps, product);
      return { productId: product.id };
    },
    [BACKFILL_CATALOG_JOB]: (_job, ctx) => runCatalogBackfill(deps, ctx),
  };
}
