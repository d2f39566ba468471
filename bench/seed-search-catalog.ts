import { slugify } from '@cuewave/contract/slug';
import pg from 'pg';
import { GENRES, MOODS, THEME_TAGS } from '../server/src/audio/demo/catalogue/taxonomy';
import { SFX_CATEGORIES, SFX_RECIPES } from '../server/src/audio/demo/sfx/recipes';
import { STYLES } from '../server/src/audio/demo/song/styles';

/** What bench:search needs to know of the catalogue it loaded, to write queries that hit it. */
export type SearchSeed = {
  genres: { id: string; name: string }[];
  subgenres: { id: string; name: string; genre: string; tags: string[] }[];
  moods: { id: string; name: string }[];
  sfxCategories: { id: string; name: string; tags: string[] }[];
  themes: string[];
  instruments: string[];
  titleWords: string[];
  music: number;
  sfx: number;
};

// What each genre is played on: the seed's instruments and descriptions pick from here, so a product's
// text agrees with its genre the way a real catalogue's does.
const PALETTES: Record<string, string[]> = {
  'Rock & Roll': ['electric guitar', 'bass guitar', 'drums', 'organ', 'piano'],
  Electronic: ['synthesizer', 'synth bass', 'drum machine', 'pads', 'arpeggiator'],
  'Hip Hop': ['drum machine', 'sub bass', 'electric piano', 'sampler', 'turntables'],
  'R&B & Soul': ['electric piano', 'bass guitar', 'drums', 'brass', 'organ'],
  Pop: ['synthesizer', 'acoustic guitar', 'piano', 'drums', 'claps'],
  'Música Latina': ['acoustic guitar', 'trumpet', 'percussion', 'bass guitar', 'accordion'],
  Cinematic: ['strings', 'brass', 'piano', 'percussion', 'choir'],
  'Ambient & Chill': ['pads', 'piano', 'synthesizer', 'bells', 'guitar'],
  'Jazz & Blues': ['saxophone', 'piano', 'double bass', 'drums', 'trumpet'],
  'Folk & Acoustic': ['acoustic guitar', 'violin', 'flute', 'banjo', 'harmonica'],
  'Corporate & Motivational': ['piano', 'acoustic guitar', 'strings', 'synthesizer', 'claps'],
  'Kids & Family': ['marimba', 'ukulele', 'glockenspiel', 'music box', 'whistle'],
  World: ['percussion', 'brass', 'guitar', 'flute', 'kora'],
};
const PALETTE_SIZE = 5;

// Titles the way a library names cues (two words, a few thousand combinations).
const TITLE_ADJ = [
  'Golden', 'Midnight', 'Electric', 'Velvet', 'Silver', 'Neon', 'Wild', 'Crystal', 'Hidden', 'Endless',
  'Lucky', 'Broken', 'Summer', 'Distant', 'Quiet', 'Burning', 'Paper', 'Cosmic', 'Lazy', 'Scarlet',
  'Frozen', 'Hollow', 'Bright', 'Secret', 'Restless', 'Sunday', 'Coastal', 'Gentle', 'Northern', 'Rising',
  'Falling', 'Urban', 'Ocean', 'Desert', 'Morning', 'Autumn', 'Winter', 'Spring', 'Amber', 'Indigo',
]; // prettier-ignore
const TITLE_NOUN = [
  'Heart', 'Sky', 'Road', 'River', 'Dream', 'Light', 'Fire', 'Shadow', 'Horizon', 'City', 'Garden',
  'Echo', 'Wave', 'Storm', 'Island', 'Mirror', 'Window', 'Train', 'Harbor', 'Motel', 'Highway', 'Season',
  'Signal', 'Voyage', 'Avenue', 'Skyline', 'Forest', 'Valley', 'Meadow', 'Lantern', 'Comet', 'Orbit',
  'Parade', 'Carnival', 'Memory', 'Promise', 'Journey', 'Sunrise', 'Sunset', 'Tide',
]; // prettier-ignore
const FIRST = ['Ava', 'Leo', 'Maya', 'Noah', 'Zoe', 'Ivan', 'Lena', 'Omar', 'Nina', 'Felix', 'Iris', 'Hugo', 'Rosa', 'Theo', 'Mila', 'Jonas', 'Clara', 'Emil', 'Sofia', 'Marek']; // prettier-ignore
const LAST = ['Hart', 'Stone', 'Rivers', 'Vale', 'Moreno', 'Novak', 'Berg', 'Lund', 'Kowalski', 'Silva', 'Grey', 'Quinn', 'Fox', 'Reyes', 'Park', 'Weiss', 'Costa', 'Blake', 'Nowak', 'Hale']; // prettier-ignore
const BANDS = ['Neon Tapes', 'The Drifters Club', 'Velvet Society', 'Coastal Riders', 'Paper Satellites', 'Echo Kids']; // prettier-ignore
const SFX_ARTISTS = ['Cuewave Foley', 'Soundsmith Studio', 'Field & Foley Co.', 'Pixel Audio Lab'];

// The demo's sound effect names per category (sfx/recipes.ts renders them), six each (repeats pad).
const SFX_TITLES: Record<string, string[]> = {
  Whooshes: ['Swift Air Whoosh', 'Fast Pass By', 'Cloth Swish', 'Sword Swing', 'Camera Whip Pan', 'Air Whoosh'],
  Impacts: ['Heavy Hit', 'Cinematic Boom', 'Metal Slam', 'Deep Thud', 'Punchy Impact', 'Trailer Hit'],
  Risers: ['Tension Riser', 'Noise Sweep Up', 'Build Up', 'Suspense Rise', 'Pre-Drop Riser', 'Tension Riser'],
  'UI Clicks': ['Button Click', 'Menu Tick', 'Toggle Switch', 'Confirm Chime', 'Notification Pop', 'Success Tone'],
  Ambiences: ['Quiet Room Tone', 'City At Night', 'Office Hum', 'Underground Station', 'Empty Hall', 'Distant Traffic'],
  Footsteps: ['Footsteps On Wood', 'Gravel Walk', 'Concrete Footsteps', 'Snow Crunch Steps', 'Running Steps On Wood', 'Gravel Walk'],
  Nature: ['Gentle Wind', 'Storm Breeze', 'Light Rain', 'Rain On Leaves', 'Morning Birds', 'Forest Stream'],
  Transitions: ['Downlifter', 'Sub Drop', 'Scene Change', 'Reverse Swell', 'Swipe Transition', 'Scene Change'],
  Glitches: ['Digital Glitch', 'Data Corruption', 'Signal Stutter', 'Bit Crush Burst', 'Static Error', 'Digital Glitch'],
  Cartoon: ['Spring Boing', 'Slide Whistle Up', 'Slide Whistle Down', 'Bubble Pop', 'Clown Horn Honk', 'Spring Boing'],
  'Sci-Fi': ['Laser Zap', 'Blaster Shot', 'Ray Gun', 'Spaceship Hum', 'Reactor Drone', 'Computer Readout'],
  Household: ['Door Knock', 'Old Phone Ring', 'Kettle Whistle', 'Microwave Beep', 'Clock Ticking', 'Doorbell Ding Dong'],
}; // prettier-ignore
const SFX_TITLES_EACH = 6;

/** Bumped whenever what seedSearchCatalog writes changes (bench:search keeps seeded catalogues by it). */
export const SEARCH_SEED_VERSION = 1;

/** The vocabulary a realistic catalogue is written with (what bench:search builds its prompts from). */
export function searchSeedVocabulary(): Omit<SearchSeed, 'music' | 'sfx'> {
  return {
    genres: GENRES.map((g) => ({ id: `genre-${slugify(g.name)}`, name: g.name })),
    subgenres: GENRES.flatMap((g) =>
      g.subgenres.map((s) => ({
        id: `sub-${slugify(g.name)}-${slugify(s.name)}`,
        name: s.name,
        genre: g.name,
        tags: s.tags,
      })),
    ),
    moods: MOODS.map((m) => ({ id: `mood-${slugify(m)}`, name: m })),
    sfxCategories: SFX_CATEGORIES.map((c) => ({ id: `sfx-${slugify(c)}`, name: c, tags: SFX_RECIPES[c].tags })),
    themes: THEME_TAGS,
    instruments: [...new Set(GENRES.flatMap((g) => PALETTES[g.name] ?? []))],
    titleWords: [...TITLE_ADJ, ...TITLE_NOUN],
  };
}

/**
 * Loads `count` products (four in five music, one in five sound effects) with the text search reads:
 * genre, subgenre and mood names of the demo taxonomy, theme and instrument tags, a description written
 * from the product's own facts, instruments, keywords and a release year. Deterministic: product g
 * always gets the same values, so runs compare.
 */
export async function seedSearchCatalog(databaseUrl: string, count: number): Promise<SearchSeed> {
  const genres = GENRES.map((g) => ({ id: `genre-${slugify(g.name)}`, name: g.name }));
  const subgenres = GENRES.flatMap((g) =>
    g.subgenres.map((s) => ({
      id: `sub-${slugify(g.name)}-${slugify(s.name)}`,
      name: s.name,
      genre: g.name,
      tags: s.tags,
      bpm: STYLES[s.style].bpm,
      genreIndex: GENRES.indexOf(g),
    })),
  );
  const moods = MOODS.map((m) => ({ id: `mood-${slugify(m)}`, name: m }));
  const sfxCategories = SFX_CATEGORIES.map((c) => ({ id: `sfx-${slugify(c)}`, name: c, tags: SFX_RECIPES[c].tags }));
  const palette = GENRES.flatMap((g) => PALETTES[g.name] ?? []);
  if (palette.length !== GENRES.length * PALETTE_SIZE) throw new Error('every demo genre needs a palette of 5');
  const instruments = [...new Set(palette)];
  const tagNames = [
    ...new Set([
      ...THEME_TAGS,
      ...subgenres.flatMap((s) => s.tags),
      ...sfxCategories.flatMap((c) => c.tags),
      ...instruments,
      'vocals',
    ]),
  ];
  const tagId = (name: string) => `tag-${slugify(name)}`;
  const sfxTitles = SFX_CATEGORIES.flatMap((c) => SFX_TITLES[c]!.slice(0, SFX_TITLES_EACH));
  const waveform = JSON.stringify(Array.from({ length: 160 }, (_, i) => Math.round(50 + 45 * Math.sin(i / 7))));

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL session_replication_role = replica`); // see withoutTriggers in seed-catalog.ts
    const artistNames = [
      ...FIRST.flatMap((f) => LAST.map((l) => `${f} ${l}`)),
      ...BANDS,
      ...SFX_ARTISTS, // the last four: sound effects
    ];
    await client.query(
      `INSERT INTO artists (id, name) SELECT 'artist-' || i, n FROM unnest($1::text[]) WITH ORDINALITY AS a(n, i)`,
      [artistNames],
    );
    const musicArtists = artistNames.length - SFX_ARTISTS.length;
    let position = 0;
    for (const g of genres)
      await client.query(`INSERT INTO categories (id, kind, name, position) VALUES ($1, 'genre', $2, $3)`, [
        g.id,
        g.name,
        position++,
      ]);
    for (const s of subgenres)
      await client.query(
        `INSERT INTO categories (id, kind, name, parent_id, position) VALUES ($1, 'subgenre', $2, $3, $4)`,
        [s.id, s.name, genres[s.genreIndex]!.id, position++],
      );
    for (const c of sfxCategories)
      await client.query(`INSERT INTO categories (id, kind, name, position) VALUES ($1, 'sfx', $2, $3)`, [
        c.id,
        c.name,
        position++,
      ]);
    await client.query(
      `INSERT INTO moods (id, name, position) SELECT i, n, p FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS m(i, n, p)`,
      [moods.map((m) => m.id), moods.map((m) => m.name)],
    );
    await client.query(`INSERT INTO tags (id, name) SELECT i, n FROM unnest($1::text[], $2::text[]) AS t(i, n)`, [
      tagNames.map(tagId),
      tagNames,
    ]);

    // One row per product with every choice made (an independent hash of g per choice, so that no two
    // choices correlate), so the inserts below agree with each other. Indexes are 0-based; SQL arrays 1-based.
    await client.query(
      `CREATE FUNCTION pg_temp.h(g int, salt text, n int) RETURNS int LANGUAGE sql IMMUTABLE AS
       $$ SELECT (((hashtext(g || ':' || salt)::bigint % n) + n) % n)::int $$`,
    );
    await client.query(
      `CREATE TEMP TABLE seed ON COMMIT DROP AS
       SELECT g, 'p-' || g AS id, CASE WHEN g % 5 = 0 THEN 'sfx' ELSE 'music' END AS type,
              pg_temp.h(g, 's', $2::int) AS s, pg_temp.h(g, 'm1', $3::int) AS m1, (pg_temp.h(g, 'm1', $3::int) + 1 + pg_temp.h(g, 'm2', $3::int - 1)) % $3::int AS m2,
              pg_temp.h(g, 't1', $4::int) AS t1, (pg_temp.h(g, 't1', $4::int) + 1 + pg_temp.h(g, 't2', $4::int - 1)) % $4::int AS t2,
              pg_temp.h(g, 'i1', ${PALETTE_SIZE}) AS i1, (pg_temp.h(g, 'i1', ${PALETTE_SIZE}) + 1 + pg_temp.h(g, 'i2', ${PALETTE_SIZE - 1})) % ${PALETTE_SIZE} AS i2,
              pg_temp.h(g, 'c', $5::int) AS c, pg_temp.h(g, 'st', ${SFX_TITLES_EACH}) AS st,
              pg_temp.h(g, 'vocal', 5) < 3 AS vocal, pg_temp.h(g, 'r', 1000) AS r
       FROM generate_series(1, $1::int) g`,
      [count, subgenres.length, moods.length, THEME_TAGS.length, sfxCategories.length],
    );
    await client.query(
      `INSERT INTO files (id, storage_key, mime, size, sha256)
       SELECT 'f-' || kind || '-' || g, 'bench/' || kind || '-' || g, CASE kind WHEN 'cover' THEN 'image/svg+xml' ELSE 'audio/mpeg' END, 1, ''
       FROM seed, unnest(ARRAY['instrumental', 'vocal', 'cover']) kind
       WHERE kind <> 'vocal' OR (type = 'music' AND vocal)`,
    );
    const moodNames = moods.map((m) => m.name);
    const subTag = (k: number) => subgenres.map((s) => s.tags[k] ?? s.tags[0]!);
    await client.query(
      `INSERT INTO products (id, type, title, artist_id, bpm, declared_bpm, duration, has_vocal, cover_file_id, rank,
                             source_key, description, instruments, keywords, release_year)
       SELECT id, type,
         CASE WHEN type = 'sfx' THEN ($2::text[])[1 + c * ${SFX_TITLES_EACH} + st]
              ELSE ($3::text[])[1 + (g * 31) % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (g * 17 + g / 40) % cardinality($4::text[])] END,
         'artist-' || CASE WHEN type = 'sfx' THEN $5::int + 1 + g % 4 ELSE 1 + g % $5::int END,
         CASE WHEN type = 'sfx' THEN NULL
              ELSE ($6::int[])[1 + s] + r % (1 + ($7::int[])[1 + s] - ($6::int[])[1 + s]) END,
         NULL,
         CASE WHEN type = 'sfx' THEN 1 + r % 12 ELSE 30 + (g * 53) % 240 END,
         type = 'music' AND vocal, 'f-cover-' || g, (g * 7919) % 100000, 'bench-' || g,
         CASE WHEN type = 'sfx' THEN
                ($2::text[])[1 + c * ${SFX_TITLES_EACH} + st] || ': ' || lower(($8::text[])[1 + c]) || ' sound effect for ' ||
                ($9::text[])[1 + t1] || ' videos, ' || ($10::text[])[1 + c] || ' and ' || ($11::text[])[1 + c] || '.'
              ELSE CASE g % 4
                WHEN 0 THEN ($12::text[])[1 + m1] || ' ' || lower(($13::text[])[1 + s]) || ' with ' || pal1 || ' and ' || pal2 ||
                            ', made for ' || ($9::text[])[1 + t1] || ' videos.'
                WHEN 1 THEN 'A ' || lower(($12::text[])[1 + m1]) || ' ' || ($14::text[])[1 + s] || ' track led by ' || pal1 ||
                            ', ' || pal2 || ' underneath. Fits ' || ($9::text[])[1 + t1] || ' and ' || ($9::text[])[1 + t2] || ' edits.'
                WHEN 2 THEN ($13::text[])[1 + s] || ' at a steady pace: ' || pal1 || ', ' || pal2 || ', ' ||
                            lower(($12::text[])[1 + m1]) || ' and ' || lower(($12::text[])[1 + m2]) || '.'
                ELSE ($12::text[])[1 + m1] || ' and ' || lower(($12::text[])[1 + m2]) || ' ' || lower(($13::text[])[1 + s]) ||
                     ' for ' || ($9::text[])[1 + t1] || ' content, ' || CASE WHEN vocal THEN 'with vocals.' ELSE 'instrumental.' END
              END END,
         CASE WHEN type = 'sfx' THEN ARRAY[]::text[] ELSE ARRAY[pal1, pal2] END,
         CASE WHEN type = 'sfx' THEN ARRAY[($10::text[])[1 + c], ($11::text[])[1 + c]]
              ELSE ARRAY[($9::text[])[1 + t1], ($15::text[])[1 + s], lower(($12::text[])[1 + m1])] END,
         CASE WHEN type = 'sfx' THEN NULL ELSE 1995 + r % 31 END
       FROM (SELECT seed.*, ($1::text[])[1 + (s_genre.gi) * ${PALETTE_SIZE} + i1] AS pal1,
                    ($1::text[])[1 + (s_genre.gi) * ${PALETTE_SIZE} + i2] AS pal2
             FROM seed, LATERAL (SELECT ($16::int[])[1 + seed.s] AS gi) s_genre) p`,
      [
        palette, // $1
        sfxTitles, // $2
        TITLE_ADJ, // $3
        TITLE_NOUN, // $4
        musicArtists, // $5
        subgenres.map((s) => s.bpm[0]), // $6
        subgenres.map((s) => s.bpm[1]), // $7
        sfxCategories.map((c) => c.name), // $8
        THEME_TAGS, // $9
        sfxCategories.map((c) => c.tags[0]!), // $10
        sfxCategories.map((c) => c.tags[1] ?? c.tags[0]!), // $11
        moodNames, // $12
        subgenres.map((s) => s.name), // $13
        subgenres.map((s) => s.genre), // $14
        subTag(0), // $15
        subgenres.map((s) => s.genreIndex), // $16
      ],
    );
    await client.query(
      `INSERT INTO product_files (product_id, file_id, type, duration, bpm, waveform)
       SELECT p.id, 'f-' || kind || '-' || s.g, kind, p.duration, p.bpm, $1::jsonb
       FROM seed s JOIN products p ON p.id = s.id, unnest(ARRAY['instrumental', 'vocal']) kind
       WHERE kind = 'instrumental' OR p.has_vocal`,
      [waveform],
    );
    await client.query(
      `INSERT INTO product_files (product_id, file_id, type) SELECT id, 'f-cover-' || g, 'cover' FROM seed`,
    );
    await client.query(
      `INSERT INTO product_categories (product_id, category_id)
       SELECT id, cat FROM seed, LATERAL (VALUES
         (CASE WHEN type = 'sfx' THEN ($1::text[])[1 + seed.c] ELSE ($2::text[])[1 + ($3::int[])[1 + s]] END),
         (CASE WHEN type = 'sfx' THEN NULL ELSE ($4::text[])[1 + s] END)) v(cat)
       WHERE cat IS NOT NULL`,
      [
        sfxCategories.map((c) => c.id),
        genres.map((g) => g.id),
        subgenres.map((s) => s.genreIndex),
        subgenres.map((s) => s.id),
      ],
    );
    await client.query(
      `INSERT INTO product_moods (product_id, mood_id)
       SELECT DISTINCT id, ($1::text[])[1 + m] FROM seed, LATERAL (VALUES (m1), (m2)) v(m) WHERE type = 'music'`,
      [moods.map((m) => m.id)],
    );
    // Tags as the demo writes them: the subgenre's style tags, one or two themes, the instruments,
    // vocals; a sound effect gets its category's tags.
    await client.query(
      `INSERT INTO product_tags (product_id, tag_id)
       SELECT DISTINCT p.id, tags.id FROM products p JOIN seed s ON s.id = p.id,
       LATERAL unnest(CASE WHEN p.type = 'sfx' THEN ARRAY[($1::text[])[1 + s.c], ($2::text[])[1 + s.c], ($3::text[])[1 + s.c]]
         ELSE p.instruments || ARRAY[($4::text[])[1 + s.s], ($5::text[])[1 + s.s], ($6::text[])[1 + s.t1]]
              || CASE WHEN s.g % 2 = 0 THEN ARRAY[($6::text[])[1 + s.t2]] ELSE ARRAY[]::text[] END
              || CASE WHEN p.has_vocal THEN ARRAY['vocals'] ELSE ARRAY[]::text[] END END) t(name)
       JOIN tags ON tags.name = t.name`,
      [
        sfxCategories.map((c) => c.tags[0]!),
        sfxCategories.map((c) => c.tags[1] ?? c.tags[0]!),
        sfxCategories.map((c) => c.tags[2] ?? c.tags[0]!),
        subTag(0),
        subTag(1),
        THEME_TAGS,
      ],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE');
    const counts = await client.query<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM products GROUP BY type`,
    );
    const n = (type: string) => counts.rows.find((r) => r.type === type)?.n ?? 0;
    return { ...searchSeedVocabulary(), music: n('music'), sfx: n('sfx') };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
