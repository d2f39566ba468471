import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Reference links (issue 14, decision 067). A fetched or uploaded audio file is analysed and deleted; what
 * a later search ranks by is kept here, under a random id the client sends back as `reference`, so any
 * instance can serve that search: the sound descriptor (numbers only) or a streaming page's title and
 * artist. Rows expire after a day and are removed as new ones are written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE search_references (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('sound', 'text')),
      -- sound: {vector, features} of audio/descriptor.types.ts
      descriptor jsonb,
      -- text: the words searched for (title and artist of a streaming page)
      search_text text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      CHECK ((kind = 'sound') = (descriptor IS NOT NULL)),
      CHECK ((kind = 'text') = (search_text IS NOT NULL))
    );
    CREATE INDEX search_references_expires ON search_references (expires_at);
    `,
  );
}
