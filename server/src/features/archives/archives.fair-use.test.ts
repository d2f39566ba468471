import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaylistDownloadJob } from '@cuewave/contract/archives';
import type { DownloadHistory } from '@cuewave/contract/downloads';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { checkFairUseFor } from '../downloads/downloads.service';
import { getJob } from '../jobs/jobs.service';
import { archiveKey } from './archive-job.types';
import { buildArchive } from './archives.job';
import { parseEvents, playlistOf, subscriber, tracksWithRenditions, type User } from './archive-test-kit';

/**
 * A playlist zip is a track download of each of its tracks (decision 056): recorded in the history with
 * the licence that covers it, once per job and track, and counted against the daily fair-use limit
 * (here 2 distinct tracks): up front when it is asked for, and again as the job records each track.
 */

const clock = fixedClock(new Date('2030-06-01T10:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock, config: { downloadsPerDay: 2 } });
});
afterAll(() => ctx.close());

async function post(user: User, playlistId: string, items: string[]) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/playlist/${playlistId}/download`,
    headers: await user.auth(),
    payload: { fileFormat: 'wav', stems: true, items },
  });
}

async function zipOf(user: User, playlistId: string, items: string[]) {
  const res = await post(user, playlistId, items);
  expect(res.statusCode, res.body).toBe(202);
  const { jobId } = res.json<PlaylistDownloadJob>();
  await ctx.runJobs();
  return jobId;
}

describe('playlist zips and the track download rules', () => {
  it('records one download per track, with the files and format of the zip', async () => {
    const user = await subscriber(ctx, clock);
    const tracks = await tracksWithRenditions(ctx, [{ title: 'One' }, { title: 'Two' }], 'wav');
    const playlist = await playlistOf(ctx, user, { name: 'Recorded', items: tracks.map((t) => t.id) });
    const jobId = await zipOf(
      user,
      playlist.id,
      tracks.map((t) => t.id),
    );
    expect((await ctx.app.inject({ url: `/api/cdn/${jobId}`, headers: await user.auth() })).statusCode).toBe(200);

    const history = await ctx.app.inject({ url: '/api/v1/download', headers: await user.auth() });
    expect(history.statusCode, history.body).toBe(200);
    const { items, count } = history.json<DownloadHistory>();
    expect(count).toBe(2);
    expect(items.map((i) => i.productId).sort()).toEqual(tracks.map((t) => t.id).sort());
    for (const item of items) {
      expect(item.items).toEqual([
        { file: 'instrumental', format: 'wav' },
        { file: 'stem_bass', format: 'wav' },
        { file: 'stem_instruments', format: 'wav' },
      ]);
      expect(item.licence.code).toMatch(/^CW-/);
    }
  });

  it('a retried job records each track once (one history row per job and product)', async () => {
    const user = await subscriber(ctx, clock);
    const tracks = await tracksWithRenditions(ctx, [{ title: 'Again' }, { title: 'Twice' }], 'wav');
    const playlist = await playlistOf(ctx, user, { name: 'Retried', items: tracks.map((t) => t.id) });
    const jobId = await zipOf(
      user,
      playlist.id,
      tracks.map((t) => t.id),
    );
    const countRows = async () =>
      await ctx.db
        .selectFrom('downloads')
        .select(['product_id', 'archive_job_id'])
        .where('account_id', '=', user.id)
        .execute();
    expect(await countRows()).toHaveLength(2);
    // The renditions were stored without a CRC-32 (as before migration 0013): the zip computed and kept it.
    for (const track of tracks) {
      const master = await ctx.db
        .selectFrom('product_files')
        .select('file_id')
        .where('product_id', '=', track.id)
        .where('type', '=', 'master')
        .executeTakeFirstOrThrow();
      const row = await ctx.db
        .selectFrom('renditions as r')
        .innerJoin('files as f', 'f.id', 'r.file_id')
        .select('f.crc32')
        .where('r.source_file_id', '=', master.file_id)
        .where('r.format', '=', 'wav')
        .executeTakeFirstOrThrow();
      expect(Number(row.crc32)).toBe(crc32(track.files.master!));
    }
    // The worker died after the zip was written but before the job was marked done: the queue runs the
    // handler again with the same job.
    const job = (await getJob(ctx.db, jobId))!;
    const deps = { ...ctx.deps, storage: ctx.storage };
    const retried = await buildArchive(deps, job, {
      attempt: 2,
      signal: new AbortController().signal,
      progress: async () => undefined,
    });
    expect(retried.files).toBe(6); // each track and its two stems
    const rows = await countRows();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.archive_job_id === jobId)).toBe(true);
    expect(rows.map((r) => r.product_id).sort()).toEqual(tracks.map((t) => t.id).sort());
    const { count } = (
      await ctx.app.inject({ url: '/api/v1/download', headers: await user.auth() })
    ).json<DownloadHistory>();
    expect(count).toBe(2);
  });

  it("a zip whose new tracks exceed the day's allowance is refused at once: 429 with Retry-After, no job", async () => {
    const user = await subscriber(ctx, clock);
    const tracks = await tracksWithRenditions(ctx, [{ title: 'A' }, { title: 'B' }, { title: 'C' }], 'wav');
    const ids = tracks.map((t) => t.id);
    const playlist = await playlistOf(ctx, user, { name: 'Too many', items: ids });
    const res = await post(user, playlist.id, ids);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      error: 'DOWNLOAD_LIMIT_REACHED',
      message: expect.stringContaining('You have downloaded 2 different tracks today, the fair-use limit'),
    });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBe(14 * 3600); // 10:00 UTC to midnight
    const jobs = await ctx.db.selectFrom('jobs').select('id').where('owner_id', '=', user.id).execute();
    expect(jobs).toEqual([]);
    // Two new tracks fit; once they are downloaded, a zip of them again is a re-download and is free,
    // while one more new track is over.
    await zipOf(user, playlist.id, ids.slice(0, 2));
    expect((await post(user, playlist.id, ids.slice(0, 2))).statusCode).toBe(202);
    expect((await post(user, playlist.id, [ids[0]!, ids[2]!])).statusCode).toBe(429);
    // Duplicates in the request count once.
    expect((await post(user, playlist.id, [ids[1]!, ids[1]!, ids[0]!])).statusCode).toBe(202);
  });

  it('checkFairUseFor counts only distinct products not downloaded today', async () => {
    const user = await subscriber(ctx, clock);
    const [a, b, c] = await tracksWithRenditions(ctx, [{ title: 'X' }, { title: 'Y' }, { title: 'Z' }], 'wav');
    const deps = { ...ctx.deps, storage: ctx.storage };
    await expect(checkFairUseFor(deps, user.id, [])).resolves.toBeUndefined();
    await expect(checkFairUseFor(deps, user.id, [a!.id, b!.id, a!.id])).resolves.toBeUndefined();
    await expect(checkFairUseFor(deps, user.id, [a!.id, b!.id, c!.id])).rejects.toMatchObject({
      code: 'DOWNLOAD_LIMIT_REACHED',
    });
    const playlist = await playlistOf(ctx, user, { name: 'One', items: [a!.id] });
    await zipOf(user, playlist.id, [a!.id]);
    await expect(checkFairUseFor(deps, user.id, [a!.id, b!.id])).resolves.toBeUndefined();
    await expect(checkFairUseFor(deps, user.id, [b!.id, c!.id])).rejects.toMatchObject({
      code: 'DOWNLOAD_LIMIT_REACHED',
    });
    // Another account is not affected.
    const other = await subscriber(ctx, clock);
    await expect(checkFairUseFor(deps, other.id, [b!.id, c!.id])).resolves.toBeUndefined();
  });

  it('a limit reached while the zip waits fails it with the fair-use message, recording nothing and keeping no zip', async () => {
    const user = await subscriber(ctx, clock);
    const tracks = await tracksWithRenditions(ctx, [{ title: 'Early' }, { title: 'Late' }, { title: 'Single' }], 'wav');
    const playlist = await playlistOf(ctx, user, { name: 'Raced', items: tracks.map((t) => t.id) });
    // Two tracks fit when asked for...
    const asked = await post(user, playlist.id, [tracks[0]!.id, tracks[1]!.id]);
    expect(asked.statusCode).toBe(202);
    const { jobId } = asked.json<PlaylistDownloadJob>();
    // ...but a track download takes one of them before the job runs.
    const single = await ctx.app.inject({
      url: `/api/v1/product/${tracks[2]!.id}/download?files=instrumental&format=wav`,
      headers: await user.auth(),
    });
    expect(single.statusCode, single.body).toBe(200);
    await ctx.runJobs();
    const events = parseEvents(
      (
        await ctx.app.inject({
          url: `/api/cdn/${jobId}`,
          headers: { ...(await user.auth()), accept: 'text/event-stream' },
        })
      ).body,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toBe('error');
    expect(events[0]!.data).toMatchObject({ error: 'DOWNLOAD_LIMIT_REACHED', status: 'failed' });
    expect(String(events[0]!.data.message)).toContain('fair-use limit');
    const res = await ctx.app.inject({ url: `/api/cdn/${jobId}`, headers: await user.auth() });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: 'DOWNLOAD_LIMIT_REACHED' });
    expect(await ctx.storage.size(archiveKey(jobId))).toBeNull();
    // Only the track download was recorded: a refused zip records none of its tracks.
    const { count } = (
      await ctx.app.inject({ url: '/api/v1/download', headers: await user.auth() })
    ).json<DownloadHistory>();
    expect(count).toBe(1);
  });
});
