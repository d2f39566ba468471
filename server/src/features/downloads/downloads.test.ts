import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@cuewave/contract/catalog';
import type { DownloadHistory, ProductDownload } from '@cuewave/contract/downloads';
import { accountFactory, catalogFactory } from '../../../test/factories';
import { sessionFor } from '../../../test/auth-helpers';
import { writeClickWav } from '../../../test/audio-fixtures';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { runFfmpeg } from '../../audio/ffmpeg';
import { fixedClock } from '../../lib/clock';
import { ingestFolder } from '../catalog/ingest.service';
import { pdfText } from '../licence/pdf-text';
import { enqueueJob } from '../jobs/jobs.service';
import { BACKFILL_CATALOG_JOB } from './downloads.jobs-kinds';

const clock = fixedClock(new Date());
let ctx: TestContext;
let folder: string;
let ids: { sun: string; drive: string; hd: string };

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A folder with a vocal song with stems, an instrumental-only song and a 48 kHz / 24-bit FLAC track. */
async function buildFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-downloads-'));
  await mkdir(dir, { recursive: true });
  await writeClickWav(join(dir, 'sun-vocal.wav'), { bpm: 120, tone: 900, seconds: 4 });
  await writeClickWav(join(dir, 'sun-instrumental.wav'), { bpm: 120, tone: 800, seconds: 4 });
  await writeClickWav(join(dir, 'sun-bass.wav'), { bpm: 120, tone: 150, seconds: 4 });
  await writeClickWav(join(dir, 'sun-instruments.wav'), { bpm: 120, tone: 1200, seconds: 4 });
  await writeClickWav(join(dir, 'drive.wav'), { bpm: 90, tone: 700, seconds: 4 });
  const hd = await runFfmpeg([
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=3:sample_rate=48000',
    '-ac',
    '2',
    '-sample_fmt',
    's32',
    '-c:a',
    'flac',
    join(dir, 'hd.flac'),
  ]);
  if (hd.code !== 0) throw new Error(hd.stderr);
  await writeFile(
    join(dir, 'manifest.json'),
    JSON.stringify({
      tracks: [
        {
          key: 'sun',
          type: 'music',
          title: 'Sunny Day',
          artist: 'Nova Lane',
          files: {
            vocal: 'sun-vocal.wav',
            instrumental: 'sun-instrumental.wav',
            stem_bass: 'sun-bass.wav',
            stem_instruments: 'sun-instruments.wav',
          },
        },
        { key: 'drive', type: 'music', title: 'Night Drive', artist: 'Kilo', files: { instrumental: 'drive.wav' } },
        { key: 'hd', type: 'music', title: 'High/Res: "Tone"', artist: 'Zoë', files: { instrumental: 'hd.flac' } },
      ],
    }),
  );
  return dir;
}

beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { downloadsPerDay: 2 } });
  folder = await buildFolder();
  const report = await ingestFolder({ db: ctx.db, storage: ctx.storage }, folder, { concurrency: 2 });
  const id = (key: string) => report.added.find((a) => a.key === key)!.id;
  ids = { sun: id('sun'), drive: id('drive'), hd: id('hd') };
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const accounts = () => accountFactory(ctx.db);

async function subscriber(spec: Parameters<ReturnType<typeof accountFactory>['subscription']>[1] = { plan: 'trial' }) {
  const account = await accounts().account({ confirmedEmail: true });
  const subscriptionId = await accounts().subscription(account.id, {
    startedAt: new Date(clock.now().getTime() - 86_400_000),
    nextPayAt: new Date(clock.now().getTime() + 29 * 86_400_000),
    ...spec,
  });
  const session = await sessionFor(ctx.db, account.id, clock);
  return { ...account, subscriptionId, auth: session.auth };
}

const download = (productId: string, query: string, auth: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/product/${productId}/download${query}`, headers: auth });

/** Asks, runs the jobs it started, asks again: the ready answer. */
async function downloadReady(productId: string, query: string, auth: Record<string, string>): Promise<ProductDownload> {
  for (let round = 0; round < 4; round++) {
    const res = await download(productId, query, auth);
    if (res.statusCode === 200) return res.json<ProductDownload>();
    expect(res.statusCode, res.body).toBe(202);
    await ctx.runJobs();
  }
  throw new Error('never ready');
}

const fetchUrl = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('ingest keeps what downloads need', () => {
  it('stores a private lossless instrumental for a vocal song and a public MP3 preview per stem', async () => {
    const rows = await ctx.db
      .selectFrom('product_files as pf')
      .leftJoin('files as l', 'l.id', 'pf.lossless_file_id')
      .leftJoin('files as p', 'p.id', 'pf.preview_file_id')
      .select([
        'pf.type',
        'pf.file_id',
        'l.mime as lossMime',
        'l.public as lossPublic',
        'p.mime as prevMime',
        'p.public as prevPublic',
      ])
      .where('pf.product_id', '=', ids.sun)
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.type, r]));
    const master = by.master!.file_id;
    expect(by.vocal).toMatchObject({ lossMime: 'audio/flac', lossPublic: false });
    expect(rows.find((r) => r.type === 'vocal')!.lossMime).toBe('audio/flac');
    expect(by.instrumental).toMatchObject({ lossMime: 'audio/flac', lossPublic: false });
    const vocalLossless = await ctx.db
      .selectFrom('product_files')
      .select('lossless_file_id')
      .where('product_id', '=', ids.sun)
      .where('type', '=', 'vocal')
      .executeTakeFirstOrThrow();
    expect(vocalLossless.lossless_file_id).toBe(master);
    for (const stem of ['stem_bass', 'stem_instruments']) {
      expect(by[stem], stem).toMatchObject({ prevMime: 'audio/mpeg', prevPublic: true });
    }
  });

  it('the catalogue lists each stem with its preview id, and the preview is public on /cdn', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/product/music/${ids.sun}` });
    expect(res.statusCode).toBe(200);
    const product = res.json<Product>();
    const stem = product.files.find((f) => f.type === 'stem_bass')!;
    expect(stem.preview).toEqual(expect.any(String));
    expect(stem.waveform).toHaveLength(160);
    const preview = await ctx.app.inject({ method: 'GET', url: `/api/cdn/${stem.preview}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('audio/mpeg');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/cdn/${stem.id}` })).statusCode).toBe(403);
    expect(product.files.find((f) => f.type === 'vocal')!.preview).toBeUndefined();
  });
});

describe('who may download', () => {
  it('a visitor gets 401', async () => {
    const res = await download(ids.sun, '');
    expect(res.statusCode).toBe(401);
  });

  it('no plan, an ended plan and a pending payment each get 403 with their own code', async () => {
    const none = await accounts().account({ confirmedEmail: true });
    const noneRes = await download(ids.sun, '', (await sessionFor(ctx.db, none.id, clock)).auth);
    expect(noneRes.statusCode).toBe(403);
    expect(noneRes.json()).toMatchObject({
      error: 'DOWNLOAD_NO_SUBSCRIPTION',
      message: expect.stringContaining('free trial'),
    });

    const ended = await subscriber({ plan: 'start', status: 'ended' });
    expect((await download(ids.sun, '', ended.auth)).json()).toMatchObject({ error: 'DOWNLOAD_SUBSCRIPTION_ENDED' });

    const pending = await subscriber({
      plan: 'professional',
      status: 'pending',
      nextPayAt: null,
      startedAt: clock.now(),
    });
    const pendingRes = await download(ids.sun, '', pending.auth);
    expect(pendingRes.statusCode).toBe(403);
    expect(pendingRes.json()).toMatchObject({ error: 'DOWNLOAD_PAYMENT_PENDING' });
  });
});

describe('bad input', () => {
  it('unknown product 404, stems of a track without stems 400, unsupported format 400', async () => {
    const user = await subscriber();
    const unknown = await download('no-such-track', '', user.auth);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND' });
    const stems = await download(ids.drive, '?files=stem_bass', user.auth);
    expect(stems.statusCode).toBe(400);
    expect(stems.json()).toEqual({ error: 'FILE_NOT_AVAILABLE', message: 'This track has no stems.' });
    const vocal = await download(ids.drive, '?files=vocal', user.auth);
    expect(vocal.json()).toMatchObject({ error: 'FILE_NOT_AVAILABLE' });
    const format = await download(ids.sun, '?format=ogg', user.auth);
    expect(format.statusCode).toBe(400);
    expect(format.json().error).toBe('VALIDATION_FAILED');
    expect(await ctx.db.selectFrom('downloads').select('id').where('account_id', '=', user.id).execute()).toEqual([]);
  });
});

describe('a subscriber downloads', () => {
  let user: Awaited<ReturnType<typeof subscriber>>;
  let ready: ProductDownload;

  beforeAll(async () => {
    user = await subscriber();
  });

  it('first asks get 202 preparing with a job per file and format; the jobs make each rendition once', async () => {
    const first = await download(ids.sun, '?files=instrumental,stem_bass&format=wav,mp3', user.auth);
    expect(first.statusCode).toBe(202);
    const body = first.json<ProductDownload>();
    expect(body).toMatchObject({ status: 'preparing', downloadId: null, retryAfterMs: expect.any(Number) });
    expect(body.items.map((i) => [i.file, i.format, i.status])).toEqual([
      ['instrumental', 'wav', 'preparing'],
      ['instrumental', 'mp3', 'preparing'],
      ['stem_bass', 'wav', 'preparing'],
      ['stem_bass', 'mp3', 'preparing'],
    ]);
    expect(body.items.every((i) => i.url === null && i.jobId?.startsWith('job_'))).toBe(true);
    // Asking again while queued gives the same jobs, not new ones.
    const again = (
      await download(ids.sun, '?files=instrumental,stem_bass&format=wav,mp3', user.auth)
    ).json<ProductDownload>();
    expect(again.items.map((i) => i.jobId)).toEqual(body.items.map((i) => i.jobId));
    expect(await ctx.runJobs()).toBeGreaterThanOrEqual(4);

    ready = await downloadReady(ids.sun, '?files=instrumental,stem_bass&format=wav,mp3', user.auth);
    expect(ready.status).toBe('ready');
    expect(ready.downloadId).toMatch(/^dl_/);
    expect(ready.items.map((i) => i.fileName)).toEqual([
      'Sunny Day - Nova Lane (Instrumental).wav',
      'Sunny Day - Nova Lane (Instrumental).mp3',
      'Sunny Day - Nova Lane (Bass stem).wav',
      'Sunny Day - Nova Lane (Bass stem).mp3',
    ]);
    const renditions = await ctx.db.selectFrom('renditions').selectAll().execute();
    expect(renditions).toHaveLength(4);
    // Nothing left to produce: the next ask is ready at once and queues nothing.
    expect((await download(ids.sun, '?files=instrumental,stem_bass&format=wav,mp3', user.auth)).statusCode).toBe(200);
    expect(await ctx.runJobs()).toBe(0);
  });

  it('items= gives each picked file in its own format, recorded as one download', async () => {
    const pairs = await downloadReady(ids.sun, '?items=stem_bass:mp3,instrumental:wav', user.auth);
    expect(pairs.items.map((i) => [i.file, i.format])).toEqual([
      ['stem_bass', 'mp3'],
      ['instrumental', 'wav'],
    ]);
    const row = await ctx.db
      .selectFrom('downloads')
      .select('items')
      .where('id', '=', pairs.downloadId!)
      .executeTakeFirstOrThrow();
    expect(row.items).toEqual([
      { file: 'stem_bass', format: 'mp3' },
      { file: 'instrumental', format: 'wav' },
    ]);
    for (const query of [
      '?items=stem_bass',
      '?items=vocal:flac',
      '?items=vocal:wav:x',
      '?items=vocal:wav&format=mp3',
    ]) {
      const bad = await download(ids.sun, query, user.auth);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error).toBe('VALIDATION_FAILED');
    }
  });

  it('the WAV is the lossless source at its rate and depth, the MP3 is 320 kbps, with the download name', async () => {
    const wav = await fetchUrl(ready.items[0]!.url!);
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.headers['content-disposition']).toContain('filename="Sunny Day - Nova Lane (Instrumental).wav"');
    expect(wav.headers['cache-control']).toBe('private, no-store');
    const bytes = wav.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE');
    const fmt = bytes.indexOf('fmt ', 12, 'latin1');
    expect(bytes.readUInt16LE(fmt + 8)).toBe(1); // PCM
    expect(bytes.readUInt32LE(fmt + 12)).toBe(22050);
    expect(bytes.readUInt16LE(fmt + 22)).toBe(16);
    expect(Number(wav.headers['content-length'])).toBe(bytes.length);
    // ~4 s of 22.05 kHz mono 16-bit
    expect(bytes.length).toBeGreaterThan(4 * 22050 * 2 * 0.95);

    const mp3 = await fetchUrl(ready.items[1]!.url!);
    expect(mp3.headers['content-type']).toBe('audio/mpeg');
    expectMp3Frame(mp3.rawPayload, 320);

    const ranged = await fetchUrl(ready.items[0]!.url!, { range: 'bytes=0-99' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('a 48 kHz 24-bit master downloads as a 48 kHz 24-bit WAV with a safe file name', async () => {
    const hd = await downloadReady(ids.hd, '?format=wav', user.auth);
    expect(hd.items[0]!.fileName).toBe('High Res Tone - Zoë (Instrumental).wav');
    const res = await fetchUrl(hd.items[0]!.url!);
    const fmt = res.rawPayload.indexOf('fmt ', 12, 'latin1');
    expect(res.rawPayload.readUInt16LE(fmt + 10)).toBe(2);
    expect(res.rawPayload.readUInt32LE(fmt + 12)).toBe(48000);
    expect(res.rawPayload.readUInt16LE(fmt + 22)).toBe(24);
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''High%20Res%20Tone%20-%20Zo%C3%AB%20%28Instrumental%29.wav",
    );
  });

  it('an altered or expired link is 403; so is a link after the subscription ended', async () => {
    const url = ready.items[0]!.url!;
    const token = url.slice(url.indexOf('token=') + 6);
    const [body, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 3600 })).toString('base64url');
    for (const bad of [`${forged}.${mac}`, `${body}.${mac!.slice(0, -2)}AA`, 'garbage']) {
      const res = await fetchUrl(`/api/v1/download/file?token=${bad}`);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toMatchObject({ error: 'DOWNLOAD_LINK_INVALID' });
    }

    const later = await subscriber();
    const link = (await downloadReady(ids.sun, '?files=instrumental&format=wav', later.auth)).items[0]!.url!;
    expect((await fetchUrl(link)).statusCode).toBe(200);
    await ctx.db.updateTable('subscriptions').set({ status: 'ended' }).where('id', '=', later.subscriptionId).execute();
    const ended = await fetchUrl(link);
    expect(ended.statusCode).toBe(403);
    expect(ended.json()).toMatchObject({ error: 'DOWNLOAD_SUBSCRIPTION_ENDED' });
    const again = await download(ids.sun, '?files=instrumental&format=wav', later.auth);
    expect(again.statusCode).toBe(403);

    clock.advance(11 * 60_000);
    const expired = await fetchUrl(url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({
      error: 'DOWNLOAD_LINK_INVALID',
      message: expect.stringContaining('expired'),
    });
  });
});

describe('history, certificates, fair use', () => {
  it('records each download with the subscription, lists them newest first, certifies and verifies each', async () => {
    const user = await subscriber({ plan: 'professional', status: 'active', payPeriod: 'year' });
    const first = await downloadReady(ids.drive, '?format=mp3', user.auth);
    clock.advance(1000);
    const second = await downloadReady(ids.sun, '?files=vocal,stem_instruments&format=wav', user.auth);

    const row = await ctx.db
      .selectFrom('downloads')
      .selectAll()
      .where('id', '=', second.downloadId!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      account_id: user.id,
      subscription_id: user.subscriptionId,
      product_id: ids.sun,
      plan: 'professional',
    });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/download', headers: user.auth });
    expect(res.statusCode).toBe(200);
    const history = res.json<DownloadHistory>();
    expect(history.count).toBe(2);
    expect(history.items.map((i) => i.id)).toEqual([second.downloadId, first.downloadId]);
    expect(history.items[0]).toMatchObject({
      productId: ids.sun,
      title: 'Sunny Day',
      artist: 'Nova Lane',
      product: { id: ids.sun },
      items: [
        { file: 'vocal', format: 'wav' },
        { file: 'stem_instruments', format: 'wav' },
      ],
      licence: { subscriptionId: user.subscriptionId, plan: 'professional', planTitle: 'Professional' },
    });
    const paged = await ctx.app.inject({ method: 'GET', url: '/api/v1/download?skip=1&limit=1', headers: user.auth });
    expect(paged.json<DownloadHistory>().items.map((i) => i.id)).toEqual([first.downloadId]);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: history.items[0]!.licence.certificateUrl,
      headers: user.auth,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    expect(text).toContain('Track licence certificate');
    expect(text).toContain('Sunny Day');
    expect(text).toContain('Nova Lane');
    expect(text).toContain('Professional');
    expect(text).toContain(user.email);
    expect(text).toContain(history.items[0]!.licence.code);

    const verify = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/verify/${history.items[0]!.licence.code}`,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      code: history.items[0]!.licence.code,
      status: 'valid',
      plan: 'professional',
      track: { productId: ids.sun, title: 'Sunny Day', artist: 'Nova Lane' },
    });

    // Someone else's download: its history is empty and the certificate is 404.
    const other = await subscriber();
    const otherPdf = await ctx.app.inject({
      method: 'GET',
      url: history.items[0]!.licence.certificateUrl,
      headers: other.auth,
    });
    expect(otherPdf.statusCode).toBe(404);
    expect(otherPdf.json()).toMatchObject({ error: 'NOT_FOUND' });
    const otherHistory = await ctx.app.inject({ method: 'GET', url: '/api/v1/download', headers: other.auth });
    expect(otherHistory.json()).toEqual({ items: [], count: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/download' })).statusCode).toBe(401);
  });

  it('the daily fair-use limit counts distinct tracks per account: 429 with Retry-After, re-downloads still work', async () => {
    const user = await subscriber();
    await downloadReady(ids.sun, '', user.auth);
    await downloadReady(ids.drive, '', user.auth);
    const over = await download(ids.hd, '', user.auth);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      error: 'DOWNLOAD_LIMIT_REACHED',
      message: expect.stringContaining('2 different tracks today'),
    });
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(86_400);
    // The same track again does not count again.
    expect((await download(ids.sun, '', user.auth)).statusCode).toBe(200);
    // Nobody else is locked out.
    const other = await subscriber();
    expect((await downloadReady(ids.hd, '', other.auth)).status).toBe('ready');
    // The next UTC day starts afresh.
    clock.advance(retry * 1000);
    const fresh = await sessionFor(ctx.db, user.id, clock);
    expect((await download(ids.hd, '', fresh.auth)).statusCode).toBe(200);
  });
});

describe('two tabs at the limit', () => {
  it('two downloads of different tracks at once cannot both take the last one of the day', async () => {
    const user = await subscriber();
    // Every rendition these need is stored by now, so both answers would be ready.
    for (const id of [ids.drive, ids.hd]) await downloadReady(id, '', (await subscriber()).auth);
    await downloadReady(ids.sun, '', user.auth);
    const answers = await Promise.all([download(ids.drive, '', user.auth), download(ids.hd, '', user.auth)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
    const rows = await ctx.db.selectFrom('downloads').select('product_id').where('account_id', '=', user.id).execute();
    expect(rows).toHaveLength(2);
  });
});

describe('catalogues from before downloads', () => {
  it('the backfill job restores stem previews and a lossless instrumental from the stems', async () => {
    await ctx.db
      .updateTable('product_files')
      .set({ preview_file_id: null, lossless_file_id: null })
      .where('product_id', '=', ids.sun)
      .execute();
    // A product whose files are not audio at all: skipped and reported, the rest goes on.
    const broken = await catalogFactory(ctx.db, ctx.storage).product({ id: 'a-broken-track', vocal: true });
    await enqueueJob(ctx.db, { kind: BACKFILL_CATALOG_JOB, dedupeKey: BACKFILL_CATALOG_JOB });
    await ctx.runJobs();
    const first = await ctx.db
      .selectFrom('jobs')
      .select(['result', 'status'])
      .where('kind', '=', BACKFILL_CATALOG_JOB)
      .executeTakeFirstOrThrow();
    expect(first).toEqual({ status: 'done', result: { products: 1, failed: [broken] } });
    const rows = await ctx.db
      .selectFrom('product_files as pf')
      .leftJoin('files as l', 'l.id', 'pf.lossless_file_id')
      .leftJoin('files as p', 'p.id', 'pf.preview_file_id')
      .select([
        'pf.type',
        'l.storage_key as lossKey',
        'l.public as lossPublic',
        'p.mime as prevMime',
        'p.public as prevPublic',
      ])
      .where('pf.product_id', '=', ids.sun)
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.type, r]));
    expect(by.stem_bass).toMatchObject({ prevMime: 'audio/mpeg', prevPublic: true });
    expect(by.stem_instruments).toMatchObject({ prevMime: 'audio/mpeg', prevPublic: true });
    expect(by.instrumental!.lossPublic).toBe(false);
    const flac = await readAll(ctx.storage.read(by.instrumental!.lossKey!));
    expect(flac.subarray(0, 4).toString('latin1')).toBe('fLaC');
    // Idempotent: a second run finds nothing to do.
    await enqueueJob(ctx.db, { kind: BACKFILL_CATALOG_JOB, dedupeKey: BACKFILL_CATALOG_JOB });
    await ctx.runJobs();
    const job = await ctx.db
      .selectFrom('jobs')
      .select(['result'])
      .where('kind', '=', BACKFILL_CATALOG_JOB)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(job.result).toEqual({ products: 0, failed: [broken] });
    await ctx.db.deleteFrom('products').where('id', '=', broken).execute();
  });
});

/** The first MPEG-1 Layer III frame header (after any ID3 tag) says `kbps`. */
function expectMp3Frame(bytes: Buffer, kbps: number) {
  let offset = 0;
  if (bytes.subarray(0, 3).toString('latin1') === 'ID3') {
    const size =
      ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    offset = 10 + size;
  }
  while (offset < bytes.length - 4 && !(bytes[offset] === 0xff && (bytes[offset + 1]! & 0xe0) === 0xe0)) offset++;
  expect(bytes[offset]).toBe(0xff);
  // 0xFB: MPEG-1, Layer III, no CRC
  expect(bytes[offset + 1]).toBe(0xfb);
  const MPEG1_L3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  expect(MPEG1_L3_KBPS[bytes[offset + 2]! >> 4]).toBe(kbps);
}
