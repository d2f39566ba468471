import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveProgress, PlaylistDownloadJob } from '@cuewave/contract/archives';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { archiveKey } from './archive-job.types';
import { parseEvents, playlistOf, subscriber, tracksWithRenditions, type User } from './archive-test-kit';
import { unzip } from './zip-test-kit';

const clock = fixedClock(new Date('2030-05-01T10:00:00Z'));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const startDownload = async (user: User, playlistId: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/playlist/${playlistId}/download`,
    headers: await user.auth(),
    payload: payload as object,
  });

const getArchive = async (user: User | null, jobId: string, accept?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/cdn/${jobId}`,
    headers: { ...(user ? await user.auth() : {}), ...(accept ? { accept } : {}) },
  });

async function jobFor(user: User, playlistId: string, payload: unknown): Promise<string> {
  const res = await startDownload(user, playlistId, payload);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<PlaylistDownloadJob>().jobId;
}

describe('playlist downloads', () => {
  it('a subscriber downloads their playlist as a zip of its tracks and stems, byte for byte', async () => {
    const user = await subscriber(ctx, clock);
    const tracks = await tracksWithRenditions(
      ctx,
      [
        { title: 'Night Drive', artist: 'Aurora Lane', vocal: true },
        { title: 'Dust', artist: 'Kilo' },
      ],
      'mp3',
    );
    const playlist = await playlistOf(ctx, user, { name: 'Road Trip', items: tracks.map((t) => t.id) });
    const jobId = await jobFor(user, playlist.id, { stems: true, items: [tracks[1]!.id, tracks[0]!.id] });
    expect(jobId).toMatch(/^job_[A-Za-z0-9_-]{24}$/);

    // Progress events while the job runs: the stream ends once the job is done.
    const events = getArchive(user, jobId, 'text/event-stream');
    await ctx.runJobs();
    const stream = await events;
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const parsed = parseEvents(stream.body);
    expect(parsed.every((e) => e.event === 'message')).toBe(true);
    const last = parsed.at(-1)!.data as ArchiveProgress;
    expect(last).toEqual({ filesProcessed: 6, totalFiles: 6, status: 'done' });

    const zip = await getArchive(user, jobId);
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Number(zip.headers['content-length'])).toBe(zip.rawPayload.length);
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename="Road Trip.zip"; filename*=UTF-8''Road%20Trip.zip`,
    );
    const entries = await unzip(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      '01 Dust - Kilo.mp3',
      '01 Dust - Kilo/Bass.mp3',
      '01 Dust - Kilo/Instruments.mp3',
      '02 Night Drive - Aurora Lane.mp3',
      '02 Night Drive - Aurora Lane/Bass.mp3',
      '02 Night Drive - Aurora Lane/Instruments.mp3',
    ]);
    const [dust, night] = [tracks[1]!.files, tracks[0]!.files];
    const expected = [
      dust.master,
      dust.stem_bass,
      dust.stem_instruments,
      night.master,
      night.stem_bass,
      night.stem_instruments,
    ];
    entries.forEach((entry, i) => {
      expect(entry.compressionMethod).toBe(0);
      expect(entry.data.equals(expected[i]!)).toBe(true);
    });
  });

  it('follows the progress as events: totals first, one event per file, done last', async () => {
    const user = await subscriber(ctx, clock);
    const tracks = await tracksWithRenditions(ctx, [{ title: 'A' }, { title: 'B' }, { title: 'C' }], 'wav');
    const playlist = await playlistOf(ctx, user, { name: 'Three', items: tracks.map((t) => t.id) });
    const jobId = await jobFor(user, playlist.id, { fileFormat: 'wav', stems: false, items: tracks.map((t) => t.id) });
    const events = getArchive(user, jobId, 'text/event-stream');
    await ctx.runJobs();
    const data = parseEvents((await events).body).map((e) => e.data as ArchiveProgress);
    // Polling may merge steps, but never goes backwards and always ends on done with every file.
    const counts = data.map((d) => d.filesProcessed);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(data.at(-1)).toEqual({ filesProcessed: 3, totalFiles: 3, status: 'done' });
    // A stream opened after the job finished answers the final state at once.
    const again = parseEvents((await getArchive(user, jobId, 'text/event-stream')).body);
    expect(again).toEqual([{ event: 'message', data: { filesProcessed: 3, totalFiles: 3, status: 'done' } }]);
    const names = (await unzip((await getArchive(user, jobId)).rawPayload)).map((e) => e.name);
    expect(names).toEqual(['01 A - Test Artist.wav', '02 B - Test Artist.wav', '03 C - Test Artist.wav']);
  });

  it('answers 409 before the zip is ready and 410 after it was deleted (24 h)', async () => {
    const user = await subscriber(ctx, clock);
    const [track] = await tracksWithRenditions(ctx, [{ title: 'Soon' }], 'mp3');
    const playlist = await playlistOf(ctx, user, { name: 'Later', items: [track!.id] });
    const jobId = await jobFor(user, playlist.id, { stems: false, items: [track!.id] });

    const early = await getArchive(user, jobId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'ARCHIVE_NOT_READY' });

    await ctx.runJobs();
    expect((await getArchive(user, jobId)).statusCode).toBe(200);
    expect(await ctx.storage.size(archiveKey(jobId))).toBeGreaterThan(0);

    clock.advance(24 * 3_600_000 + 1000);
    const late = await getArchive(user, jobId);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: 'ARCHIVE_EXPIRED' });
    expect(await ctx.storage.size(archiveKey(jobId))).toBeNull();
  });

  it('a double click follows the same job while it is building', async () => {
    const user = await subscriber(ctx, clock);
    const [track] = await tracksWithRenditions(ctx, [{ title: 'Twice' }], 'mp3');
    const playlist = await playlistOf(ctx, user, { name: 'Twice', items: [track!.id] });
    const body = { stems: false, items: [track!.id] };
    const first = await jobFor(user, playlist.id, body);
    expect(await jobFor(user, playlist.id, body)).toBe(first);
    expect(await jobFor(user, playlist.id, { ...body, fileFormat: 'wav' })).not.toBe(first);
    await ctx.runJobs();
  });

  it('names the zip after the playlist in UTF-8 and keeps titles from escaping the zip', async () => {
    const user = await subscriber(ctx, clock);
    const [track] = await tracksWithRenditions(ctx, [{ title: '../../etc/passwd', artist: 'C:\\Windows' }], 'mp3');
    const playlist = await playlistOf(ctx, user, { name: 'Żółć "quoted" 夜', items: [track!.id] });
    const jobId = await jobFor(user, playlist.id, { stems: false, items: [track!.id] });
    await ctx.runJobs();
    const zip = await getArchive(user, jobId);
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename="____ _quoted_ _.zip"; filename*=UTF-8''${encodeURIComponent('Żółć "quoted" 夜.zip')}`,
    );
    const [entry] = await unzip(zip.rawPayload);
    expect(entry!.name).toBe('01 etc passwd - C Windows.mp3');
  });

  it('redirects to the object store when storage hands out presigned URLs', async () => {
    const user = await subscriber(ctx, clock);
    const [track] = await tracksWithRenditions(ctx, [{ title: 'Cloud' }], 'mp3');
    const playlist = await playlistOf(ctx, user, { name: 'Cloud', items: [track!.id] });
    const jobId = await jobFor(user, playlist.id, { stems: false, items: [track!.id] });
    await ctx.runJobs();
    const original = ctx.storage.presignedUrl;
    const asked: unknown[] = [];
    ctx.storage.presignedUrl = async (key, opts) => {
      asked.push({ key, ...opts });
      return `https://bucket.example/${key}?X-Amz-Signature=abc`;
    };
    try {
      const res = await getArchive(user, jobId);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://bucket.example/archives/${jobId}.zip?X-Amz-Signature=abc`);
      expect(asked).toEqual([
        { key: archiveKey(jobId), expiresSeconds: 300, downloadName: 'Cloud.zip', contentType: 'application/zip' },
      ]);
    } finally {
      ctx.storage.presignedUrl = original;
    }
  });

  it('a job whose tracks all left the catalogue fails: an error event, then 409', async () => {
    const user = await subscriber(ctx, clock);
    const [track] = await tracksWithRenditions(ctx, [{ title: 'Gone' }], 'mp3');
    const playlist = await playlistOf(ctx, user, { name: 'Gone', items: [track!.id] });
    const jobId = await jobFor(user, playlist.id, { stems: false, items: [track!.id] });
    await ctx.db.deleteFrom('products').where('id', '=', track!.id).execute();
    await ctx.runJobs();
    const events = parseEvents((await getArchive(user, jobId, 'text/event-stream')).body);
    expect(events).toEqual([
      {
        event: 'error',
        data: {
          error: 'ARCHIVE_FAILED',
          message: 'The download could not be prepared. Please try again.',
          filesProcessed: 0,
          totalFiles: 0,
          status: 'failed',
        },
      },
    ]);
    const res = await getArchive(user, jobId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'ARCHIVE_FAILED' });
  });
});

describe('who may download a playlist', () => {
  it('another user’s job is unknown to everyone else, with or without the event stream', async () => {
    const owner = await subscriber(ctx, clock);
    const other = await subscriber(ctx, clock);
    const [track] = await tracksWithRenditions(ctx, [{ title: 'Mine' }], 'mp3');
    const playlist = await playlistOf(ctx, owner, { name: 'Mine', items: [track!.id] });
    const jobId = await jobFor(owner, playlist.id, { stems: false, items: [track!.id] });
    await ctx.runJobs();
    for (const accept of [undefined, 'text/event-stream']) {
      const res = await getArchive(other, jobId, accept);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'Download not found' });
    }
    expect((await getArchive(null, jobId)).statusCode).toBe(401);
    // A well-formed id nobody has, and ids that are not job ids, leak nothing either.
    expect((await getArchive(owner, 'job_AAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await getArchive(owner, 'job_short')).statusCode).toBe(404);
  });

  it('another user’s private playlist is 404; their public one can be downloaded', async () => {
    const owner = await subscriber(ctx, clock);
    const other = await subscriber(ctx, clock);
    const [track] = await tracksWithRenditions(ctx, [{ title: 'Shared' }], 'mp3');
    const hidden = await playlistOf(ctx, owner, { name: 'Hidden', items: [track!.id] });
    const shared = await playlistOf(ctx, owner, { name: 'Shared', items: [track!.id], public: true });
    const denied = await startDownload(other, hidden.id, { items: [track!.id] });
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toMatchObject({ error: 'NOT_FOUND' });
    const jobId = await jobFor(other, shared.id, { items: [track!.id] });
    await ctx.runJobs();
    const zip = await getArchive(other, jobId);
    expect(zip.statusCode).toBe(200);
    // The job is the downloader's: the playlist's owner cannot read it.
    expect((await getArchive(owner, jobId)).statusCode).toBe(404);
  });

  it('the track download rules apply: a visitor 401, a user without a plan 403', async () => {
    const owner = await subscriber(ctx, clock, { plan: false });
    const [track] = await tracksWithRenditions(ctx, [{ title: 'No plan' }], 'mp3');
    const playlist = await playlistOf(ctx, owner, { name: 'No plan', items: [track!.id] });
    const res = await startDownload(owner, playlist.id, { items: [track!.id] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'DOWNLOAD_NO_SUBSCRIPTION' });
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/playlist/${playlist.id}/download`,
      payload: { items: [track!.id] },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  let user: User;
  let playlistId: string;
  let inside: string;
  beforeAll(async () => {
    user = await subscriber(ctx, clock);
    const [track] = await tracksWithRenditions(ctx, [{ title: 'Inside' }], 'mp3');
    inside = track!.id;
    playlistId = (await playlistOf(ctx, user, { name: 'Bad input', items: [inside] })).id;
  });

  it('items that are not in the playlist: 400 naming them', async () => {
    const res = await startDownload(user, playlistId, { items: [inside, 'not-here', 'nor-this'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'ITEMS_NOT_IN_PLAYLIST',
      message: 'These tracks are not in the playlist: not-here, nor-this',
    });
  });

  it('no items, ten thousand items, an unsupported format, a bad stems flag: 400', async () => {
    for (const payload of [
      { items: [] },
      {},
      { items: Array.from({ length: 10_000 }, (_, i) => `p${i}`) },
      { items: [inside], fileFormat: 'flac' },
      { items: [inside], stems: 'yes' },
    ]) {
      const res = await startDownload(user, playlistId, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
  });

  it('an unknown playlist: 404', async () => {
    const res = await startDownload(user, 'pl_doesnotexist', { items: [inside] });
    expect(res.statusCode).toBe(404);
  });
});
