import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Sound descriptors (issue 14, decision 066): what each product sounds like, as a short float32 vector
 * with the readable features it was made of. "More like this", reference links and video match rank by
 * them. A table of its own rather than columns of `products`: writing a descriptor (the backfill job)
 * must not touch the product's `search_seq`, which would make every AI vector stale and re-embed the
 * catalogue. `seq` (from the search sequence) changes with every write, so each process's search index
 * reloads exactly the descriptors that changed (it compares (product, seq) pairs, like decision 058).
 * `version` is the vector layout (descriptor.ts): rows of an older layout are recomputed by the backfill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE product_sounds (
      product_id text PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
      version smallint NOT NULL,
      -- float32 little-endian
      vector bytea NOT NULL,
      features jsonb NOT NULL,
      seq bigint NOT NULL DEFAULT nextval('search_seq')
    );
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
