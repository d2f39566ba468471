import { sql } from 'kysely';
import type { Db } from '../server/src/db/client';
import { parseEnv } from '../server/src/env';
import { embeddingText } from '../server/src/features/search/ai/document-text';
import * as repo from '../server/src/features/search/search.repo';
import { createEmbeddings } from '../server/src/providers/embeddings/create-embeddings';

const BATCH = 500;
const WORKERS = 3;

/**
 * Computes every product's AI search vector in this process before the server starts, with the
 * embeddings provider the server would use (the embedded engine unless EMBEDDINGS_URL is set) and the
 * server's own functions (the document text, the repository's read and upsert), so the vectors are the
 * ones its embedding job writes at ingest. A bulk-loaded or older catalogue has none, and the benches
 * must not measure AI search while the server is still filling them in behind it. Walks the products by
 * id (a keyset cursor), so the cost grows linearly with the catalogue.
 */
export async function embedCatalogue(db: Db): Promise<{ embedded: number; seconds: number; model: string }> {
  const embeddings = createEmbeddings(parseEnv());
  const started = performance.now();
  let embedded = 0;
  let after = '';
  // The next page of ids, handed out one at a time (the cursor moves before anyone awaits the work).
  let cursor: Promise<unknown> = Promise.resolve();
  const nextPage = () => {
    const page = cursor.then(async () => {
      const rows = await sql<{ id: string }>`
        SELECT id FROM products WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
      const ids = rows.rows.map((r) => r.id);
      if (ids.length > 0) after = ids[ids.length - 1]!;
      return ids;
    });
    cursor = page;
    return page;
  };
  // A few batches at once: reading, embedding and writing overlap (the database has cores to spare).
  const worker = async () => {
    for (let ids = await nextPage(); ids.length > 0; ids = await nextPage()) {
      const docs = await repo.selectSearchDocs(db, ids);
      const vectors = await embeddings.embed(docs.map(embeddingText), { kind: 'document' });
      await repo.upsertEmbeddings(
        db,
        embeddings.model,
        docs.map((doc, i) => ({ productId: doc.id, sourceSeq: doc.seq, vector: vectors[i]! })),
      );
      embedded += docs.length;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return { embedded, seconds: (performance.now() - started) / 1000, model: embeddings.model };
}
