import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { extname, join, relative, resolve, sep } from 'node:path';
import { slugify } from '@cuewave/contract/slug';
import { analyseAudio, type AudioAnalysis } from '../../audio/analyse';
import { withTempo } from '../../audio/descriptor';
import { upsertSounds } from '../search/sound/sound.repo';
import { encodeFlac, encodeMp3 } from '../../audio/encode';
import { AudioDecodeError } from '../../audio/errors';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../providers/storage/storage';
import * as repo from './ingest.repo';
import {
  AUDIO_ROLES,
  MANIFEST_NAMES,
  parseTrack,
  readManifest,
  resolveInFolder,
  type AudioRole,
  type Manifest,
  type ManifestTrack,
} from './manifest';
import { describeContent, IMAGE_EXTENSIONS, readHead, sniffAudio, sniffImage } from './sniff';

/**
 * The catalogue ingest: a folder of audio files plus a manifest becomes products, with measured
 * duration, tempo and waveform, a lossless master, MP3 previews and stems in the file storage.
 *
 * Safety rules: every file is stored before the rows that point at it; each product is written in one
 * transaction; an existing product's audio and files are never changed, and nothing is deleted.
 * Identity: a product's source_key hashes its type, title, artist and the content of its audio files, so
 * the same folder (wherever it lies) ingests to the same products, and a second run only hashes files.
 * Metadata follows the manifest (decision 062): a known product whose entry now says something else
 * (taxonomy, moods, tags, search fields, declared tempo; or, recognised by its audio, a new title or
 * artist) has its row and links updated; an unchanged one is not written at all, so search's change
 * sequence does not move.
 */

export type IngestDeps = { db: Db; storage: FileStorage };

export type IngestOptions = {
  /** Tracks processed at once; each runs ffmpeg as child processes. Default: cores + 1, at most 3. */
  concurrency?: number;
  /** Progress lines for a person watching. */
  log?: (line: string) => void;
  onProgress?: (done: number, total: number) => void;
  /**
   * 'later': stems are stored without their MP3 preview, which the downloads backfill job encodes once the
   * store is serving (decision 074: the first start's demo, where two of a song's three or four MP3
   * encodes are stem previews). Default 'now': the product is complete when the ingest returns.
   */
  stemPreviews?: 'now' | 'later';
  /** Stops starting new tracks (those under way finish or are dropped); the ingest then throws the reason. */
  signal?: AbortSignal;
};

export type IngestItem = { key: string; id: string; title: string };
export type IngestProblem = { name: string; reason: string };

export type IngestReport = {
  folder: string;
  manifest: string;
  added: IngestItem[];
  /** Known products whose metadata the manifest changed (their audio and files stay as they were). */
  updated: IngestItem[];
  unchanged: IngestItem[];
  /** Files and manifest entries that were not ingested, by name, with the reason. */
  skipped: IngestProblem[];
  /** Things that were worked around (a bad cover, a playlist entry for a skipped track...). */
  warnings: IngestProblem[];
  playlists: { added: string[]; updated: string[]; unchanged: string[] };
  elapsedMs: number;
};

/** Covers larger than this are not stored (a catalogue thumbnail needs far less). */
export const MAX_COVER_BYTES = 5 * 1024 * 1024;
const PREVIEW_KBPS = 128;
/** Ids that would collide with static routes under /product/{type}/ and /playlist/. */
const RESERVED_PRODUCT_IDS = new Set(['recommended', 'search', 'playlist', 'download', 'note', 'notes']);
const RESERVED_PLAYLIST_IDS = new Set(['top-tracks', 'public', 'favorites']);

const MIME: Record<string, string> = { mp3: 'audio/mpeg', flac: 'audio/flac' };

type Ctx = {
  deps: IngestDeps;
  folder: string;
  workDir: string;
  report: IngestReport;
  /** manifest key -> product id, for playlists (added and unchanged products) */
  productIds: Map<string, string>;
  categoryIds: Map<string, string>;
  /** type, title and artist of every entry (identityOf): a product one of them names is not a rename */
  identities: Set<string>;
  lock: Mutex;
  stemPreviews: 'now' | 'later';
};

export async function ingestFolder(
  deps: IngestDeps,
  folderArg: string,
  options: IngestOptions = {},
): Promise<IngestReport> {
  const started = Date.now();
  const folder = resolve(folderArg);
  const log = options.log ?? (() => {});
  const { file, manifest } = await readManifest(folder);
  const report: IngestReport = {
    folder,
    manifest: file,
    added: [],
    updated: [],
    unchanged: [],
    skipped: [],
    warnings: [],
    playlists: { added: [], updated: [], unchanged: [] },
    elapsedMs: 0,
  };
  const workDir = await mkdtemp(join(tmpdir(), 'cuewave-ingest-'));
  const ctx: Ctx = {
    deps,
    folder,
    workDir,
    report,
    productIds: new Map(),
    categoryIds: new Map(),
    identities: new Set(),
    lock: new Mutex(),
    stemPreviews: options.stemPreviews ?? 'now',
  };
  try {
    const tracks = collectTracks(ctx, manifest);
    for (const track of tracks) ctx.identities.add(identityOf(track));
    await reportUnlistedFiles(ctx, manifest);
    await ingestTaxonomy(ctx, manifest);

    const ranks = rankTracks(manifest, tracks);
    const total = tracks.length;
    let done = 0;
    const concurrency = Math.max(1, Math.min(options.concurrency ?? Math.min(3, availableParallelism() + 1), 8));
    log(`Ingesting ${total} tracks from ${folder} (${file}), ${concurrency} at a time`);
    // Tracks are analysed and encoded concurrently, but written in manifest order so product ids
    // (title slugs, numbered on collision) never depend on which track happened to finish first. A
    // worker does not wait for its track's turn to be written: it hands over the commit and moves on.
    const committed = tracks.map(() => deferred());
    const commits: Promise<void>[] = [];
    let failure: { error: unknown } | null = null;
    await forEachConcurrently(
      tracks.map((track, index) => ({ track, index })),
      concurrency,
      async ({ track, index }) => {
        let prepared: PreparedTrack | null = null;
        try {
          options.signal?.throwIfAborted();
          if (!failure) prepared = await prepareTrack(ctx, track, ranks.get(track.key) ?? 0);
        } catch (error) {
          failure ??= { error };
        }
        commits.push(
          (async () => {
            try {
              if (index > 0) await committed[index - 1]!.promise;
              if (prepared && !failure) await prepared.commit();
            } catch (error) {
              failure ??= { error };
            } finally {
              await prepared?.cleanup();
              committed[index]!.resolve();
              done++;
              options.onProgress?.(done, total);
            }
          })(),
        );
      },
    );
    await Promise.all(commits);
    if (failure) throw (failure as { error: unknown }).error;
    await ingestPlaylists(ctx, manifest);
    // Taxonomy and playlists are written outside the product transactions; one bump covers them.
    await repo.bumpCatalogVersion(deps.db);
    const order = new Map(tracks.map((t, i) => [t.key, i]));
    const byManifest = (a: IngestItem, b: IngestItem) => order.get(a.key)! - order.get(b.key)!;
    report.added.sort(byManifest);
    report.updated.sort(byManifest);
    report.unchanged.sort(byManifest);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  report.elapsedMs = Date.now() - started;
  return report;
}

/* ------------------------------------------------------------------ manifest entries */

function collectTracks(ctx: Ctx, manifest: Manifest): ManifestTrack[] {
  const tracks: ManifestTrack[] = [];
  const keys = new Set<string>();
  manifest.tracks.forEach((raw, index) => {
    const parsed = parseTrack(raw, index);
    if (!parsed.ok) {
      ctx.report.skipped.push({ name: parsed.key, reason: parsed.reason });
      return;
    }
    if (keys.has(parsed.track.key)) {
      ctx.report.skipped.push({ name: parsed.track.key, reason: 'duplicate key in the manifest' });
      return;
    }
    keys.add(parsed.track.key);
    tracks.push(parsed.track);
  });
  return tracks;
}

/** Files in the folder that no manifest entry names are reported, so nothing is silently left out. */
async function reportUnlistedFiles(ctx: Ctx, manifest: Manifest): Promise<void> {
  const listed = new Set<string>();
  const add = (name: string | undefined) => {
    if (!name) return;
    const abs = resolveInFolder(ctx.folder, name);
    if (abs) listed.add(abs);
  };
  for (const raw of manifest.tracks) {
    if (!raw || typeof raw !== 'object') continue;
    const t = raw as { files?: Record<string, unknown>; cover?: unknown };
    if (t.files && typeof t.files === 'object')
      for (const v of Object.values(t.files)) if (typeof v === 'string') add(v.trim());
    if (typeof t.cover === 'string') add(t.cover.trim());
  }
  for (const g of manifest.genres) {
    add(g.cover);
    for (const s of g.subgenres) add(s.cover);
  }
  for (const c of [...manifest.sfxCategories, ...manifest.moods, ...manifest.playlists]) add(c.cover);

  const entries = await readdir(ctx.folder, { recursive: true, withFileTypes: true });
  const unlisted: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const abs = join(entry.parentPath, entry.name);
    const rel = relative(ctx.folder, abs);
    if (rel.split(sep).some((part) => part.startsWith('.'))) continue;
    if ((MANIFEST_NAMES as readonly string[]).includes(rel)) continue;
    if (!listed.has(abs)) unlisted.push(rel);
  }
  for (const rel of unlisted.sort()) ctx.report.skipped.push({ name: rel, reason: 'not listed in the manifest' });
}

/**
 * Popularity for listings: the curated "top" playlist first (in its order), then manifest order.
 * Only the relative order means anything.
 */
function rankTracks(manifest: Manifest, tracks: ManifestTrack[]): Map<string, number> {
  const top = manifest.playlists.filter((p) => p.placement === 'top').flatMap((p) => p.tracks);
  const ranks = new Map<string, number>();
  tracks.forEach((t, index) => {
    const inTop = top.indexOf(t.key);
    ranks.set(t.key, inTop >= 0 ? 2_000_000 - inTop : Math.max(1, 1_000_000 - index));
  });
  return ranks;
}

/* ------------------------------------------------------------------ taxonomy */

async function ingestTaxonomy(ctx: Ctx, manifest: Manifest): Promise<void> {
  const { db } = ctx.deps;
  let position = 0;
  for (const genre of manifest.genres) {
    const { id: genreId } = await ensureCategory(ctx, db, 'genre', genre.name, null, genre.cover, position++);
    for (const sub of genre.subgenres)
      await ensureCategory(ctx, db, 'subgenre', sub.name, genreId, sub.cover, position++);
  }
  for (const category of manifest.sfxCategories)
    await ensureCategory(ctx, db, 'sfx', category.name, null, category.cover, position++);
  for (const mood of manifest.moods) await ensureMood(ctx, db, mood.name, mood.cover, position++);
}

type Kind = 'genre' | 'subgenre' | 'sfx' | 'reels';

/**
 * The id of a category, created when missing. Ids are slugs; when a slug is taken by a category of
 * another kind or parent (two genres can both have a "House" subgenre), the parent's slug (or the
 * kind) is appended, then a number. The same name under the same parent always resolves to the same id.
 */
async function ensureCategory(
  ctx: Ctx,
  db: Db,
  kind: Kind,
  name: string,
  parentId: string | null,
  cover: string | undefined,
  position: number,
): Promise<{ id: string; created: boolean }> {
  const memo = `${kind}\0${parentId ?? ''}\0${slugify(name)}`;
  const known = ctx.categoryIds.get(memo);
  if (known) return { id: known, created: false };
  const base = slugify(name) || kind;
  const candidates = [base, kind === 'subgenre' ? `${base}-${parentId}` : `${base}-${kind}`];
  for (let n = 2; n < 100; n++) candidates.push(`${base}-${n}`);
  for (const id of candidates) {
    const row = await repo.selectCategoryIdentity(db, id);
    if (row) {
      if (row.kind === kind && row.parent_id === parentId) {
        ctx.categoryIds.set(memo, id);
        return { id, created: false };
      }
      continue;
    }
    // Reels playlists share /product/playlist/{id} with curated playlists, so their ids must not collide.
    if (kind === 'reels' && (RESERVED_PLAYLIST_IDS.has(id) || (await repo.playlistPlacement(db, id)))) continue;
    const coverFile = cover ? await prepareCover(ctx, cover, `${kind} ${name}`) : null;
    await inTransaction(db, async (trx) => {
      if (coverFile) await repo.insertFiles(trx, [coverFile.row]);
      await repo.insertCategory(trx, {
        id,
        kind,
        name,
        parent_id: parentId,
        cover_file_id: coverFile?.fileId ?? null,
        position,
      });
    });
    ctx.categoryIds.set(memo, id);
    return { id, created: true };
  }
  throw new Error(`no free id for ${kind} ${name}`);
}

async function ensureMood(
  ctx: Ctx,
  db: Db,
  name: string,
  cover: string | undefined,
  position: number,
): Promise<string> {
  const id = slugify(name) || 'mood';
  if (await repo.moodExists(db, id)) return id;
  const coverFile = cover ? await prepareCover(ctx, cover, `mood ${name}`) : null;
  await inTransaction(db, async (trx) => {
    if (coverFile) await repo.insertFiles(trx, [coverFile.row]);
    await repo.insertMood(trx, { id, name, cover_file_id: coverFile?.fileId ?? null, position });
  });
  return id;
}

/** Runs `work` in a transaction, or in the caller's when `db` already is one. */
async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/* ------------------------------------------------------------------ one track */

type Source = {
  role: AudioRole;
  name: string;
  path: string;
  sha256: string;
  /** A plain FLAC stream (no tag in front): already a lossless deliverable, stored as it is. */
  flac: boolean;
};
/** Roles of stored files: product_files types, plus the extras of decision 055 kept in columns of those rows. */
type StoredRole = AudioRole | 'master' | 'cover' | `${AudioRole}_preview` | 'instrumental_lossless';
type Stored = { fileId: string; role: StoredRole; row: repo.FileInsert };

class Skip extends Error {
  constructor(
    readonly fileName: string,
    reason: string,
  ) {
    super(reason);
  }
}

type PreparedTrack = { commit: () => Promise<void>; cleanup: () => Promise<void> };

/**
 * Checks, analyses and encodes one track and stores its files; returns the database write to run in
 * the track's turn (for a known product: the metadata comparison), or null when it is skipped (reported).
 */
async function prepareTrack(ctx: Ctx, track: ManifestTrack, rank: number): Promise<PreparedTrack | null> {
  const label = `track ${track.key} "${track.title}"`;
  const trackDir = await mkdtemp(join(ctx.workDir, 'track-'));
  const cleanup = () => rm(trackDir, { recursive: true, force: true });
  try {
    const sources = await checkSources(ctx, track);
    const sourceKey = productSourceKey(track, sources);
    const existing = await repo.findProductBySourceKey(ctx.deps.db, sourceKey);
    if (existing) {
      ctx.productIds.set(track.key, existing);
      await cleanup();
      return { commit: () => syncMetadata(ctx, track, existing, sourceKey), cleanup };
    }

    const analyses = new Map<AudioRole, AudioAnalysis>();
    for (const source of sources) analyses.set(source.role, await analyse(source));

    const main = sources.find((s) => s.role === 'vocal') ?? sources.find((s) => s.role === 'instrumental')!;
    const rhythm = analyses.get('instrumental') ?? analyses.get(main.role)!;
    // Tempo is a property of the song; the instrumental (no vocal on top) is the cleaner measurement.
    const bpm = track.type === 'sfx' ? null : roundBpm(rhythm.bpm ?? analyses.get(main.role)!.bpm);
    const mainAnalysis = analyses.get(main.role)!;

    // The same audio under a new title or artist is the same product renamed, not a new one.
    const renamed = await findRenamedProduct(ctx, track, sources, round3(mainAnalysis.durationSec));
    if (renamed) {
      ctx.productIds.set(track.key, renamed);
      await cleanup();
      return { commit: () => syncMetadata(ctx, track, renamed, sourceKey), cleanup };
    }

    const outputs: {
      role: Stored['role'];
      path: string;
      ext: string;
      public: boolean;
      analysis: AudioAnalysis | null;
    }[] = [];
    // A FLAC source (decoded fine by the analysis) is stored as it is: re-muxing would only cost an
    // ffmpeg run per file, which is most of the ingest's kernel time in a large server process.
    const lossless = async (source: Source, name: string) => {
      if (source.flac) return source.path;
      const out = join(trackDir, name);
      await encode(source, () => encodeFlac(source.path, out));
      return out;
    };
    const master = await lossless(main, 'master.flac');
    outputs.push({ role: 'master', path: master, ext: 'flac', public: false, analysis: mainAnalysis });
    for (const source of sources) {
      if (source.role === 'vocal' || source.role === 'instrumental') {
        const out = join(trackDir, `${source.role}.mp3`);
        await encode(source, () => encodeMp3(source.path, out, { bitrateKbps: PREVIEW_KBPS }));
        outputs.push({ role: source.role, path: out, ext: 'mp3', public: true, analysis: analyses.get(source.role)! });
        // Downloads are made from lossless files (decision 055): the master is the main version's; the
        // instrumental of a vocal song keeps its own.
        if (source !== main) {
          const path = await lossless(source, `${source.role}-lossless.flac`);
          outputs.push({ role: 'instrumental_lossless', path, ext: 'flac', public: false, analysis: null });
        }
      } else {
        // Stems are auditioned before they are picked (spec §3 Stem item): a public preview each, now or
        // from the downloads backfill job (stemPreviews 'later').
        if (ctx.stemPreviews === 'now') {
          const preview = join(trackDir, `${source.role}-preview.mp3`);
          await encode(source, () => encodeMp3(source.path, preview, { bitrateKbps: PREVIEW_KBPS }));
          outputs.push({ role: `${source.role}_preview`, path: preview, ext: 'mp3', public: true, analysis: null });
        }
        const out = await lossless(source, `${source.role}.flac`);
        outputs.push({
          role: source.role,
          path: out,
          ext: 'flac',
          public: false,
          analysis: analyses.get(source.role)!,
        });
      }
    }

    // Bytes first, rows after: a crash leaves at most unreferenced files, never rows without bytes.
    const stored: Stored[] = [];
    for (const out of outputs)
      stored.push(await storeFile(ctx, out.path, out.ext, MIME[out.ext]!, out.public, out.role));
    const cover = track.cover ? await prepareCover(ctx, track.cover, label) : null;
    const coverId = cover?.fileId ?? null;
    // Everything the write needs is in storage now; the encoded copies can go.
    await cleanup();

    const commit = async () => {
      const productId = await ctx.lock.run(() =>
        ctx.deps.db.transaction().execute(async (trx) => {
          const raced = await repo.findProductBySourceKey(trx, sourceKey);
          if (raced) return { id: raced, added: false };
          const id = await allocateProductId(trx, track.title);
          const artistId = artistIdOf(track);
          await repo.insertArtistIfMissing(trx, artistId, track.artist);
          const links = await resolveLinks(ctx, trx, track);

          await repo.insertFiles(trx, [...stored.map((s) => s.row), ...(cover ? [cover.row] : [])]);
          await repo.insertProduct(trx, {
            id,
            type: track.type,
            title: track.title,
            artist_id: artistId,
            bpm,
            declared_bpm: declaredBpmOf(track),
            ...searchFieldsOf(track),
            duration: round3(mainAnalysis.durationSec),
            has_vocal: sources.some((s) => s.role === 'vocal'),
            cover_file_id: coverId,
            rank,
            source_key: sourceKey,
          });
          const fileOf = (role: StoredRole) => stored.find((s) => s.role === role)?.fileId ?? null;
          await repo.insertProductFiles(trx, [
            ...stored
              .filter((s) => outputs.find((o) => o.role === s.role)!.analysis)
              .map((s) => {
                const out = outputs.find((o) => o.role === s.role)!;
                const role = s.role as AudioRole | 'master';
                return {
                  product_id: id,
                  file_id: s.fileId,
                  type: role,
                  duration: round3(out.analysis!.durationSec),
                  bpm,
                  waveform: JSON.stringify(out.analysis!.peaks),
                  preview_file_id:
                    role === 'stem_bass' || role === 'stem_instruments' ? fileOf(`${role}_preview`) : null,
                  lossless_file_id:
                    role === 'vocal' || role === 'instrumental'
                      ? role === main.role
                        ? fileOf('master')
                        : fileOf('instrumental_lossless')
                      : null,
                };
              }),
            ...(coverId
              ? [{ product_id: id, file_id: coverId, type: 'cover' as const, duration: 0, bpm: null, waveform: '[]' }]
              : []),
          ]);
          await repo.linkProduct(trx, id, links);
          // What it sounds like, at the catalogue's tempo ("more like this", decision 066).
          if (mainAnalysis.descriptor) {
            await upsertSounds(trx, [{ productId: id, descriptor: withTempo(mainAnalysis.descriptor, bpm) }]);
          }
          await repo.bumpCatalogVersion(trx);
          return { id, added: true };
        }),
      );
      ctx.productIds.set(track.key, productId.id);
      const item = { key: track.key, id: productId.id, title: track.title };
      (productId.added ? ctx.report.added : ctx.report.unchanged).push(item);
    };
    return { commit, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof Skip) {
      ctx.report.skipped.push({ name: error.fileName, reason: `${error.message} (${label} skipped)` });
      return null;
    }
    throw error;
  }
}

const artistIdOf = (track: ManifestTrack) => slugify(track.artist) || 'unknown-artist';
const declaredBpmOf = (track: ManifestTrack) => (track.type === 'music' ? (track.bpm ?? null) : null);
const searchFieldsOf = (track: ManifestTrack) => ({
  description: track.description,
  instruments: track.instruments,
  keywords: track.keywords,
  release_year: track.releaseYear ?? null,
});

/**
 * The category, mood and tag ids the manifest entry names, creating the ones the catalogue lacks (a
 * new name always means the product changes, so nothing is created for an unchanged product).
 */
async function resolveLinks(ctx: Ctx, trx: Db, track: ManifestTrack): Promise<repo.ProductLinks> {
  const categories: string[] = [];
  if (track.type === 'music' && track.genre) {
    const genre = await ensureCategory(ctx, trx, 'genre', track.genre, null, undefined, 1000);
    categories.push(genre.id);
    if (track.subgenre)
      categories.push((await ensureCategory(ctx, trx, 'subgenre', track.subgenre, genre.id, undefined, 1000)).id);
  }
  if (track.type === 'sfx' && track.category)
    categories.push((await ensureCategory(ctx, trx, 'sfx', track.category, null, undefined, 1000)).id);
  const moods: string[] = [];
  for (const mood of track.moods) moods.push(await ensureMood(ctx, trx, mood, undefined, 1000));
  const tags: string[] = [];
  for (const tag of track.tags) {
    const tagId = slugify(tag);
    if (!tagId) continue;
    await repo.insertTagIfMissing(trx, tagId, tag);
    tags.push(tagId);
  }
  return { categories: [...new Set(categories)], moods: [...new Set(moods)], tags: [...new Set(tags)] };
}

/**
 * A product whose audio is this track's but whose title or artist differ: a candidate of the same type
 * and duration whose stored source_key is what its own title and artist give with this track's audio.
 * A product that another entry of this manifest names by its title and artist belongs to that entry
 * (the same audio under two titles stays two products, as before), so it is never taken over.
 */
async function findRenamedProduct(
  ctx: Ctx,
  track: ManifestTrack,
  sources: Source[],
  durationSec: number,
): Promise<string | undefined> {
  const candidates = await repo.productsOfDuration(ctx.deps.db, track.type, durationSec);
  return candidates.find((c) => {
    const named = { type: track.type, title: c.title, artist: c.artist };
    return !ctx.identities.has(identityOf(named)) && productSourceKey(named, sources) === c.source_key;
  })?.id;
}

/**
 * Brings a known product's metadata in line with its manifest entry, in the track's turn. Only what
 * differs is written (rows and links), and nothing at all when nothing differs; links that are not the
 * entry's own (reels playlists place products by category) stay.
 */
async function syncMetadata(ctx: Ctx, track: ManifestTrack, productId: string, sourceKey: string): Promise<void> {
  const outcome = await ctx.lock.run(() =>
    ctx.deps.db.transaction().execute(async (trx) => {
      const current = await repo.selectProductMetadata(trx, productId);
      if (!current) return 'gone' as const;
      const links = await resolveLinks(ctx, trx, track);
      const wanted = {
        title: track.title,
        artist_id: artistIdOf(track),
        declared_bpm: declaredBpmOf(track),
        ...searchFieldsOf(track),
        source_key: sourceKey,
      };
      const patch: repo.ProductMetadataPatch = {};
      if (wanted.title !== current.title) patch.title = wanted.title;
      if (wanted.artist_id !== current.artist_id) patch.artist_id = wanted.artist_id;
      if (!sameBpm(wanted.declared_bpm, current.declared_bpm)) patch.declared_bpm = wanted.declared_bpm;
      if (wanted.description !== current.description) patch.description = wanted.description;
      if (!sameList(wanted.instruments, current.instruments)) patch.instruments = wanted.instruments;
      if (!sameList(wanted.keywords, current.keywords)) patch.keywords = wanted.keywords;
      if (wanted.release_year !== current.release_year) patch.release_year = wanted.release_year;
      if (wanted.source_key !== current.source_key) patch.source_key = wanted.source_key;
      const linksChanged =
        !sameSet(links.categories, current.categories) ||
        !sameSet(links.moods, current.moods) ||
        !sameSet(links.tags, current.tags);
      if (Object.keys(patch).length === 0 && !linksChanged) return 'unchanged' as const;
      if (patch.artist_id) await repo.insertArtistIfMissing(trx, patch.artist_id, track.artist);
      if (Object.keys(patch).length) await repo.updateProductMetadata(trx, productId, patch);
      if (linksChanged) await repo.replaceProductLinks(trx, productId, current, links);
      await repo.bumpCatalogVersion(trx);
      return 'updated' as const;
    }),
  );
  const item = { key: track.key, id: productId, title: track.title };
  if (outcome === 'updated') ctx.report.updated.push(item);
  else if (outcome === 'unchanged') ctx.report.unchanged.push(item);
  else {
    ctx.productIds.delete(track.key);
    ctx.report.skipped.push({ name: track.key, reason: `product ${productId} was removed while ingesting` });
  }
}

const sameBpm = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) < 0.001 * Math.max(1, Math.abs(a));
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(b);
  return new Set(a).size === set.size && a.every((v) => set.has(v));
};

/** Every audio file of the track exists inside the folder and its content is audio that ffmpeg decodes. */
async function checkSources(ctx: Ctx, track: ManifestTrack): Promise<Source[]> {
  const sources: Source[] = [];
  for (const role of AUDIO_ROLES) {
    const name = track.files[role];
    if (!name) continue;
    const path = resolveInFolder(ctx.folder, name);
    if (!path) throw new Skip(name, 'path leaves the folder');
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw new Skip(name, 'listed in the manifest but missing');
    if (info.size === 0) throw new Skip(name, 'empty file');
    // The content decides, never the name: `.oga`, `.M4A`, `.aif` or a misnamed file are read for what they are.
    const head = await readHead(path, 64 * 1024);
    if (!sniffAudio(head)) throw new Skip(name, `not an audio file (${describeContent(head)})`);
    const flac = head.subarray(0, 4).toString('latin1') === 'fLaC';
    sources.push({ role, name, path, sha256: await sha256File(path), flac });
  }
  return sources;
}

const normName = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
const identityOf = (track: Pick<ManifestTrack, 'type' | 'title' | 'artist'>) =>
  JSON.stringify([track.type, normName(track.title), normName(track.artist)]);

export function productSourceKey(
  track: Pick<ManifestTrack, 'type' | 'title' | 'artist'>,
  sources: Pick<Source, 'role' | 'sha256'>[],
): string {
  const norm = normName;
  const content = [...sources].sort((a, b) => a.role.localeCompare(b.role)).map((s) => `${s.role}:${s.sha256}`);
  const identity = JSON.stringify(['product/v1', track.type, norm(track.title), norm(track.artist), content]);
  return createHash('sha256').update(identity).digest('hex');
}

async function analyse(source: Source): Promise<AudioAnalysis> {
  let result: AudioAnalysis;
  try {
    result = await analyseAudio(source.path);
  } catch (error) {
    if (error instanceof AudioDecodeError)
      throw new Skip(source.name, `corrupt or undecodable audio: ${error.message}`);
    throw error;
  }
  if (result.silent) throw new Skip(source.name, 'silent audio');
  if (!(result.durationSec > 0)) throw new Skip(source.name, 'no audio samples');
  return result;
}

async function encode(source: Source, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AudioDecodeError) throw new Skip(source.name, `cannot be encoded: ${error.message}`);
    throw error;
  }
}

async function allocateProductId(db: Db, title: string): Promise<string> {
  const base = slugify(title) || 'track';
  for (let from = 1; ; from += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) => (from + i === 1 ? base : `${base}-${from + i}`)).filter(
      (id) => !RESERVED_PRODUCT_IDS.has(id),
    );
    const taken = await repo.takenProductIds(db, candidates);
    const free = candidates.find((id) => !taken.has(id));
    if (free) return free;
  }
}

/* ------------------------------------------------------------------ files */

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function newFileId(): string {
  return randomBytes(12).toString('base64url');
}

async function storeFile(
  ctx: Ctx,
  path: string,
  ext: string,
  mime: string,
  isPublic: boolean,
  role: Stored['role'],
): Promise<Stored> {
  const sha256 = await sha256File(path);
  const { size } = await stat(path);
  // Content-addressed keys: the same bytes are stored once, whichever product they belong to.
  const key = `catalog/${sha256.slice(0, 2)}/${sha256}.${ext}`;
  if ((await ctx.deps.storage.size(key)) !== size) await ctx.deps.storage.putFile(key, path);
  const fileId = newFileId();
  return { fileId, role, row: { id: fileId, storage_key: key, mime, size, sha256, public: isPublic } };
}

/**
 * Stores a cover image's bytes and returns its files row for the caller to insert with its owner, or
 * null (with a warning) when the image is missing, too large or not an SVG/PNG/JPEG/WebP. A bad cover
 * never stops the product, category or playlist it belongs to.
 */
async function prepareCover(ctx: Ctx, name: string, owner: string): Promise<Stored | null> {
  const warn = (reason: string) => {
    ctx.report.warnings.push({ name, reason: `${reason}; ${owner} has no cover` });
    return null;
  };
  const path = resolveInFolder(ctx.folder, name);
  if (!path) return warn('path leaves the folder');
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return warn('cover listed in the manifest but missing');
  if (!IMAGE_EXTENSIONS.has(extname(name).toLowerCase()))
    return warn(`unsupported cover type ${extname(name) || '(none)'}`);
  if (info.size > MAX_COVER_BYTES) return warn(`cover larger than ${MAX_COVER_BYTES / 1024 / 1024} MB`);
  const kind = sniffImage(await readHead(path));
  if (!kind) return warn('not an SVG, PNG, JPEG or WebP image');
  return storeFile(ctx, path, kind.ext, kind.mime, true, 'cover');
}

/* ------------------------------------------------------------------ playlists */

async function ingestPlaylists(ctx: Ctx, manifest: Manifest): Promise<void> {
  const { db } = ctx.deps;
  let position = 0;
  for (const playlist of manifest.playlists) {
    position++;
    const productIds: string[] = [];
    for (const key of playlist.tracks) {
      const id = ctx.productIds.get(key);
      if (id) productIds.push(id);
      else
        ctx.report.warnings.push({
          name: key,
          reason: `not in the catalogue, left out of playlist "${playlist.name}"`,
        });
    }
    if (playlist.placement === 'reels') {
      const { id: categoryId, created } = await ensureCategory(
        ctx,
        db,
        'reels',
        playlist.name,
        null,
        playlist.cover,
        position,
      );
      let linked = 0;
      for (const productId of productIds)
        linked += await repo.linkProduct(db, productId, { categories: [categoryId], moods: [], tags: [] });
      (created
        ? ctx.report.playlists.added
        : linked
          ? ctx.report.playlists.updated
          : ctx.report.playlists.unchanged
      ).push(categoryId);
      continue;
    }
    const placement = playlist.placement;
    const result = await ctx.lock.run(async () => {
      const base = slugify(playlist.name) || 'playlist';
      for (let n = 1; n < 100; n++) {
        const id = n === 1 ? base : `${base}-${n}`;
        if (RESERVED_PLAYLIST_IDS.has(id)) continue;
        const row = await repo.playlistPlacement(db, id);
        if (row) {
          // Only a curated playlist of the same placement is the same playlist; never touch users' ones.
          if (row.placement !== placement) continue;
          const added = await repo.appendPlaylistItems(db, id, productIds);
          return { id, state: added ? ('updated' as const) : ('unchanged' as const) };
        }
        const clash = await repo.selectCategoryIdentity(db, id);
        if (clash?.kind === 'reels') continue;
        const cover = playlist.cover ? await prepareCover(ctx, playlist.cover, `playlist ${playlist.name}`) : null;
        await db.transaction().execute(async (trx) => {
          if (cover) await repo.insertFiles(trx, [cover.row]);
          await repo.insertPlaylist(trx, {
            id,
            name: playlist.name,
            description: playlist.description,
            placement,
            cover_file_id: cover?.fileId ?? null,
            position,
          });
          await repo.appendPlaylistItems(trx, id, productIds);
        });
        return { id, state: 'added' as const };
      }
      throw new Error(`no free id for playlist ${playlist.name}`);
    });
    ctx.report.playlists[result.state].push(result.id);
  }
}

/* ------------------------------------------------------------------ helpers */

/** Serialises the catalogue writes of concurrent track workers (id allocation reads, then inserts). */
class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => {});
    return result;
  }
}

/** Runs `work` over the items with at most `limit` in flight; after a failure no new item starts. */
async function forEachConcurrently<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const roundBpm = (bpm: number | null | undefined) =>
  bpm === null || bpm === undefined ? null : Math.round(bpm * 10) / 10;

/** The summary printed by the CLI and the demo builder: counts, then every skipped file with its reason. */
export function formatReport(report: IngestReport): string {
  const lines = [
    `Ingested ${report.folder} (${report.manifest}) in ${(report.elapsedMs / 1000).toFixed(1)} s: ` +
      `${report.added.length} added, ${report.updated.length} updated, ${report.unchanged.length} unchanged, ` +
      `${report.skipped.length} skipped`,
  ];
  const p = report.playlists;
  if (p.added.length + p.updated.length + p.unchanged.length) {
    lines.push(`Playlists: ${p.added.length} added, ${p.updated.length} updated, ${p.unchanged.length} unchanged`);
  }
  if (report.skipped.length) {
    lines.push('Skipped:');
    for (const s of report.skipped) lines.push(`  ${s.name}: ${s.reason}`);
  }
  if (report.warnings.length) {
    lines.push('Warnings:');
    for (const w of report.warnings) lines.push(`  ${w.name}: ${w.reason}`);
  }
  return lines.join('\n');
}
