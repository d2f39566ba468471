import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Search (issue 13, decisions 058–061).
 *
 * - Products gain what search reads beyond the taxonomy: a description, instruments, keywords and a
 *   release year (all optional in the manifest; older catalogues keep working with the defaults).
 * - Every write that changes what search sees of a product (the row itself, its moods, tags or
 *   categories) gives it a new `search_seq` by trigger, whatever wrote the change (ingest, operator
 *   command, SQL by hand). When the catalogue version moves, each process's in-memory index compares
 *   the (id, search_seq) pairs with its own and reloads only the products that differ (decision 058);
 *   comparing, rather than reading "everything after the last number seen", cannot miss a change whose
 *   transaction committed out of sequence order.
 * - `product_embeddings` holds the vectors of AI search, per embeddings model, recomputed by a job when
 *   the product changes or the model does.
 * - `search_history`: a signed-in user's recent searches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE SEQUENCE search_seq;

    ALTER TABLE products
      ADD COLUMN description text NOT NULL DEFAULT '',
      ADD COLUMN instruments text[] NOT NULL DEFAULT '{}',
      ADD COLUMN keywords text[] NOT NULL DEFAULT '{}',
      ADD COLUMN release_year integer,
      ADD COLUMN search_seq bigint NOT NULL DEFAULT nextval('search_seq');
    CREATE INDEX products_search_seq_idx ON products (search_seq);

    -- (function bodies stay on one line: the script runner splits statements at a ';' that ends a line)
    CREATE FUNCTION search_touch_product() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN NEW.search_seq := nextval('search_seq'); RETURN NEW; END $$;
    -- rank changes (popularity) do not change what search matches, but they change the listing order it
    -- reports, so every update counts
    CREATE TRIGGER products_search_touch BEFORE UPDATE ON products
      FOR EACH ROW EXECUTE FUNCTION search_touch_product();

    -- a link table row added or removed touches its product (a no-op when the product itself is gone)
    CREATE FUNCTION search_touch_linked() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN IF TG_OP = 'DELETE' THEN UPDATE products SET search_seq = nextval('search_seq') WHERE id = OLD.product_id; RETURN OLD; END IF; UPDATE products SET search_seq = nextval('search_seq') WHERE id = NEW.product_id; RETURN NEW; END $$;
    CREATE TRIGGER product_moods_search_touch AFTER INSERT OR UPDATE OR DELETE ON product_moods
      FOR EACH ROW EXECUTE FUNCTION search_touch_linked();
    CREATE TRIGGER product_tags_search_touch AFTER INSERT OR UPDATE OR DELETE ON product_tags
      FOR EACH ROW EXECUTE FUNCTION search_touch_linked();
    CREATE TRIGGER product_categories_search_touch AFTER INSERT OR UPDATE OR DELETE ON product_categories
      FOR EACH ROW EXECUTE FUNCTION search_touch_linked();

    CREATE TABLE product_embeddings (
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      -- the embeddings model (provider and version): switching models re-embeds the catalogue
      model text NOT NULL,
      -- the product's search_seq the vector was computed from; older than the product's means stale
      source_seq bigint NOT NULL,
      -- float32 little-endian
      vector bytea NOT NULL,
      -- for the in-memory vector indexes to catch up incrementally
      seq bigint NOT NULL DEFAULT nextval('search_seq'),
      PRIMARY KEY (model, product_id)
    );
    CREATE INDEX product_embeddings_seq_idx ON product_embeddings (model, seq);

    CREATE TABLE search_history (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      prompt text NOT NULL,
      engine text NOT NULL CHECK (engine IN ('ai', 'standard')),
      type text NOT NULL CHECK (type IN ('music', 'sfx')),
      filters jsonb NOT NULL DEFAULT '{}',
      -- the same search again moves its entry to the top instead of adding one
      dedupe_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX search_history_dedupe_idx ON search_history (user_id, dedupe_key);
    CREATE INDEX search_history_user_idx ON search_history (user_id, created_at DESC);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
