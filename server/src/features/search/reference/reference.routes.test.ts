import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceListSchema, type ReferenceItem, type StreamingService } from '@cuewave/contract/reference';
import { searchResponseSchema, type SearchResponse } from '@cuewave/contract/search';
import { analyseAudio } from '../../../audio/analyse';
import { createTestApp, type TestContext } from '../../../../test/test-app';
import { catalogFactory } from '../../../../test/factories';
import { signedInUser } from '../../../../test/auth-helpers';
import { rawServer } from '../../../lib/safe-fetch/testing-servers';
import { upsertSounds } from '../sound/sound.repo';
import { useReferenceFetchSettings } from './fetch-settings';
import { REFERENCE_RATE } from './reference-limits';
import { clickTrack, startStandIns, STAND_IN_TITLES, type StandIns } from './testing-stand-ins';

/**
 * Reference links through HTTP, against local servers standing in for the outside sites (decision 067).
 * Three songs whose descriptors come from real analysed clips: a calm low one, a driving bright one and
 * one in between; a fetched or uploaded copy of the driving clip must find the driving song first.
 */
const CLIPS = {
  calm: clickTrack(70, 220, { gain: 0.25 }),
  drive: clickTrack(150, 2400, { gain: 0.9, noise: 0.6 }),
  mid: clickTrack(110, 660, { gain: 0.5, noise: 0.2 }),
};

let ctx: TestContext;
let sites: StandIns;
let restore: () => void;
let workDir: string;
/** This file's own temp folder (TMPDIR), so "nothing left behind" is not confused by other suites' files. */
let privateTmp: string;
const savedTmp = process.env.TMPDIR;

beforeAll(async () => {
  ctx = await createTestApp();
  workDir = await mkdtemp(join(tmpdir(), 'cuewave-ref-test-'));
  privateTmp = join(workDir, 'tmp');
  await mkdir(privateTmp);
  process.env.TMPDIR = privateTmp;
  const f = catalogFactory(ctx.db, ctx.storage);
  await f.genre('Electronic');
  const sounds = [];
  for (const [name, wav] of Object.entries(CLIPS)) {
    await f.product({ id: `${name}-song`, title: `${name} song`, files: false });
    const path = join(workDir, `${name}.wav`);
    await writeFile(path, wav);
    const { descriptor } = await analyseAudio(path);
    sounds.push({ productId: `${name}-song`, descriptor: descriptor! });
  }
  await f.product({ id: 'neon-rush', title: 'Neon Rush', artist: 'Sub Unit', files: false });
  await f.product({ id: 'unanalysed', title: 'Not Yet', files: false });
  await upsertSounds(ctx.db, sounds);
  await ctx.db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
  sites = await startStandIns({ '/drive.wav': CLIPS.drive, '/calm.wav': CLIPS.calm, '/song.wav': CLIPS.mid });
  restore = useReferenceFetchSettings(sites.settings);
}, 120_000);

afterAll(async () => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  restore?.();
  await sites?.close();
  await ctx?.close();
  await rm(workDir, { recursive: true, force: true });
});

let nextClient = 1;
/** Each test from its own client address, so the per-client limits of one test do not reach another. */
const freshIp = () => `198.51.100.${nextClient++}`;

async function describeUrls(urls: unknown, ip = freshIp(), headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/product/search/reference',
    payload: { urls },
    headers: { 'x-forwarded-for': ip, ...headers },
  });
}

async function items(urls: string[]): Promise<ReferenceItem[]> {
  const res = await describeUrls(urls);
  expect(res.statusCode, res.body).toBe(200);
  return referenceListSchema.parse(res.json()).items;
}

async function searchBy(reference: string[], extra: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/product/search',
    payload: { reference, ...extra },
  });
  return res;
}

const ids = (res: SearchResponse) => res.items.map((p) => p.id);

describe('our own tracks', () => {
  it("recognises song links in every form and ranks the catalogue by that track's sound", async () => {
    const [page, edition, api, bare, unknown, notYet] = await items([
      'http://localhost:3000/c/song/drive-song',
      'http://localhost:3000/us/c/song/drive-song',
      'http://localhost:3000/api/v1/product/music/drive-song',
      '/c/song/drive-song',
      '/c/song/no-such-song',
      '/c/song/unanalysed',
    ]);
    for (const item of [page, edition, api, bare]) {
      expect(item).toMatchObject({
        kind: 'product',
        usable: true,
        reference: 'product:drive-song',
        title: 'drive song',
      });
    }
    expect(unknown).toMatchObject({ kind: 'unusable', usable: false, reason: { code: 'unknown-product' } });
    expect(notYet).toMatchObject({ usable: false, reason: { code: 'not-decodable' } });

    const res = await searchBy(['product:drive-song']);
    expect(res.statusCode, res.body).toBe(200);
    const body = searchResponseSchema.parse(res.json());
    // Itself excluded; the in-between song is nearer the driving one than the calm one is.
    expect(ids(body)).not.toContain('drive-song');
    expect(ids(body).indexOf('mid-song')).toBeLessThan(ids(body).indexOf('calm-song'));
    expect(body.explanations['mid-song']?.score).toBeGreaterThan(0);
    expect(Array.isArray(body.explanations['mid-song']?.closeIn)).toBe(true);
  });

  it('keeps the filters of a search by reference', async () => {
    const res = await searchBy(['product:drive-song'], { type: 'sfx' });
    expect(res.statusCode).toBe(200);
    expect(searchResponseSchema.parse(res.json()).items).toEqual([]);
  });

  it('answers 400 for a reference that is unknown, expired or malformed', async () => {
    expect((await searchBy(['product:nope'])).statusCode).toBe(400);
    expect((await searchBy(['ref_AAAAAAAAAAAAAAAAAAAAAA'])).statusCode).toBe(400);
    expect((await searchBy(['https://example.com/a.mp3'])).statusCode).toBe(400);
    expect((await searchBy(Array.from({ length: 6 }, () => 'product:drive-song'))).statusCode).toBe(400);
  });
});

describe('direct audio links', () => {
  it('fetches, analyses and forgets the file; the search ranks the song it sounds like first', async () => {
    expect(tmpdir()).toBe(privateTmp);
    const [item] = await items([`${sites.files}/drive.wav`]);
    expect(item).toMatchObject({ kind: 'audio', usable: true, title: 'drive.wav', reason: null });
    expect(item!.durationSec).toBeCloseTo(6, 0);
    expect(item!.reference).toMatch(/^ref_/);
    // Nothing of the file is left behind: the fetcher's folder, the cut copy and the decode are gone.
    expect(await readdir(privateTmp)).toEqual([]);

    const res = await searchBy([item!.reference!]);
    expect(res.statusCode, res.body).toBe(200);
    const body = searchResponseSchema.parse(res.json());
    expect(ids(body)[0]).toBe('drive-song');
    expect(ids(body).indexOf('mid-song')).toBeLessThan(ids(body).indexOf('calm-song'));

    // Two references: each song's score is its mean closeness to both.
    const [calm] = await items([`${sites.files}/calm.wav`]);
    const both = searchResponseSchema.parse((await searchBy([item!.reference!, calm!.reference!])).json());
    expect(ids(both).slice(0, 3).sort()).toEqual(['calm-song', 'drive-song', 'mid-song']);
  }, 60_000);

  it('refuses an audio URL that serves HTML, a missing file and an endless body', async () => {
    const [html, missing, endless] = await items([
      `${sites.files}/html.mp3`,
      `${sites.files}/missing.mp3`,
      `${sites.files}/endless.mp3`,
    ]);
    expect(html).toMatchObject({ kind: 'unusable', reason: { code: 'not-audio' } });
    expect(missing).toMatchObject({ kind: 'unusable', reason: { code: 'http-error' } });
    expect(missing!.reason!.message).toContain('404');
    expect(endless).toMatchObject({ kind: 'unusable', reason: { code: 'too-large' } });
  }, 60_000);

  it('refuses private addresses: literal, by DNS and by redirect, without saying what is there', async () => {
    const list = await items([
      'http://127.0.0.1/a.mp3',
      'http://10.0.0.8/a.mp3',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/a.mp3',
      'http://2130706433/a.mp3',
      `http://intranet.example.test:${sites.port}/song.wav`,
      `${sites.files}/to-loopback.mp3`,
      `${sites.files}/to-intranet.mp3`,
    ]);
    for (const item of list) {
      expect(item, item.url).toMatchObject({ kind: 'unusable', usable: false, reason: { code: 'private-address' } });
      expect(item.reason!.message).not.toMatch(/10\.0\.0|127\.|169\.254/);
    }
    // The redirects were asked for; nothing reached the stand-in through the private name or loopback.
    expect(sites.requests.filter((r) => r.startsWith('intranet') || r.startsWith('127.0.0.1'))).toEqual([]);
  });

  it('says why for strings that are not URLs and for other schemes', async () => {
    const [words, empty, file, gopher, ftp, js] = await items([
      'some song I like',
      '',
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_FLUSHALL',
      'ftp://files.example/a.mp3',
      'javascript:alert(1)',
    ]);
    expect(words).toMatchObject({ kind: 'unusable', reason: { code: 'invalid-url' } });
    expect(empty).toMatchObject({ kind: 'unusable', reason: { code: 'invalid-url' } });
    for (const item of [file, gopher, ftp, js]) {
      expect(item, item!.url).toMatchObject({ kind: 'unusable', reason: { code: 'scheme-not-allowed' } });
    }
  });

  it('answers 400 for 50 URLs, none, or a list that is not a list', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `${sites.files}/drive.wav?${i}`);
    const before = sites.requests.length;
    const res = await describeUrls(fifty);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(res.json().message).toMatch(/at most 10/);
    expect(sites.requests.length).toBe(before); // nothing was fetched
    expect((await describeUrls([])).statusCode).toBe(400);
    expect((await describeUrls('https://x.example/a.mp3')).statusCode).toBe(400);
    expect((await describeUrls([42])).statusCode).toBe(400);
    expect((await describeUrls(['x'.repeat(5000)])).statusCode).toBe(400);
  });

  it('does not wait forever for a server that never answers', async () => {
    const silent = await rawServer(() => undefined);
    const restoreSilent = useReferenceFetchSettings({
      fetch: { ...sites.settings.fetch, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
      oembed: sites.settings.oembed,
    });
    try {
      const started = Date.now();
      const [item] = await items([`http://silent.example.test:${silent.port}/a.mp3`]);
      expect(item).toMatchObject({ kind: 'unusable', reason: { code: 'timeout' } });
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      restoreSilent();
      useReferenceFetchSettings(sites.settings);
      await silent.close();
    }
  }, 30_000);
});

describe('streaming pages', () => {
  const services: StreamingService[] = ['youtube', 'spotify', 'soundcloud', 'apple-music', 'deezer', 'tiktok', 'vimeo'];

  it('reads title and artist of each of the seven services, notes that audio is not analysed', async () => {
    const list = await items(services.map((s) => sites.page(s)));
    list.forEach((item, i) => {
      const service = services[i]!;
      expect(item, service).toMatchObject({ kind: 'streaming', usable: true, service, reason: null });
      expect(item.note).toMatch(/not analysed/);
      expect(item.artist).toBe(STAND_IN_TITLES[service].artist);
    });
    expect(list[0]!.title).toBe('Neon Rush (Official Video)');
    expect(list[3]!.title).toBe('Calaveras'); // Apple Music: no oEmbed, its Open Graph tags
    expect(list[4]!.title).toBe('Morning Run'); // Deezer's oEmbed down: the page's tags
    // oEmbed was asked with the page URL; Apple Music's page was read instead.
    expect(sites.requests.some((r) => r.startsWith('www.youtube.com/oembed?url='))).toBe(true);
    expect(sites.requests.some((r) => r.startsWith('music.apple.com/track/42'))).toBe(true);
  });

  it('searches by the words of the page (decorations dropped)', async () => {
    const [youtube] = await items([sites.page('youtube')]);
    const res = await searchBy([youtube!.reference!]);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(searchResponseSchema.parse(res.json()))).toEqual(['neon-rush']);
  });

  it('says so when a page names nothing (oEmbed down, no title on the page)', async () => {
    const [deezer] = await items([`http://www.deezer.com:${sites.port}/no-title`]);
    expect(deezer).toMatchObject({ kind: 'unusable', reason: { code: 'no-metadata' } });
  });
});

describe('uploads', () => {
  const upload = (body: Buffer | string, headers: Record<string, string> = {}, name = 'my%20clip.wav') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/product/search/reference/upload?name=${name}`,
      payload: body,
      headers: { 'content-type': 'application/octet-stream', 'x-forwarded-for': freshIp(), ...headers },
    });

  it('analyses an uploaded file like a fetched one', async () => {
    const res = await upload(CLIPS.drive);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json<ReferenceItem>();
    expect(item).toMatchObject({ kind: 'audio', usable: true, title: 'my clip.wav' });
    expect(await readdir(privateTmp)).toEqual([]);
    const found = searchResponseSchema.parse((await searchBy([item.reference!])).json());
    expect(ids(found)[0]).toBe('drive-song');
  }, 60_000);

  it('refuses what is not audio (415), an empty body and a body above 20 MB (413)', async () => {
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(2000)]);
    expect((await upload(zip, { 'content-type': 'audio/wav' })).statusCode).toBe(415);
    expect((await upload('<html></html>')).statusCode).toBe(415);
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
    const big = await upload(Buffer.alloc(21 * 1024 * 1024, 0xff));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
  }, 60_000);

  it('refuses audio longer than 10 minutes, whatever its size', async () => {
    // 11 minutes at 8 kHz: 10.6 MB, under the size cap.
    const long = clickTrack(100, 440, { seconds: 660, gain: 0.3, rate: 8000 });
    expect(long.length).toBeLessThan(20 * 1024 * 1024);
    const res = await upload(long);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/longer than 10 minutes/);
  }, 60_000);

  it('refuses a file that is audio in name only, and a silent one', async () => {
    const broken = Buffer.concat([CLIPS.drive.subarray(0, 44), Buffer.from('garbage')]);
    broken.writeUInt32LE(0x7fffffff, 40);
    expect([400, 415]).toContain((await upload(broken)).statusCode);
    const silence = clickTrack(100, 440, { gain: 0 });
    const res = await upload(silence);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/silent/);
  }, 60_000);
});

describe('limits per client', () => {
  it('stops one client after its fetches, without touching another client or a signed-in account', async () => {
    const ip = freshIp();
    const batch = Array.from({ length: 10 }, (_, i) => `${sites.files}/missing.mp3?${i}`);
    for (let i = 0; i < REFERENCE_RATE.fetches.limit / 10; i++) {
      const res = await describeUrls(batch, ip);
      expect(res.json().items.every((item: ReferenceItem) => item.reason?.code === 'http-error')).toBe(true);
    }
    const [limited] = (await describeUrls([`${sites.files}/missing.mp3`], ip)).json().items as ReferenceItem[];
    expect(limited).toMatchObject({ kind: 'unusable', reason: { code: 'rate-limited' } });
    // Own links need no fetch and still work for that client.
    const own = (await describeUrls(['/c/song/drive-song'], ip)).json().items as ReferenceItem[];
    expect(own[0]!.usable).toBe(true);
    // Another address, and a signed-in account on the same address, have their own allowance.
    const other = (await describeUrls([`${sites.files}/missing.mp3`])).json().items as ReferenceItem[];
    expect(other[0]!.reason!.code).toBe('http-error');
    const user = await signedInUser(ctx);
    const signedIn = (await describeUrls([`${sites.files}/missing.mp3`], ip, user.auth)).json()
      .items as ReferenceItem[];
    expect(signedIn[0]!.reason!.code).toBe('http-error');
  });

  it('answers 429 with Retry-After for uploads past the analyses allowance', async () => {
    const ip = freshIp();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/product/search/reference/upload',
        payload: Buffer.from('not audio'),
        headers: { 'content-type': 'application/octet-stream', 'x-forwarded-for': ip },
      });
    for (let i = 0; i < REFERENCE_RATE.analyses.limit; i++) expect((await send()).statusCode).toBe(415);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
