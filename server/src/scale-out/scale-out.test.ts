import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClickWav } from '../../test/audio-fixtures';
import { sessionFor } from '../../test/auth-helpers';
import { accountFactory } from '../../test/factories';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server';
import type { ProductDownload } from '@cuewave/contract/downloads';
import { createDb, type Db } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { parseEvents } from '../features/archives/archive-test-kit';
import { unzip } from '../features/archives/zip-test-kit';
import { enqueueJob, getJob } from '../features/jobs/jobs.service';
import type { Job } from '../features/jobs/jobs.types';
import { attachmentDisposition } from '../providers/storage/content-disposition';
import { createS3Storage, type S3Storage } from '../providers/storage/s3-storage';
import { STORAGE_PROBE_KIND, type StorageProbeResult } from '../providers/storage/storage-probe.job';
import { createDatabase, runScript, startAppInstance, type AppInstance } from './cluster';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * Issue 12, "Files that several servers share": two real app processes on one PostgreSQL database and
 * one S3 store (s3rver), behind one address (a round-robin proxy), serve the same files, run each job
 * once, and a job whose instance is killed -9 half-way is finished by the other once its lease runs
 * out. Each instance reaches S3 through its own gate proxy, which can freeze it mid-job on cue.
 * PostgreSQL only (`npm run test:pg`): PGlite is one process's database.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const MiB = 1024 * 1024;
const LEASE_SECONDS = 2;
/** Response bytes from the store after which the instance building a zip is frozen. */
const ARCHIVE_BUDGET = 1 * MiB;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** GET over a new connection each time, so the proxy's round robin decides who answers. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        buffer(res).then((body) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }), reject);
      })
      .on('error', reject);
  });
}

/** An API call through the one address, JSON in and out. */
function call(
  method: string,
  url: string,
  auth: Record<string, string>,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${frontUrl}${url}`,
      {
        method,
        agent: false,
        headers: { ...auth, ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        buffer(res).then((b) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: b }), reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
let frontUrl = '';

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 45_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const finished = (db: Db, id: string) =>
  until(`job ${id} to finish`, async () => {
    const job = await getJob(db, id);
    return job && ['done', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
  });

/** A two-song catalogue folder for the ingest CLI. */
async function catalogueFolder(root: string) {
  const dir = join(root, 'catalogue');
  await mkdir(dir, { recursive: true });
  await writeClickWav(join(dir, 'one-vocal.wav'), { bpm: 120, tone: 900, seconds: 6 });
  await writeClickWav(join(dir, 'one-instrumental.wav'), { bpm: 120, tone: 700, seconds: 6 });
  await writeClickWav(join(dir, 'one-bass.wav'), { bpm: 120, tone: 150, seconds: 6 });
  await writeClickWav(join(dir, 'one-instruments.wav'), { bpm: 120, tone: 1300, seconds: 6 });
  await writeClickWav(join(dir, 'two-instrumental.wav'), { bpm: 96, tone: 500, seconds: 6 });
  const track = (key: string, title: string, files: Record<string, string>) => ({
    key,
    type: 'music',
    title,
    artist: 'Scale Out',
    genre: 'Pop',
    files,
  });
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      genres: [{ name: 'Pop' }],
      tracks: [
        track('one', 'First Light', {
          vocal: 'one-vocal.wav',
          instrumental: 'one-instrumental.wav',
          stem_bass: 'one-bass.wav',
          stem_instruments: 'one-instruments.wav',
        }),
        track('two', 'Second Wind', { instrumental: 'two-instrumental.wav' }),
      ],
    }),
  );
  return dir;
}

// Real processes, ffmpeg and a lease to wait out: generous limits for a busy two-core runner.
describe.skipIf(!serverUrl)('two app instances on one PostgreSQL and one S3 store', { timeout: 120_000 }, () => {
  let s3: S3TestServer;
  let store: S3Storage;
  let database: { url: string; drop(): Promise<void> };
  let db: Db;
  let root: string;
  const gates: TcpProxy[] = [];
  const instances: AppInstance[] = [];
  let front: TcpProxy;
  const started = Date.now();
  /** The subscriber of the download tests. */
  let auth: Record<string, string> = {};
  const envFor = (i: number) => ({
    DATABASE_URL: database.url,
    ...s3.env,
    // Each instance talks to the store through its own gate; browsers get URLs for the store itself.
    S3_ENDPOINT: gates[i]!.url,
    S3_PUBLIC_ENDPOINT: s3.endpoint,
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    JOB_POLL_MS: '100',
    JOB_CONCURRENCY: '1',
  });

  /** Kills the instance that the gates froze half-way through a job, and lets the other one run free. */
  async function killFrozenInstance(jobId: string) {
    const index = await until('an instance to be half-way through the job', async () => {
      const i = gates.findIndex((g) => g.stalled);
      return i >= 0 ? i + 1 : undefined;
    });
    const victim = instances[index - 1]!;
    const survivor = instances[2 - index]!;
    gates[2 - index]!.limit(null);
    const job = (await getJob(db, jobId)) as Job;
    expect(job.status).toBe('running');
    expect(job.attempts).toBe(1);
    const row = await db.selectFrom('jobs').select('locked_by').where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row.locked_by).toContain(`-${victim.pid}-`);
    await victim.crash();
    gates[index - 1]!.limit(null);
    return { index: index - 1, victim, survivor, job, killedAt: Date.now() };
  }

  /** The lost instance comes back where the load balancer expects it. */
  async function restart(index: number) {
    instances[index] = await startAppInstance(instances[index]!.name, envFor(index), instances[index]!.port);
  }

  beforeAll(async () => {
    s3 = await startS3TestServer();
    store = createS3Storage(s3.config);
    database = await createDatabase(serverUrl!);
    db = createDb({ url: database.url });
    await migrateToLatest(db);
    root = await mkdtemp(join(tmpdir(), 'cuewave-scale-'));

    // The catalogue goes in the way an operator puts it in: the ingest CLI, straight into S3.
    const ingest = await runScript('server/src/features/catalog/ingest.cli.ts', [await catalogueFolder(root)], {
      DATABASE_URL: database.url,
      ...s3.env,
    });
    expect(ingest).toContain('2 added');

    for (let i = 0; i < 2; i++) gates.push(await startTcpProxy([s3.port]));
    instances.push(...(await Promise.all(gates.map((_, i) => startAppInstance(`app-${i + 1}`, envFor(i))))));
    front = await startTcpProxy(instances.map((i) => i.port));
    frontUrl = front.url;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await front?.close();
    await Promise.all(gates.map((g) => g.close()));
    await db?.destroy();
    await database?.drop();
    store?.destroy();
    await s3?.close();
    if (root) await rm(root, { recursive: true, force: true });
    console.log(`scale-out: whole suite took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('both instances serve the same stored files through the one address, whole and by range', async () => {
    const previews = await db
      .selectFrom('files')
      .select(['id', 'storage_key', 'size', 'sha256'])
      .where('public', '=', true)
      .where('mime', 'like', 'audio/%')
      .execute();
    expect(previews.length).toBeGreaterThanOrEqual(2);
    const before = [...front.accepted];
    for (const file of previews) {
      const stored = await buffer(store.read(file.storage_key));
      expect(sha(stored)).toBe(file.sha256);
      for (let round = 0; round < 2; round++) {
        const whole = await get(`${front.url}/api/cdn/${file.id}`);
        expect(whole.status).toBe(200);
        expect(whole.body.equals(stored)).toBe(true);
        expect(whole.headers.etag).toBe(`"${file.sha256}"`);
        const part = await get(`${front.url}/api/cdn/${file.id}`, { range: 'bytes=100-1099' });
        expect(part.status).toBe(206);
        expect(part.body.equals(stored.subarray(100, 1100))).toBe(true);
      }
    }
    // Every instance answered some of them.
    front.accepted.forEach((n, i) => expect(n - before[i]!, `instance ${i + 1}`).toBeGreaterThan(0));
  });

  it('jobs enqueued once run exactly once, spread over both instances', async () => {
    const source = randomBytes(3 * MiB);
    await store.putBuffer('scale/source-small.bin', source);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(
        (await enqueueJob(db, { kind: STORAGE_PROBE_KIND, payload: { sourceKey: 'scale/source-small.bin' } })).id,
      );
    }
    const jobs = await Promise.all(ids.map((id) => finished(db, id)));
    const names = instances.map((i) => `:${i.pid}`);
    const ranOn = new Set<string>();
    for (const job of jobs) {
      expect(job.status, job.error ?? '').toBe('done');
      // One claim each: no job was started twice.
      expect(job.attempts).toBe(1);
      const result = job.result as StorageProbeResult;
      expect(result).toMatchObject({ size: source.length, sha256: sha(source), key: `probes/${job.id}` });
      ranOn.add(names.find((n) => result.instance.endsWith(n))!);
      expect(await store.size(result.key)).toBe(source.length);
    }
    expect([...ranOn].sort()).toEqual([...names].sort());
  });

  it('an instance killed -9 half-way through a job: the other finishes it after the lease, behind the same address', async () => {
    const source = randomBytes(12 * MiB);
    await store.putBuffer('scale/source-large.bin', source);
    // Whoever claims the job is frozen after reading half of the source from the store.
    for (const gate of gates) gate.limit(6 * MiB);
    const { id } = await enqueueJob(db, { kind: STORAGE_PROBE_KIND, payload: { sourceKey: 'scale/source-large.bin' } });
    const { index, survivor, killedAt } = await killFrozenInstance(id);

    // The one address keeps answering while the job changes hands.
    const preview = await db.selectFrom('files').select('id').where('public', '=', true).executeTakeFirstOrThrow();
    for (let i = 0; i < 4; i++) expect((await get(`${front.url}/api/cdn/${preview.id}`)).status).toBe(200);

    const job = await finished(db, id);
    const tookOverAfterMs = Date.now() - killedAt;
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.attempts).toBe(2);
    const result = job.result as StorageProbeResult;
    expect(result.instance.endsWith(`:${survivor.pid}`)).toBe(true);
    expect(result).toMatchObject({ size: source.length, sha256: sha(source) });
    expect(sha(await buffer(store.read(result.key)))).toBe(sha(source));
    // Not before the dead worker's lease ran out.
    expect(tookOverAfterMs).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 1000);
    console.log(`scale-out: job taken over and finished ${(tookOverAfterMs / 1000).toFixed(1)} s after the kill`);
    await restart(index);
  });

  it('a playlist zip survives the loss of the instance building it, and downloads through the one address', async () => {
    const accounts = accountFactory(db);
    const account = await accounts.account({ confirmedEmail: true, phone: '+48601234567', confirmedPhone: true });
    await accounts.subscription(account.id, { plan: 'trial', payPeriod: null, currency: null });
    auth = (await sessionFor(db, account.id)).auth;
    const items = (await db.selectFrom('products').select('id').orderBy('id').execute()).map((p) => p.id);
    const created = await call('POST', '/api/v1/playlist', auth, { name: 'Scale Out Mix' });
    expect(created.status, created.body.toString()).toBe(201);
    const playlistId = (JSON.parse(created.body.toString()) as { id: string }).id;
    expect((await call('POST', `/api/v1/playlist/${playlistId}`, auth, { items })).status).toBe(200);

    // Whoever builds the zip is frozen after its first megabyte from the store, then killed.
    for (const gate of gates) gate.limit(ARCHIVE_BUDGET);
    const asked = await call('POST', `/api/v1/playlist/${playlistId}/download`, auth, {
      fileFormat: 'wav',
      stems: true,
      items,
    });
    expect(asked.status, asked.body.toString()).toBe(202);
    const { jobId } = JSON.parse(asked.body.toString()) as { jobId: string };
    const { job: halfway, killedAt } = await killFrozenInstance(jobId);
    const progress = halfway.progress as { filesProcessed: number; totalFiles: number };
    console.log(`scale-out: archive frozen and killed at ${progress.filesProcessed}/${progress.totalFiles} files`);
    expect(progress.totalFiles).toBe(4);
    expect(progress.filesProcessed).toBeGreaterThan(0);
    expect(progress.filesProcessed).toBeLessThan(progress.totalFiles);

    // The web follows the job through the one address: the events end with every file done.
    const events = await call('GET', `/api/cdn/${jobId}`, auth, undefined, { accept: 'text/event-stream' });
    expect(events.status).toBe(200);
    expect(parseEvents(events.body.toString()).at(-1)).toEqual({
      event: 'message',
      data: { filesProcessed: 4, totalFiles: 4, status: 'done' },
    });
    const job = await finished(db, jobId);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.attempts).toBe(2);
    console.log(`scale-out: archive finished ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);

    // The zip comes from the store through a presigned URL, whole and correct.
    const result = job.result as { key: string; size: number };
    const redirect = await call('GET', `/api/cdn/${jobId}`, auth);
    expect(redirect.status).toBe(302);
    const location = redirect.headers.location!;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/${result.key}?`)).toBe(true);
    const zip = await get(location);
    expect(zip.status).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename="Scale Out Mix.zip"; filename*=UTF-8''Scale%20Out%20Mix.zip`,
    );
    expect(zip.body.length).toBe(result.size);
    const entries = await unzip(zip.body);
    expect(entries.map((e) => e.name)).toEqual([
      '01 First Light - Scale Out.wav',
      '01 First Light - Scale Out/Bass.wav',
      '01 First Light - Scale Out/Instruments.wav',
      '02 Second Wind - Scale Out.wav',
    ]);
    for (const entry of entries) expect(entry.data.subarray(0, 4).toString('latin1'), entry.name).toBe('RIFF');
  });

  it('a track download answers presigned store URLs from either instance, and they give the files', async () => {
    const product = (await db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const ask = () => call('GET', `/api/v1/product/${product}/download?files=vocal,stem_bass&format=wav`, auth);
    // Ready at once when the archive already rendered these; otherwise a worker renders them first.
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const ready = await until('the download to be ready', async () => {
        const res = await ask();
        expect([200, 202], res.body.toString()).toContain(res.status);
        return res.status === 200 ? (JSON.parse(res.body.toString()) as ProductDownload) : undefined;
      });
      answers.push(ready);
    }
    const paths = answers.map((a) => a.items.map((item) => new URL(item.url!).pathname));
    expect(paths[0]).toEqual(paths[1]);
    for (const item of answers[0]!.items) {
      expect(item.url!.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
      const res = await get(item.url!);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.headers['content-disposition']).toBe(attachmentDisposition(item.fileName));
      expect(res.body.length).toBe(item.size);
      const key = decodeURIComponent(new URL(item.url!).pathname.slice(`/${s3.bucket}/`.length));
      expect(res.body.equals(await buffer(store.read(key)))).toBe(true);
    }
  });
});
