import type { Db } from '../../db/client';
import type { Embeddings } from '../../providers/embeddings/embeddings';
import { enqueueJob } from '../jobs/jobs.service';
import type { JobHandlers } from '../jobs/jobs.types';
import { embeddingText } from './ai/document-text';
import * as repo from './search.repo';

/** Computes the AI vectors of products that have none for the current model, or an outdated one. */
export const EMBED_JOB = 'search.embed';
/** Products embedded per call to the provider (and per database write). */
const BATCH = 64;

/** One pending embedding job at a time (the dedupe key); a running one picks up what arrives meanwhile. */
export async function enqueueEmbedding(db: Db): Promise<void> {
  await enqueueJob(db, { kind: EMBED_JOB, dedupeKey: EMBED_JOB, maxAttempts: 5 });
}

export function searchJobHandlers(deps: { db: Db; providers: { embeddings: Embeddings } }): JobHandlers {
  return {
    [EMBED_JOB]: async (_job, ctx) => {
      const { db } = deps;
      const { embeddings } = deps.providers;
      let embedded = 0;
      // Walks through the catalogue in id order (each batch starts after the last), again while a walk
      // found work: a product that changed behind a walk is then taken by the next one, so an enqueue
      // that found this job already running loses nothing.
      for (let walkEmbedded = -1; walkEmbedded !== 0;) {
        walkEmbedded = 0;
        let afterId = '';
        for (;;) {
          ctx.signal.throwIfAborted();
          const ids = await repo.selectStaleEmbeddingIds(db, embeddings.model, afterId, BATCH);
          if (ids.length === 0) break;
          afterId = ids[ids.length - 1]!;
          const docs = await repo.selectSearchDocs(db, ids);
          // A provider failure throws: the job is retried with backoff (the queue's), nothing half-written.
          const vectors = await embeddings.embed(docs.map(embeddingText), { kind: 'document', signal: ctx.signal });
          await repo.upsertEmbeddings(
            db,
            embeddings.model,
            docs.map((doc, i) => ({ productId: doc.id, sourceSeq: doc.seq, vector: vectors[i]! })),
          );
          walkEmbedded += docs.length;
          embedded += docs.length;
          await ctx.progress({ embedded });
        }
      }
      // The catalogue is covered by this model: vectors of a model used before are dead weight.
      await repo.deleteOtherModels(db, embeddings.model);
      return { model: embeddings.model, embedded };
    },
  };
}
