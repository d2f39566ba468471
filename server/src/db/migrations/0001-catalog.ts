import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/** The catalogue: categories, moods, tags, artists, products with their files, curated playlists. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE files (
      id text PRIMARY KEY,
      storage_key text NOT NULL,
      mime text NOT NULL,
      size bigint NOT NULL,
      sha256 text NOT NULL,
      -- previews and covers are served to anyone by /cdn; masters and stems only through licensed downloads
      public boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE artists (
      id text PRIMARY KEY,
      name text NOT NULL
    );

    -- genres (parent_id null), subgenres (parent_id = genre), sfx categories and reels playlists
    CREATE TABLE categories (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('genre', 'subgenre', 'sfx', 'reels')),
      name text NOT NULL,
      parent_id text REFERENCES categories(id),
      cover_file_id text REFERENCES files(id),
      position integer NOT NULL DEFAULT 0
    );
    CREATE INDEX categories_kind_idx ON categories (kind, position, id);
    CREATE INDEX categories_parent_idx ON categories (parent_id);

    CREATE TABLE moods (
      id text PRIMARY KEY,
      name text NOT NULL,
      cover_file_id text REFERENCES files(id),
      position integer NOT NULL DEFAULT 0
    );

    CREATE TABLE tags (
      id text PRIMARY KEY,
      name text NOT NULL
    );

    CREATE TABLE products (
      id text PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('music', 'sfx')),
      title text NOT NULL,
      artist_id text NOT NULL REFERENCES artists(id),
      bpm real,
      declared_bpm real,
      duration real NOT NULL,
      has_vocal boolean NOT NULL,
      cover_file_id text REFERENCES files(id),
      -- popularity order of listings; ties broken by id so pages are stable
      rank integer NOT NULL DEFAULT 0,
      -- identifies what an ingest produced, so ingesting the same folder twice changes nothing
      source_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX products_listing_idx ON products (type, rank DESC, id);
    CREATE INDEX products_bpm_idx ON products (type, bpm);
    CREATE INDEX products_duration_idx ON products (type, duration);

    CREATE TABLE product_files (
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      file_id text NOT NULL REFERENCES files(id),
      type text NOT NULL CHECK (type IN ('vocal', 'instrumental', 'stem_bass', 'stem_instruments', 'cover', 'master')),
      duration real NOT NULL DEFAULT 0,
      bpm real,
      waveform jsonb NOT NULL DEFAULT '[]',
      PRIMARY KEY (product_id, type)
    );

    CREATE TABLE product_categories (
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      category_id text NOT NULL REFERENCES categories(id),
      PRIMARY KEY (product_id, category_id)
    );
    CREATE INDEX product_categories_category_idx ON product_categories (category_id, product_id);

    CREATE TABLE product_moods (
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      mood_id text NOT NULL REFERENCES moods(id),
      PRIMARY KEY (product_id, mood_id)
    );
    CREATE INDEX product_moods_mood_idx ON product_moods (mood_id, product_id);

    CREATE TABLE product_tags (
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      tag_id text NOT NULL REFERENCES tags(id),
      PRIMARY KEY (product_id, tag_id)
    );
    CREATE INDEX product_tags_tag_idx ON product_tags (tag_id, product_id);

    CREATE TABLE playlists (
      id text PRIMARY KEY,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      public boolean NOT NULL DEFAULT false,
      -- curated placements: homepage, music, sfx, top; null for users' own playlists (later issue)
      placement text CHECK (placement IN ('homepage', 'music', 'sfx', 'top')),
      cover_file_id text REFERENCES files(id),
      note text,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX playlists_placement_idx ON playlists (placement, position);

    CREATE TABLE playlist_items (
      playlist_id text NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
      product_id text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      position integer NOT NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (playlist_id, product_id)
    );
    CREATE INDEX playlist_items_order_idx ON playlist_items (playlist_id, position);

    -- shared by all processes: a version bumped by every catalogue write (API processes key their
    -- short caches by it) and the demo build status (an interrupted first start is completed on the next)
    CREATE TABLE catalog_state (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      version bigint NOT NULL DEFAULT 0,
      demo_status text CHECK (demo_status IN ('building', 'done'))
    );
    INSERT INTO catalog_state (id, version) VALUES (1, 0);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
