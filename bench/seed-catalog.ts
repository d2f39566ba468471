import pg from 'pg';
import { seedSearchCatalog, type SearchSeed } from './seed-search-catalog';

/**
 * Bulk-loads a synthetic catalogue straight into PostgreSQL with generate_series: the benchmark
 * measures serving, not ingest, so 100k products need seconds here rather than hours of audio work.
 *
 * `text: 'realistic'` (bench:search) loads music and sound effects named from the demo catalogue's
 * taxonomy, with descriptions, instruments, keywords and release years, so search queries hit; the
 * default keeps the numbered names bench:catalog has always measured.
 */
export async function seedBenchCatalog(
  databaseUrl: string,
  count: number,
  options: { text: 'realistic' },
): Promise<SearchSeed>;
export async function seedBenchCatalog(
  databaseUrl: string,
  count: number,
  options?: { text?: 'numbered' },
): Promise<{ genres: string[]; subgenres: string[]; moods: string[] }>;
export async function seedBenchCatalog(
  databaseUrl: string,
  count: number,
  options: { text?: 'numbered' | 'realistic' } = {},
): Promise<SearchSeed | { genres: string[]; subgenres: string[]; moods: string[] }> {
  if (options.text === 'realistic') return seedSearchCatalog(databaseUrl, count);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const genres = Array.from({ length: 12 }, (_, i) => `genre-${i}`);
  const subgenres = genres.flatMap((g) => [0, 1, 2, 3].map((s) => `${g}-sub-${s}`));
  const moods = Array.from({ length: 14 }, (_, i) => `mood-${i}`);
  const waveform = JSON.stringify(Array.from({ length: 160 }, (_, i) => Math.round(50 + 45 * Math.sin(i / 7))));
  try {
    await client.query('BEGIN');
    await withoutTriggers(client);
    await client.query(
      `INSERT INTO artists (id, name) SELECT 'artist-' || g, 'Artist ' || g FROM generate_series(1, 2000) g`,
    );
    for (const [i, g] of genres.entries()) {
      await client.query(`INSERT INTO categories (id, kind, name, position) VALUES ($1, 'genre', $2, $3)`, [
        g,
        `Genre ${i}`,
        i,
      ]);
    }
    for (const [i, s] of subgenres.entries()) {
      await client.query(
        `INSERT INTO categories (id, kind, name, parent_id, position) VALUES ($1, 'subgenre', $2, $3, $4)`,
        [s, `Subgenre ${i}`, genres[Math.floor(i / 4)], i],
      );
    }
    for (const [i, m] of moods.entries()) {
      await client.query(`INSERT INTO moods (id, name, position) VALUES ($1, $2, $3)`, [m, `Mood ${i}`, i]);
    }
    await client.query(
      `INSERT INTO files (id, storage_key, mime, size, sha256)
       SELECT 'f-' || kind || '-' || g, 'bench/' || kind || '-' || g, CASE kind WHEN 'cover' THEN 'image/svg+xml' ELSE 'audio/mpeg' END, 1, ''
       FROM generate_series(1, $1::int) g, unnest(ARRAY['instrumental', 'vocal', 'cover']) kind`,
      [count],
    );
    await client.query(
      `INSERT INTO products (id, type, title, artist_id, bpm, declared_bpm, duration, has_vocal, cover_file_id, rank, source_key)
       SELECT 'p-' || g, 'music', 'Track ' || g, 'artist-' || (1 + g % 2000), 60 + (g * 37) % 120, NULL,
              30 + (g * 53) % 240, g % 2 = 0, 'f-cover-' || g, (g * 7919) % 100000, 'bench-' || g
       FROM generate_series(1, $1::int) g`,
      [count],
    );
    await client.query(
      `INSERT INTO product_files (product_id, file_id, type, duration, bpm, waveform)
       SELECT 'p-' || g, 'f-' || kind || '-' || g, kind, 30 + (g * 53) % 240, 60 + (g * 37) % 120, $2::jsonb
       FROM generate_series(1, $1::int) g, unnest(ARRAY['instrumental', 'vocal']) kind
       WHERE kind = 'instrumental' OR g % 2 = 0`,
      [count, waveform],
    );
    await client.query(
      `INSERT INTO product_files (product_id, file_id, type) SELECT 'p-' || g, 'f-cover-' || g, 'cover' FROM generate_series(1, $1::int) g`,
      [count],
    );
    await client.query(
      `INSERT INTO product_categories (product_id, category_id)
       SELECT 'p-' || g, c FROM generate_series(1, $1::int) g,
       LATERAL (VALUES (($2::text[])[1 + g % 12]), (($3::text[])[1 + (g % 12) * 4 + (g / 12) % 4])) v(c)`,
      [count, genres, subgenres],
    );
    await client.query(
      `INSERT INTO product_moods (product_id, mood_id)
       SELECT DISTINCT 'p-' || g, m FROM generate_series(1, $1::int) g,
       LATERAL (VALUES (($2::text[])[1 + g % 14]), (($2::text[])[1 + (g * 5) % 14])) v(m)`,
      [count, moods],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
  return { genres, subgenres, moods };
}

/**
 * Search's triggers (migration 0014) bump products.search_seq on every link row written, which turns a
 * bulk load into millions of single-row UPDATEs. A fresh load needs none of that: the server reads the
 * whole catalogue when it starts. Replica mode skips the triggers (and foreign-key checks) for this
 * transaction only; it needs a superuser, as the benches' PostgreSQL user is.
 */
export async function withoutTriggers(client: pg.Client): Promise<void> {
  await client.query(`SET LOCAL session_replication_role = replica`);
}
