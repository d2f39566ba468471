import { readFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';
import { z } from 'zod';
import { CsvError, parseCsv } from './csv';

/**
 * The ingest manifest (format: server/src/audio/README.md): manifest.json, or manifest.csv with one
 * row per product. The folder-level shape must be right or the whole ingest stops (ManifestError);
 * a single bad track entry is only skipped, with the reason, like a bad audio file.
 */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

export const MANIFEST_NAMES = ['manifest.json', 'manifest.csv'] as const;
export const AUDIO_ROLES = ['vocal', 'instrumental', 'stem_bass', 'stem_instruments'] as const;
export type AudioRole = (typeof AUDIO_ROLES)[number];

const name = z.string().trim().min(1).max(200);
/** Search metadata (migration 0014, decision 062): lower-cased, trimmed and deduplicated lists. */
export const MAX_DESCRIPTION = 2000;
export const MAX_INSTRUMENTS = 30;
export const MAX_INSTRUMENT_NAME = 60;
export const MAX_KEYWORDS = 100;
export const MIN_RELEASE_YEAR = 1900;
const lowerList = (item: z.ZodString, max: number, what: string) =>
  z
    .array(item)
    .max(max, `at most ${max} ${what}`)
    .default([])
    .transform((list) => [...new Set(list.map((s) => s.toLowerCase()))]);
const relPath = z.string().trim().min(1).max(500);
const coverRef = relPath.optional();

const manifestSchema = z.object({
  genres: z
    .array(z.object({ name, cover: coverRef, subgenres: z.array(z.object({ name, cover: coverRef })).default([]) }))
    .default([]),
  sfxCategories: z.array(z.object({ name, cover: coverRef })).default([]),
  moods: z.array(z.object({ name, cover: coverRef })).default([]),
  // Checked one by one in parseTrack, so one bad entry does not sink the folder.
  tracks: z.array(z.unknown()),
  playlists: z
    .array(
      z.object({
        name,
        description: z.string().max(2000).default(''),
        placement: z.enum(['homepage', 'music', 'sfx', 'reels', 'top']),
        cover: coverRef,
        tracks: z.array(z.string()).default([]),
      }),
    )
    .default([]),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestPlaylist = Manifest['playlists'][number];

const trackSchema = z
  .object({
    key: z.string().trim().min(1).max(200),
    type: z.enum(['music', 'sfx']),
    title: name,
    artist: name,
    genre: name.optional(),
    subgenre: name.optional(),
    category: name.optional(),
    moods: z.array(name).default([]),
    tags: z.array(name).default([]),
    files: z.object({
      vocal: relPath.optional(),
      instrumental: relPath.optional(),
      stem_bass: relPath.optional(),
      stem_instruments: relPath.optional(),
    }),
    cover: coverRef,
    bpm: z.number().positive().max(1000).optional(),
    description: z
      .string()
      .trim()
      .max(MAX_DESCRIPTION, `at most ${MAX_DESCRIPTION} characters`)
      .refine((s) => !s.includes('\0'), 'must not contain NUL characters')
      .default(''),
    instruments: lowerList(
      z
        .string()
        .trim()
        .min(1)
        .max(MAX_INSTRUMENT_NAME, `an instrument name has at most ${MAX_INSTRUMENT_NAME} characters`),
      MAX_INSTRUMENTS,
      'instruments',
    ),
    keywords: lowerList(name, MAX_KEYWORDS, 'keywords'),
    // Checked against the year at parse time: a record may be announced for next year, not later.
    releaseYear: z
      .number()
      .int('must be a whole year')
      .refine((y) => y >= MIN_RELEASE_YEAR && y <= new Date().getUTCFullYear() + 1, {
        message: `must be from ${MIN_RELEASE_YEAR} to next year`,
      })
      .optional(),
  })
  .refine((t) => t.files.instrumental || (t.type === 'music' && t.files.vocal), {
    message: 'needs files.instrumental (or files.vocal for a song)',
    path: ['files'],
  })
  .refine((t) => !t.subgenre || t.genre, { message: 'a subgenre needs its genre', path: ['subgenre'] });

export type ManifestTrack = z.infer<typeof trackSchema>;

export type ParsedTrack = { ok: true; track: ManifestTrack } | { ok: false; key: string; reason: string };

export function parseTrack(raw: unknown, index: number): ParsedTrack {
  if (raw && typeof raw === 'object' && 'invalid' in raw && typeof raw.invalid === 'string') {
    const key = 'key' in raw && typeof raw.key === 'string' ? raw.key : `track #${index + 1}`;
    return { ok: false, key, reason: `invalid manifest row: ${raw.invalid}` };
  }
  const result = trackSchema.safeParse(raw);
  if (result.success) return { ok: true, track: result.data };
  const key =
    raw && typeof raw === 'object' && 'key' in raw && typeof raw.key === 'string' && raw.key.trim()
      ? raw.key.trim()
      : `track #${index + 1}`;
  return { ok: false, key, reason: `invalid manifest entry: ${describeIssues(result.error)}` };
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Reads manifest.json (preferred) or manifest.csv from the folder. */
export async function readManifest(folder: string): Promise<{ file: string; manifest: Manifest }> {
  for (const file of MANIFEST_NAMES) {
    let text: string;
    try {
      text = await readFile(join(folder, file), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw new ManifestError(`${file}: cannot be read (${(error as Error).message})`);
    }
    const raw = file === 'manifest.json' ? parseJson(text) : csvToManifest(text);
    const result = manifestSchema.safeParse(raw);
    if (!result.success) throw new ManifestError(`${file}: ${describeIssues(result.error)}`);
    return { file, manifest: result.data };
  }
  throw new ManifestError(`no manifest.json or manifest.csv in ${folder}`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ManifestError(`manifest.json is not valid JSON: ${(error as Error).message}`);
  }
}

const CSV_COLUMNS = [
  'key',
  'type',
  'title',
  'artist',
  'genre',
  'subgenre',
  'category',
  'moods',
  'tags',
  'vocal',
  'instrumental',
  'stem_bass',
  'stem_instruments',
  'cover',
  'bpm',
  'description',
  'instruments',
  'keywords',
  'release_year',
] as const;
const REQUIRED_CSV_COLUMNS = ['key', 'type', 'title', 'artist', 'instrumental'];

/** One product per row; the taxonomy comes from the rows themselves (a CSV has no covers or playlists). */
export function csvToManifest(text: string): unknown {
  let rows: string[][];
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new ManifestError(`manifest.csv is not valid CSV: ${error.message}`);
    throw error;
  }
  const [header, ...body] = rows;
  if (!header) throw new ManifestError('manifest.csv is empty');
  const columns = header.map((h) => h.trim().toLowerCase());
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) throw new ManifestError(`manifest.csv: missing column(s) ${missing.join(', ')}`);
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length) throw new ManifestError(`manifest.csv: unknown column(s) ${unknown.join(', ')}`);

  const tracks = body.map((cells, index) => {
    if (cells.length !== columns.length) {
      // Not a ManifestError: only this row is unusable. parseTrack reports it by its line.
      return {
        key: cells[0]?.trim() || `row ${index + 2}`,
        invalid: `has ${cells.length} fields, the header has ${columns.length}`,
      };
    }
    const get = (col: string) => {
      const at = columns.indexOf(col);
      const v = at < 0 ? '' : cells[at]!.trim();
      return v === '' ? undefined : v;
    };
    const list = (col: string) =>
      (get(col) ?? '')
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean);
    const bpm = get('bpm');
    const releaseYear = get('release_year');
    return {
      key: get('key'),
      type: get('type'),
      title: get('title'),
      artist: get('artist'),
      genre: get('genre'),
      subgenre: get('subgenre'),
      category: get('category'),
      moods: list('moods'),
      tags: list('tags'),
      files: {
        vocal: get('vocal'),
        instrumental: get('instrumental'),
        stem_bass: get('stem_bass'),
        stem_instruments: get('stem_instruments'),
      },
      cover: get('cover'),
      bpm: bpm === undefined ? undefined : Number(bpm),
      description: get('description'),
      instruments: list('instruments'),
      keywords: list('keywords'),
      releaseYear: releaseYear === undefined ? undefined : Number(releaseYear),
    };
  });
  return { tracks };
}

/**
 * The absolute path of a file named in the manifest, or null when the name tries to leave the folder
 * (absolute paths, "..") — a manifest must never make the ingest read other files on the machine.
 */
export function resolveInFolder(folder: string, relative: string): string | null {
  if (isAbsolute(relative) || relative.includes('\0')) return null;
  const clean = normalize(relative);
  if (clean === '..' || clean.startsWith(`..${sep}`)) return null;
  return join(folder, clean);
}
