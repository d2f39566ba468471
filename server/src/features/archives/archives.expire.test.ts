import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaylistDownloadJob } from '@cuewave/contract/archives';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { getJob } from '../jobs/jobs.service';
import { archiveKey } from './archive-job.types';
import { ARCHIVE_EXPIRE_JOB_KIND, expireArchive } from './archives.job';
import { playlistOf, subscriber, tracksWithRenditions } from './archive-test-kit';

/** Retention (decision 056): a finished zip is deleted 24 h after completion by a delayed job. */

const HOUR = 3_600_000;
const clock = fixedClock(new Date('2030-07-01T08:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

describe('archive retention', () => {
  it('schedules the zip’s deletion 24 h after completion; the expiry job deletes it, once or twice', async () => {
    const user = await subscriber(ctx, clock);
    const tracks = await tracksWithRenditions(ctx, [{ title: 'Keep' }, { title: 'Me' }], 'mp3');
    const playlist = await playlistOf(ctx, user, { name: 'Retained', items: tracks.map((t) => t.id) });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/playlist/${playlist.id}/download`,
      headers: await user.auth(),
      payload: { fileFormat: 'mp3', stems: false, items: tracks.map((t) => t.id) },
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<PlaylistDownloadJob>();
    const completedAt = clock.now();
    await ctx.runJobs();
    expect((await getJob(ctx.db, jobId))!.status).toBe('done');
    const key = archiveKey(jobId);
    expect(await ctx.storage.size(key)).toBeGreaterThan(0);

    const expiries = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'payload', 'run_at', 'status', 'dedupe_key'])
      .where('kind', '=', ARCHIVE_EXPIRE_JOB_KIND)
      .execute();
    const mine = expiries.filter((j) => (j.payload as { jobId: string }).jobId === jobId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.status).toBe('queued');
    expect(mine[0]!.dedupe_key).toBe(`${ARCHIVE_EXPIRE_JOB_KIND}:${jobId}`);
    expect(new Date(mine[0]!.run_at).getTime()).toBe(completedAt.getTime() + 24 * HOUR);
    const result = (await getJob(ctx.db, jobId))!.result as { expiresAt: string };
    expect(Date.parse(result.expiresAt)).toBe(completedAt.getTime() + 24 * HOUR);

    // Not due yet: the queue leaves it, and the zip is still served.
    clock.advance(23 * HOUR);
    await ctx.runJobs();
    expect(await ctx.storage.size(key)).toBeGreaterThan(0);
    expect((await ctx.app.inject({ url: `/api/cdn/${jobId}`, headers: await user.auth() })).statusCode).toBe(200);

    // Due: the zip is deleted although nobody asked for it again.
    clock.advance(HOUR);
    await ctx.runJobs();
    expect(await ctx.storage.size(key)).toBeNull();
    expect((await getJob(ctx.db, mine[0]!.id))!.status).toBe('done');
    const late = await ctx.app.inject({ url: `/api/cdn/${jobId}`, headers: await user.auth() });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: 'ARCHIVE_EXPIRED' });

    // Idempotent: running it again (a retry after a crash) finds nothing to delete and succeeds.
    const again = await expireArchive({ ...ctx.deps, storage: ctx.storage }, (await getJob(ctx.db, mine[0]!.id))!);
    expect(again).toEqual({ deleted: key });
  });

  it('an expiry payload that is not a job id deletes nothing and fails for good', async () => {
    const job = { id: 'job_x', payload: { jobId: '../../etc/passwd' } } as Parameters<typeof expireArchive>[1];
    await expect(expireArchive({ ...ctx.deps, storage: ctx.storage }, job)).rejects.toThrow(
      'bad archive expiry payload',
    );
  });
});
