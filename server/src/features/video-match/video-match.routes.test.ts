import { randomBytes } from 'node:crypto';
import { readFile, readdir, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoMatchStatusSchema, type VideoMatchJob, type VideoMatchStatus } from '@cuewave/contract/video-match';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { accountFactory, catalogFactory } from '../../../test/factories';
import { fromIp, sessionFor } from '../../../test/auth-helpers';
import { runFfmpeg } from '../../audio/ffmpeg';
import { parseEvents } from '../archives/archive-test-kit';
import { makeClip } from './video-clips';
import { newClientToken, VIDEO_LIMITS, visitorOwner } from './video-match.service';
import { VIDEO_CLIENT_COOKIE } from './video-match.routes';
import { receiveVideo } from './video-upload';

let ctx: TestContext;
let dir: string;
const clips: Record<string, Buffer> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'cuewave-video-routes-'));
  const make = async (name: string, spec: Parameters<typeof makeClip>[2]) => {
    clips[name] = await readFile(await makeClip(dir, name, spec));
  };
  await make('fast', { seconds: 8, cutEvery: 0.5, light: 'bright', sound: { toneDb: -12 }, container: 'mp4' });
  await make('silent', { seconds: 6, cutEvery: 3, light: 'dark', sound: 'silent', container: 'webm' });
  await make('mov', { seconds: 4, cutEvery: null, light: 'mid', sound: 'none', container: 'mov' });
  await make('mkv', { seconds: 4, cutEvery: 1, light: 'mid', sound: { toneDb: -20 }, container: 'mkv' });
  const audioOnly = join(dir, 'voice.m4a');
  await runFfmpeg(['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=d=3', '-c:a', 'aac', audioOnly]);
  clips.audioOnly = await readFile(audioOnly);
  // A video track with no frames at all.
  const empty = join(dir, 'empty.mp4');
  await runFfmpeg([
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=s=64x36:d=1',
    '-c:v',
    'libx264',
    '-frames:v',
    '0',
    empty,
  ]);
  clips.noFrames = await readFile(empty);

  const catalog = catalogFactory(ctx.db);
  const energetic = await catalog.mood('Energetic');
  const calm = await catalog.mood('Calm');
  await catalog.product({ title: 'Sprint', bpm: 128, duration: 95, moods: [energetic], files: false });
  await catalog.product({ title: 'Rush Hour', bpm: 64, duration: 150, moods: [energetic], files: false });
  await catalog.product({ title: 'Still Water', bpm: 70, duration: 200, moods: [calm], files: false });
  await catalog.product({ title: 'Tiny Sting', bpm: 130, duration: 5, moods: [energetic], files: false });
  await catalog.product({ title: 'Whoosh', type: 'sfx', duration: 30, files: false });
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

type Who = Record<string, string>;
const visitor = (): Who => ({ cookie: `${VIDEO_CLIENT_COOKIE}=${newClientToken()}`, ...fromIp() });

const upload = (who: Who, body: Buffer | Readable, type = 'video/mp4', extra: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/video-match',
    headers: { ...who, 'content-type': type, ...extra },
    payload: body,
  });

const status = (who: Who, jobId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/video-match/${jobId}`, headers: who });

/** Files left by uploads: local temporary copies and stored videos. */
async function leftovers(): Promise<string[]> {
  const temp = (await readdir(tmpdir())).filter(
    (f) => f.startsWith(`cuewave-ffmpeg-${process.pid}-`) && f.endsWith('.upload'),
  );
  const stored = await readdir(join(ctx.filesDir, 'video-match')).catch(() => []);
  return [...temp, ...stored];
}

async function uploaded(who: Who, clip: Buffer, type = 'video/mp4'): Promise<VideoMatchJob> {
  const res = await upload(who, clip, type);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<VideoMatchJob>();
}

describe('AI video match', () => {
  it(
    'analyses an upload with progress events and ranks music that fits its length and pace',
    { timeout: 60_000 },
    async () => {
      const who = visitor();
      const job = await uploaded(who, clips.fast!);
      expect(job).toMatchObject({ container: 'mp4' });
      expect(job.durationSec).toBeCloseTo(8, 0);
      expect(await leftovers()).toHaveLength(1); // the stored upload, waiting for a worker

      const events = ctx.app.inject({ method: 'GET', url: `/api/v1/video-match/${job.jobId}/events`, headers: who });
      await ctx.runJobs();
      const stream = await events;
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const progress = parseEvents(stream.body);
      expect(progress.every((e) => e.event === 'message')).toBe(true);
      expect(progress.at(-1)!.data).toEqual({ status: 'done', phase: 'done', percent: 100 });

      const res = await status(who, job.jobId);
      expect(res.statusCode).toBe(200);
      const result = res.json<VideoMatchStatus>();
      expect(result.measures!.cutsPerMinute).toBeGreaterThan(100);
      expect(result.target).toMatchObject({ energyClass: 'high', bpm: { from: 120, to: 140 } });
      // Each reason is a code with its values (the web words it in the page's language) and its English text.
      expect(result.target!.reasons[0]).toMatchObject({
        kind: 'cutRate',
        level: 'fast',
        bpm: { from: 120, to: 140 },
        text: expect.stringMatching(/^fast cuts \(\d+ a minute\), .* → 120–140 BPM$/),
      });
      expect(result.target!.reasons.at(-1)).toMatchObject({
        kind: 'length',
        durationSec: result.measures!.durationSec,
      });
      // Music only, long enough for the 8 s video; the 128 BPM energetic track first.
      const titles = result.items.map((i) => i.product.title);
      expect(titles[0]).toBe('Sprint');
      expect(titles).not.toContain('Tiny Sting');
      expect(titles).not.toContain('Whoosh');
      expect(result.items[0]!.reasons).toEqual(
        expect.arrayContaining([
          { kind: 'tempo', bpm: 128, range: { from: 120, to: 140 }, time: 'in', text: '128 BPM, in 120–140' },
          { kind: 'mood', mood: 'Energetic', text: 'Energetic mood' },
          expect.objectContaining({ kind: 'length', videoSec: result.measures!.durationSec }),
        ]),
      );
      // The answer is the contract's shape, codes included.
      expect(videoMatchStatusSchema.safeParse(result).success).toBe(true);
      // Nothing of the video is kept.
      expect(await leftovers()).toEqual([]);
    },
  );

  it('reads mov, mkv and webm, and takes a silent soundtrack as no sound', { timeout: 60_000 }, async () => {
    for (const [name, type] of [
      ['mov', 'video/quicktime'],
      ['mkv', 'video/x-matroska'],
      ['silent', 'application/octet-stream'],
    ] as const) {
      const who = visitor();
      const job = await uploaded(who, clips[name]!, type);
      expect(job.container).toBe(name === 'silent' ? 'webm' : name);
      await ctx.runJobs();
      const result = (await status(who, job.jobId)).json<VideoMatchStatus>();
      expect(result.progress.status, JSON.stringify(result.failure)).toBe('done');
      if (name === 'silent') expect(result.measures).toMatchObject({ hasAudio: true, silent: true, loudnessDb: null });
      if (name === 'mov') expect(result.measures).toMatchObject({ hasAudio: false, cutsPerMinute: 0 });
    }
  });

  it('refuses files that are not videos, by their bytes, with the spec’s error body', async () => {
    const who = visitor();
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(2000)]);
    let res = await upload(who, zip, 'video/mp4');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('zip archive') });

    res = await upload(who, clips.audioOnly!, 'video/mp4');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'VIDEO_NO_FRAMES', message: expect.stringContaining('audio only') });

    res = await upload(who, clips.noFrames!, 'video/mp4');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('VIDEO_NO_FRAMES');

    // The first half of a file whose index comes last: cut off.
    res = await upload(who, clips.fast!.subarray(0, clips.fast!.length >> 1), 'video/mp4');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'VIDEO_UNREADABLE', message: expect.stringContaining('cut off') });

    res = await upload(who, Buffer.alloc(0), 'video/mp4');
    expect(res.statusCode).toBe(415);

    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/video-match',
      headers: { ...who, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
    expect(await leftovers()).toEqual([]);
  });

  it(
    'stops a 2 GB upload at the cap while streaming, whatever Content-Length says, over real HTTP',
    { timeout: 60_000 },
    async () => {
      // The cap is counted as bytes arrive: an endless body stops at maxBytes, leaving no file.
      let sent = 0;
      const endless = new Readable({
        read() {
          const chunk = sent === 0 ? clips.fast!.subarray(0, 4096) : Buffer.alloc(64 * 1024);
          sent += chunk.length;
          this.push(sent > 2 * 1024 ** 3 ? null : chunk);
        },
      });
      await expect(receiveVideo(endless, { maxBytes: 1024 * 1024 })).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(sent).toBeLessThan(4 * 1024 * 1024);

      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const declared = await new Promise<{ status: number; body: string; sentMb: number }>((resolve, reject) => {
        const req = httpRequest({
          port,
          method: 'POST',
          path: '/api/v1/video-match',
          headers: { 'content-type': 'video/mp4', 'content-length': String(2 * 1024 ** 3), ...visitor() },
        });
        let wrote = 0;
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body, sentMb: wrote / 1024 / 1024 }));
        });
        req.on('error', reject);
        const pump = () => {
          while (wrote < 8 * 1024 * 1024 && req.write(Buffer.alloc(256 * 1024))) wrote += 256 * 1024;
        };
        req.on('drain', pump);
        pump();
      });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body)).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });
      expect(declared.sentMb).toBeLessThanOrEqual(8);
    },
  );

  it('leaves nothing behind when an upload is cut off half way', { timeout: 30_000 }, async () => {
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const clip = clips.fast!;
    const token = newClientToken();
    // Empty now and still empty a moment later: the route finished with the partial file.
    const gone = async () => {
      await new Promise((r) => setTimeout(r, 100));
      return (await leftovers()).length === 0;
    };
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        port,
        method: 'POST',
        path: '/api/v1/video-match',
        headers: {
          'content-type': 'video/mp4',
          'content-length': String(clip.length),
          cookie: `${VIDEO_CLIENT_COOKIE}=${token}`,
        },
      });
      req.on('error', () => resolve());
      req.write(clip.subarray(0, clip.length >> 1), () => {
        req.destroy();
        resolve();
      });
    });
    // The server notices the closed connection and removes the partial file: wait for the file to
    // appear (the request reached the route), then for it to go.
    const until = async (done: () => Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    };
    const reached = () =>
      ctx.providers.rateLimiter.count(`video:owner:${visitorOwner(token).key}`, VIDEO_LIMITS.uploadsPerOwner);
    await until(async () => (await reached()) === 1, 10_000);
    expect(await reached()).toBe(1);
    await until(async () => (await leftovers()).length === 0 && (await gone()), 10_000);
    expect(await leftovers()).toEqual([]);
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'video-match.analyse')
      .where('status', '=', 'queued')
      .execute();
    expect(jobs).toEqual([]);
  });

  it(
    'runs one analysis at a time per client: two at once past the limit get 429, other clients are not locked out',
    { timeout: 60_000 },
    async () => {
      const who = visitor();
      const both = await Promise.all([
        upload(who, clips.mkv!, 'video/x-matroska'),
        upload(who, clips.mkv!, 'video/x-matroska'),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([202, 429]);
      const refused = both.find((r) => r.statusCode === 429)!;
      expect(refused.json()).toEqual({
        error: 'TOO_MANY_REQUESTS',
        message: expect.stringContaining('still being analysed'),
      });
      expect(refused.headers['retry-after']).toBeDefined();
      // A third while the first waits: refused before its body is read.
      expect((await upload(who, clips.mkv!, 'video/x-matroska')).statusCode).toBe(429);
      // Another visitor, even from the same address, is not affected.
      const neighbour = { ...visitor(), 'x-forwarded-for': who['x-forwarded-for']! };
      expect((await upload(neighbour, clips.mkv!, 'video/x-matroska')).statusCode).toBe(202);
      await ctx.runJobs();
      // Once done, the next upload is accepted.
      expect((await upload(who, clips.mkv!, 'video/x-matroska')).statusCode).toBe(202);
      await ctx.runJobs();
      expect(await leftovers()).toEqual([]);
    },
  );

  it('shows an analysis only to whoever started it; cancelling deletes the upload', { timeout: 60_000 }, async () => {
    const owner = visitor();
    const job = await uploaded(owner, clips.mov!, 'video/quicktime');
    const stranger = visitor();
    const account = await accountFactory(ctx.db).account({ confirmedEmail: true });
    const signedIn = { ...(await sessionFor(ctx.db, account.id)).auth, ...fromIp() };
    for (const who of [stranger, signedIn, fromIp()]) {
      expect((await status(who, job.jobId)).statusCode).toBe(404);
      const events = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/video-match/${job.jobId}/events`,
        headers: who,
      });
      expect(events.statusCode).toBe(404);
      const cancel = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/video-match/${job.jobId}`, headers: who });
      expect(cancel.statusCode).toBe(404);
    }
    // The signed-in account owns its own analyses, not the visitor's.
    const accountJob = await uploaded(signedIn, clips.mov!, 'video/quicktime');
    expect((await status(owner, accountJob.jobId)).statusCode).toBe(404);
    expect((await status(signedIn, accountJob.jobId)).statusCode).toBe(200);

    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/video-match/${job.jobId}`, headers: owner })).statusCode,
    ).toBe(204);
    const cancelled = (await status(owner, job.jobId)).json<VideoMatchStatus>();
    expect(cancelled.progress.status).toBe('cancelled');
    expect(cancelled.failure).toMatchObject({ error: 'CANCELLED' });
    await ctx.runJobs();
    expect(await leftovers()).toEqual([]);
  });

  it(
    'gives a visitor without a cookie an httpOnly client cookie that owns the analysis',
    { timeout: 30_000 },
    async () => {
      const res = await upload(fromIp(), clips.mov!, 'video/quicktime');
      expect(res.statusCode).toBe(202);
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^cw-client=[A-Za-z0-9_-]{32}; .*HttpOnly/);
      const who = { cookie: cookie.split(';')[0]!, ...fromIp() };
      expect((await status(who, res.json<VideoMatchJob>().jobId)).statusCode).toBe(200);
      await ctx.runJobs();
    },
  );
});
