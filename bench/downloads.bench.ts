/**
 * npm run bench:downloads — playlist zips (decision 056) by the real server process on PostgreSQL.
 *
 * Creates a fresh database on BENCH_DATABASE_URL (default the local PostgreSQL), a data folder of its
 * own, and 50 tracks (BENCH_TRACKS) of BENCH_TRACK_SECONDS (default 180) whose MP3 (320 kbps) and WAV
 * (44.1 kHz, 16-bit stereo) renditions are already stored with their SHA-256 and CRC-32, as
 * ensureRendition stores them — the benchmark measures zipping, not encoding. Starts
 * server/src/main.ts (API only, 10 job workers) and measures, in one run:
 *   - the baseline: reading the same source files from disk (the files the job reads), just before and
 *     after each phase, the faster of 64 KB and 1 MB chunks;
 *   - a copy ceiling: the same files read and written to one new file with plain streams (no zip, no
 *     database), what any zip must at least do;
 *   - a 50-track playlist zipped in MP3 and in WAV: from the request to the job's last progress
 *     event (and the job's own time from its row), as source bytes per second and as a ratio to the
 *     baseline (goal >= 0.7) and to the copy ceiling, then the zip fetched over HTTP;
 *   - ten archives at once (MP3): wall time and total throughput;
 *   - the server's RSS: before, the peak during each phase (sampled every 50 ms from /proc) and the
 *     rise over the idle server (goal: a few tens of MB for the WAV playlist).
 *   - cold, from the disk itself (when the bench may write /proc/sys/vm/drop_caches, i.e. as root): the
 *     page cache dropped before the read and again before the zip, so both read the files from disk; the
 *     warm figures above read them from memory, which no zip that also writes can match.
 * Every zip is checked with a zip reader (entry names and sizes; the MP3 one byte for byte).
 * Prints the figures; asserts nothing on time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './server-process';
import yauzl from 'yauzl';
import type { ArchiveProgress, PlaylistDownloadJob } from '@cuewave/contract/archives';
import { createDb } from '../server/src/db/client';
import { migrateToLatest } from '../server/src/db/migrate';
import { createSession } from '../server/src/features/auth/sessions.service';
import { systemClock } from '../server/src/lib/clock';
import { dropDatabase, freshDatabase } from './pg-database';

const root = fileURLToPath(new URL('..', import.meta.url));
const TRACKS = Number(process.env.BENCH_TRACKS ?? 50);
const SECONDS = Number(process.env.BENCH_TRACK_SECONDS ?? 180);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 10);
const SIZES = { mp3: Math.round((320_000 / 8) * SECONDS), wav: 44 + 44_100 * 2 * 2 * SECONDS };
type Format = keyof typeof SIZES;
const MB = 1024 * 1024;

type Db = ReturnType<typeof createDb>;

/**
 * Writes `size` bytes made of one random megabyte repeated (content does not matter to a stored zip);
 * the SHA-256 and CRC-32 a rendition is stored with (renditions.ts computes both when it produces one).
 */
async function writeBytes(path: string, size: number, seed: Buffer): Promise<{ sha256: string; crc: number }> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  let crc = 0;
  const out = createWriteStream(path);
  for (let written = 0; written < size;) {
    const chunk = seed.subarray(0, Math.min(seed.length, size - written));
    hash.update(chunk);
    crc = crc32(chunk, crc);
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    written += chunk.length;
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return { sha256: hash.digest('hex'), crc };
}

type Seeded = { accountId: string; productIds: string[]; keys: Record<Format, string[]> };

/** An account on the trial, and TRACKS products whose only file is a master with both renditions stored. */
async function seed(db: Db, filesDir: string): Promise<Seeded> {
  const accountId = randomUUID();
  await db
    .insertInto('accounts')
    .values({ id: accountId, email: 'bench-downloads@example.com', password_hash: 'x', confirmed_email: true })
    .execute();
  await db
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      account_id: accountId,
      plan: 'trial',
      status: 'active',
      pay_period: null,
      currency: null,
      started_at: new Date(),
      next_pay_at: new Date(Date.now() + 30 * 86_400_000),
      created_at: new Date(),
    })
    .execute();
  await db.insertInto('artists').values({ id: 'bench-artist', name: 'Bench Artist' }).execute();
  const seedBytes = randomBytes(MB);
  const productIds: string[] = [];
  const keys: Record<Format, string[]> = { mp3: [], wav: [] };
  for (let i = 0; i < TRACKS; i++) {
    const id = `bench-track-${i + 1}`;
    productIds.push(id);
    const masterId = `bench-master-${i + 1}`;
    await db
      .insertInto('files')
      .values({
        id: masterId,
        storage_key: `bench/${masterId}`,
        mime: 'audio/flac',
        size: 1,
        sha256: 'x',
        public: false,
      })
      .execute();
    await db
      .insertInto('products')
      .values({
        id,
        type: 'music',
        title: `Track ${i + 1}`,
        artist_id: 'bench-artist',
        bpm: 120,
        duration: SECONDS,
        has_vocal: false,
        rank: 0,
        source_key: `bench:${id}`,
      })
      .execute();
    // The instrumental version (its public preview stands in) made from the master, as the ingest records it.
    const previewId = `bench-preview-${i + 1}`;
    await db
      .insertInto('files')
      .values({
        id: previewId,
        storage_key: `bench/${previewId}`,
        mime: 'audio/mpeg',
        size: 1,
        sha256: 'x',
        public: true,
      })
      .execute();
    await db
      .insertInto('product_files')
      .values([
        { product_id: id, file_id: masterId, type: 'master', duration: SECONDS, bpm: 120, waveform: '[]' },
        {
          product_id: id,
          file_id: previewId,
          type: 'instrumental',
          duration: SECONDS,
          bpm: 120,
          waveform: '[]',
          lossless_file_id: masterId,
        },
      ])
      .execute();
    for (const format of ['mp3', 'wav'] as const) {
      const fileId = `bench-${format}-${i + 1}`;
      const key = `renditions/${masterId}.${format}`;
      const { sha256, crc } = await writeBytes(join(filesDir, key), SIZES[format], seedBytes);
      await db
        .insertInto('files')
        .values({
          id: fileId,
          storage_key: key,
          mime: format === 'mp3' ? 'audio/mpeg' : 'audio/wav',
          size: SIZES[format],
          sha256,
          crc32: crc,
          public: false,
        })
        .execute();
      await db.insertInto('renditions').values({ source_file_id: masterId, format, file_id: fileId }).execute();
      keys[format].push(join(filesDir, key));
    }
  }
  return { accountId, productIds, keys };
}

/**
 * Reads files one after another, as the job does; bytes per second. Twice: with Node's default 64 KB
 * chunks and with the 1 MB chunks the server's storage reads whole files with; the faster one counts,
 * so bigger chunks in the job cannot win against a baseline that did not use them.
 */
async function readAll(paths: string[]): Promise<{ bytes: number; seconds: number }> {
  const once = async (highWaterMark: number | undefined) => {
    const start = performance.now();
    let bytes = 0;
    for (const path of paths) {
      for await (const chunk of createReadStream(path, { highWaterMark })) bytes += (chunk as Buffer).length;
    }
    return { bytes, seconds: (performance.now() - start) / 1000 };
  };
  const small = await once(undefined);
  const large = await once(MB);
  return small.seconds < large.seconds ? small : large;
}

/**
 * The ceiling of any zip here: the same files read and appended to one new file with plain streams
 * (1 MB reads, 2 MB write buffer, as the server's local storage), no zip records, no database.
 */
async function copyAll(paths: string[], out: string): Promise<{ bytes: number; seconds: number }> {
  const start = performance.now();
  const sink = createWriteStream(out, { highWaterMark: 2 * MB });
  sink.setMaxListeners(0);
  for (const path of paths) await pipeline(createReadStream(path, { highWaterMark: MB }), sink, { end: false });
  await new Promise<void>((resolve, reject) => sink.end((err?: Error | null) => (err ? reject(err) : resolve())));
  const seconds = (performance.now() - start) / 1000;
  await rm(out, { force: true });
  return { bytes: sink.bytesWritten, seconds };
}

/** Empties the page cache (root only) so the next read comes from the disk; false when not allowed. */
async function dropCaches(): Promise<boolean> {
  try {
    await new Promise<void>((resolve, reject) =>
      spawn('sync', [], { stdio: 'ignore' }).once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error('sync')),
      ),
    );
    await writeFile('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

/** One pass over the files with 1 MB chunks (after dropCaches: from the disk). */
async function readOnce(paths: string[]): Promise<{ bytes: number; seconds: number }> {
  const start = performance.now();
  let bytes = 0;
  for (const path of paths) {
    for await (const chunk of createReadStream(path, { highWaterMark: MB })) bytes += (chunk as Buffer).length;
  }
  return { bytes, seconds: (performance.now() - start) / 1000 };
}

type Rate = { bytes: number; seconds: number };
/** The baseline of a phase: the reads just before and just after it, taken together. */
const both = (a: Rate, b: Rate): Rate => ({ bytes: a.bytes + b.bytes, seconds: a.seconds + b.seconds });

/** Samples a process's resident memory from /proc every 50 ms; peak() since the last reset. */
function rssSampler(pid: number) {
  const read = async () => {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  let peak = 0;
  const timer = setInterval(() => {
    void read().then((mb) => (peak = Math.max(peak, mb)));
  }, 50);
  return {
    now: read,
    resetPeak: async () => (peak = await read()),
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

/** Every entry's name and size from the zip's central directory; with `verify`, each entry read (CRC checked). */
function zipEntries(path: string, verify: boolean): Promise<Array<{ name: string; size: number }>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out: Array<{ name: string; size: number }> = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        out.push({ name: entry.fileName, size: entry.uncompressedSize });
        if (!verify) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          stream.on('error', reject);
          stream.on('end', () => zip.readEntry());
          stream.resume();
        });
      });
      zip.readEntry();
    });
  });
}

/** How long the job took by its own row (queued to done), without the client's polling. */
async function jobSeconds(db: Db, jobId: string): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select(['created_at', 'updated_at'])
    .where('id', '=', jobId)
    .executeTakeFirstOrThrow();
  return (new Date(row.updated_at).getTime() - new Date(row.created_at).getTime()) / 1000;
}

type Api = { base: string; auth: Record<string, string> };

async function api<T>(ctx: Api, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(ctx.base + path, {
    method,
    headers: { ...ctx.auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Reads the job's event stream to its end; the last progress. */
async function followJob(ctx: Api, jobId: string): Promise<ArchiveProgress> {
  const res = await fetch(`${ctx.base}/api/cdn/${jobId}`, { headers: { ...ctx.auth, accept: 'text/event-stream' } });
  const text = await res.text();
  if (/^event: error/m.test(text)) throw new Error(`job ${jobId} failed: ${text.slice(-300)}`);
  const last = text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .at(-1);
  return JSON.parse(last!.slice(6)) as ArchiveProgress;
}

/** Downloads the zip to `path`; bytes and seconds. */
async function fetchZip(
  ctx: Api,
  jobId: string,
  path: string,
): Promise<{ bytes: number; seconds: number; length: number }> {
  const start = performance.now();
  // node:http and a file stream: the client should cost as little as possible next to the server.
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    httpGet(`${ctx.base}/api/cdn/${jobId}`, { headers: ctx.auth }, resolve).on('error', reject),
  );
  if (res.statusCode !== 200) throw new Error(`zip ${jobId}: HTTP ${res.statusCode}`);
  let bytes = 0;
  res.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(res, createWriteStream(path));
  return { bytes, seconds: (performance.now() - start) / 1000, length: Number(res.headers['content-length']) };
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const mbps = (bytes: number, seconds: number) => bytes / MB / seconds;

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'cuewave-bench-downloads-'));
  const dataDir = join(work, 'data');
  const filesDir = join(dataDir, 'files');
  const url = await freshDatabase('cuewave_bench_downloads');
  const db = createDb({ url });
  let server: ChildProcess | null = null;
  try {
    await migrateToLatest(db);
    console.log(
      `Seeding ${TRACKS} tracks of ${SECONDS} s (MP3 ${fmt(SIZES.mp3 / MB)} MB, WAV ${fmt(SIZES.wav / MB)} MB each)…`,
    );
    const seeded = await seed(db, filesDir);
    const tokens = await createSession({ db, clock: systemClock }, seeded.accountId);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const log = createWriteStream(join(work, 'server.log'));
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SERVE_WEB: 'false',
        DEMO_CATALOG: 'off',
        RENEWALS_EVERY_SECONDS: '0',
        JOB_CONCURRENCY: String(Math.max(2, CONCURRENT)),
        JOB_POLL_MS: '100',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.pipe(log);
    server.stderr!.pipe(log);
    await waitFor('the server', async () => (await fetch(`${base}/api/health`)).ok);
    const ctx: Api = { base, auth: { authorization: `Bearer ${tokens.access_token}` } };
    const rss = rssSampler(server.pid!);

    const playlistFor = async (name: string) => {
      const created = await api<{ id: string }>(ctx, 'POST', '/api/v1/playlist', { name });
      await api(ctx, 'POST', `/api/v1/playlist/${created.id}`, { items: seeded.productIds });
      return created.id;
    };
    const zipOnce = async (playlistId: string, format: Format) => {
      const start = performance.now();
      const { jobId } = await api<PlaylistDownloadJob>(ctx, 'POST', `/api/v1/playlist/${playlistId}/download`, {
        fileFormat: format,
        stems: false,
        items: seeded.productIds,
      });
      const last = await followJob(ctx, jobId);
      const seconds = (performance.now() - start) / 1000;
      if (last.filesProcessed !== TRACKS || last.status !== 'done')
        throw new Error(`unexpected end ${JSON.stringify(last)}`);
      return { jobId, seconds };
    };

    // Warm-up: one small archive so the first measured one pays no start-up costs (JIT, pools).
    const warm = await playlistFor('Warm-up');
    await zipOnce(warm, 'mp3');
    await new Promise((r) => setTimeout(r, 500));
    const idleRss = await rss.now();
    console.log(`Server pid ${server.pid} on ${base}; idle RSS after a warm-up archive: ${fmt(idleRss)} MB\n`);

    const results: string[] = [];
    for (const format of ['mp3', 'wav'] as const) {
      const playlistId = await playlistFor(`Bench ${format}`);
      const before = await readAll(seeded.keys[format]);
      await rss.resetPeak();
      const { jobId, seconds } = await zipOnce(playlistId, format);
      const peak = rss.peak();
      // The machine's speed drifts (page cache, other work): the baseline is read just before and after.
      const after = await readAll(seeded.keys[format]);
      const disk = both(before, after);
      const copy = await copyAll(seeded.keys[format], join(work, 'copy.bin'));
      const ran = await jobSeconds(db, jobId);
      const zipPath = join(work, `${format}.zip`);
      const fetched = await fetchZip(ctx, jobId, zipPath);
      const entries = await zipEntries(zipPath, format === 'mp3');
      const sizesOk = entries.length === TRACKS && entries.every((e) => e.size === SIZES[format]);
      const sourceBytes = TRACKS * SIZES[format];
      const baseline = mbps(disk.bytes, disk.seconds);
      const zipped = mbps(sourceBytes, seconds);
      results.push(
        `${format.toUpperCase()}: ${TRACKS} tracks, ${fmt(sourceBytes / MB)} MB of audio, zip ${fmt(fetched.bytes / MB)} MB ` +
          `(Content-Length ${fetched.length === fetched.bytes ? 'matches' : 'DIFFERS'}; ${entries.length} entries, sizes ${sizesOk ? 'ok' : 'WRONG'}${format === 'mp3' ? ', CRCs verified' : ''})\n` +
          `  disk read baseline (faster of 64 KB and 1 MB chunks) ${fmt(baseline)} MB/s (before ${fmt(mbps(before.bytes, before.seconds))}, after ${fmt(mbps(after.bytes, after.seconds))})\n` +
          `  zip job (request to done) ${fmt(zipped)} MB/s in ${fmt(seconds, 2)} s — ratio ${fmt(zipped / baseline, 2)} (goal >= 0.7)\n` +
          `  (the job itself, created to done: ${fmt(ran, 2)} s, ${fmt(mbps(sourceBytes, ran))} MB/s, ratio ${fmt(mbps(sourceBytes, ran) / baseline, 2)})\n` +
          `  copy ceiling (read + write the same bytes, no zip) ${fmt(mbps(copy.bytes, copy.seconds))} MB/s: ratio ${fmt(mbps(copy.bytes, copy.seconds) / baseline, 2)} to the baseline; ` +
          `the zip job reaches ${fmt(zipped / mbps(copy.bytes, copy.seconds), 2)} of it\n` +
          `  zip over HTTP ${fmt(mbps(fetched.bytes, fetched.seconds))} MB/s in ${fmt(fetched.seconds, 2)} s\n` +
          `  server RSS peak ${fmt(peak)} MB, +${fmt(peak - idleRss)} MB over idle (goal: a few tens of MB)`,
      );
      console.log(results.at(-1) + '\n');
      await rm(zipPath, { force: true });

      // The same, cold: what a user meets when the files are not in memory.
      if (await dropCaches()) {
        const coldRead = await readOnce(seeded.keys[format]);
        await dropCaches();
        const cold = await zipOnce(await playlistFor(`Bench ${format} cold`), format);
        const coldBaseline = mbps(coldRead.bytes, coldRead.seconds);
        const coldZip = mbps(sourceBytes, cold.seconds);
        results.push(
          `${format.toUpperCase()} cold (page cache dropped before each): disk read ${fmt(coldBaseline)} MB/s, ` +
            `zip job ${fmt(coldZip)} MB/s in ${fmt(cold.seconds, 2)} s — ratio ${fmt(coldZip / coldBaseline, 2)} (goal >= 0.7)`,
        );
      } else {
        results.push(`${format.toUpperCase()} cold: skipped (dropping the page cache needs root)`);
      }
      console.log(results.at(-1) + '\n');
    }

    // Ten archives at once.
    const ids = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => playlistFor(`Concurrent ${i + 1}`)));
    const before = await readAll(seeded.keys.mp3);
    await rss.resetPeak();
    const start = performance.now();
    const runs = await Promise.all(ids.map((id) => zipOnce(id, 'mp3')));
    const wall = (performance.now() - start) / 1000;
    const peak = rss.peak();
    const after = await readAll(seeded.keys.mp3);
    const disk = both(before, after);
    const total = CONCURRENT * TRACKS * SIZES.mp3;
    let verified = 0;
    for (const [i, run] of runs.entries()) {
      const zipPath = join(work, `concurrent-${i}.zip`);
      await fetchZip(ctx, run.jobId, zipPath);
      const entries = await zipEntries(zipPath, false);
      if (entries.length === TRACKS && entries.every((e) => e.size === SIZES.mp3)) verified += 1;
      await rm(zipPath, { force: true });
    }
    const baseline = mbps(disk.bytes, disk.seconds);
    console.log(
      `${CONCURRENT} MP3 archives at once: ${fmt(total / MB)} MB of audio in ${fmt(wall, 2)} s wall ` +
        `(each ${fmt(Math.min(...runs.map((r) => r.seconds)), 2)}–${fmt(Math.max(...runs.map((r) => r.seconds)), 2)} s), ` +
        `${fmt(mbps(total, wall))} MB/s total — ratio ${fmt(mbps(total, wall) / baseline, 2)} to one disk read ` +
        `(${fmt(baseline)} MB/s); ${verified}/${CONCURRENT} zips verified\n` +
        `  server RSS peak ${fmt(peak)} MB, +${fmt(peak - idleRss)} MB over idle`,
    );
    rss.stop();
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    console.log(`\nServer peak RSS over the whole run (VmHWM): ${fmt(hwm)} MB`);
  } finally {
    if (server && server.exitCode === null) {
      const gone = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server!.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }
    await db.destroy();
    await dropDatabase(url).catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
