import { sql } from 'kysely';
import { createDb } from '../../server/src/db/client';
import type { JudgedProduct } from './relevance';

/**
 * Every product of an embedded (PGlite) catalogue with what the relevance rules and the keyword baseline
 * read. Opened after the server has stopped (PGlite has one owner). Columns that search added (migration
 * 0014) are read when they exist, so a catalogue the server has not migrated yet can still be checked.
 */
export async function readCatalogue(pgliteDir: string): Promise<JudgedProduct[]> {
  const db = createDb({ pgliteDir });
  try {
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'products'`.execute(db);
    const has = new Set(columns.rows.map((r) => r.column_name));
    const extra = (name: string, fallback: string) => sql.raw(has.has(name) ? `p.${name}` : `${fallback} AS ${name}`);
    const rows = await sql<{
      id: string;
      type: 'music' | 'sfx';
      title: string;
      artist: string;
      bpm: number | null;
      duration: number;
      has_vocal: boolean;
      description: string;
      instruments: string[];
      keywords: string[];
      genres: string[];
      subgenres: string[];
      categories: string[];
      moods: string[];
      tags: string[];
    }>`
      SELECT p.id, p.type, p.title, a.name AS artist, p.bpm, p.duration, p.has_vocal,
        ${extra('description', `''`)}, ${extra('instruments', `'{}'::text[]`)}, ${extra('keywords', `'{}'::text[]`)},
        ARRAY(SELECT c.name FROM product_categories pc JOIN categories c ON c.id = pc.category_id
              WHERE pc.product_id = p.id AND c.kind = 'genre') AS genres,
        ARRAY(SELECT c.name FROM product_categories pc JOIN categories c ON c.id = pc.category_id
              WHERE pc.product_id = p.id AND c.kind = 'subgenre') AS subgenres,
        ARRAY(SELECT c.name FROM product_categories pc JOIN categories c ON c.id = pc.category_id
              WHERE pc.product_id = p.id AND c.kind = 'sfx') AS categories,
        ARRAY(SELECT m.name FROM product_moods pm JOIN moods m ON m.id = pm.mood_id WHERE pm.product_id = p.id) AS moods,
        ARRAY(SELECT t.name FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.product_id = p.id) AS tags
      FROM products p JOIN artists a ON a.id = p.artist_id
      ORDER BY p.id`.execute(db);
    return rows.rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      artist: r.artist,
      genres: r.genres,
      subgenres: r.subgenres,
      categories: r.categories,
      moods: r.moods,
      tags: r.tags,
      instruments: r.instruments,
      keywords: r.keywords,
      description: r.description,
      bpm: r.bpm === null ? null : Number(r.bpm),
      duration: Number(r.duration),
      vocal: r.has_vocal,
    }));
  } finally {
    await db.destroy();
  }
}
