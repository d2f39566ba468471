import { errorBodySchema } from '@cuewave/contract/errors';
import { recommendationsSchema, recommendQuerySchema } from '@cuewave/contract/recommend';
import type { ZodApp } from '../../../deps';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { recommend, type RecommendDeps } from './recommend.service';
import { enqueueSoundBackfillIfNeeded } from './sound.jobs';

const e = errorBodySchema;
/** Results carry products with waveforms: plain JSON, as the catalogue does. */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** "More like this" (issue 14, decision 066) and the backfill of sound descriptors. */
export async function registerRecommendRoutes(app: ZodApp, deps: RecommendDeps & { db: Db; clock: Clock }) {
  // Static paths for each type, so a product that happened to be called "recommended" could never shadow them.
  for (const type of ['music', 'sfx'] as const) {
    app.get(
      `/api/v1/product/${type}/recommended`,
      {
        ...plainJson,
        schema: {
          tags: ['catalog'],
          summary: `Recommended ${type} products; with id=, the ones that sound most like that product`,
          description:
            'id={productId}: nearest by sound (timbre, tempo, energy, brightness, rhythm, key, loudness, dynamics), ' +
            'never the product itself, each with closeIn. like={productId}: same genre or category, nearby tempo. ' +
            'Neither: a daily rotation of popular products.',
          querystring: recommendQuerySchema,
          response: { 200: recommendationsSchema, 400: e, 404: e },
        },
      },
      async (request) => recommend(deps, type, request.query),
    );
  }

  // Catalogues ingested before decision 066 get their descriptors in the background, once (the dedupe key
  // keeps every instance from queueing its own).
  app.addHook('onReady', async () => {
    try {
      await enqueueSoundBackfillIfNeeded(deps.db, deps.clock);
    } catch (error) {
      app.log.error({ err: error }, 'could not queue the sound descriptor backfill');
    }
  });
}
