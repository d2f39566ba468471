import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoMatchJob } from '@cuewave/contract/video-match';
import { fromIp } from '../../../test/auth-helpers';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import { createS3Storage, type S3Storage } from '../../providers/storage/s3-storage';
import * as jobsRepo from '../jobs/jobs.repo';
import { enqueueJob, getJob } from '../jobs/jobs.service';
import { makeClip } from './video-clips';
import { VIDEO_CLIENT_COOKIE } from './video-match.routes';
import { newClientToken } from './video-match.service';
import { VIDEO_SWEEP_AFTER_MS, VIDEO_SWEEP_JOB, type VideoSweepResult } from './video-match.sweep';

/**
 * Decision 068, known gap closed: an upload whose analysis ended without deleting it (its instance died
 * on the last attempt, so the queue failed the job without running the handler), or whose analysis was
 * never queued, is deleted by its delayed sweep job; one whose analysis is still running is kept.
 */

let clipDir: string;
let clip: Buffer;
beforeAll(async () => {
  clipDir = await mkdtemp(join(tmpdir(), 'cuewave-video-sweep-'));
  clip = await readFile(
    await makeClip(clipDir, 'short', { seconds: 2, cutEvery: 1, light: 'mid', sound: 'none', container: 'mp4' }),
  );
}, 60_000);
afterAll(() => rm(clipDir, { recursive: true, force: true }));

const MINUTE = 60_000;

describe.each(['local', 's3'] as const)('video upload sweep on %s storage', (where) => {
  const clock = fixedClock(new Date('2031-03-01T10:00:00Z'));
  let ctx: TestContext;
  let s3: S3TestServer | undefined;
  let s3Storage: S3Storage | undefined;

  beforeAll(async () => {
    if (where === 's3') {
      s3 = await startS3TestServer();
      s3Storage = createS3Storage(s3.config);
    }
    ctx = await createTestApp({ clock, storage: s3Storage });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    s3Storage?.destroy();
    await s3?.close();
  });

  /** Moves the clock to `t` (it only goes forward). */
  const at = (t: number) => clock.advance(t - clock.now().getTime());
  const stored = async (key: string) => (await ctx.storage.size(key)) !== null;

  async function upload(): Promise<{ jobId: string; storageKey: string }> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/video-match',
      headers: { cookie: `${VIDEO_CLIENT_COOKIE}=${newClientToken()}`, ...fromIp(), 'content-type': 'video/mp4' },
      payload: clip,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<VideoMatchJob>();
    const { storageKey } = (await getJob(ctx.db, jobId))!.payload as { storageKey: string };
    expect(await stored(storageKey)).toBe(true);
    return { jobId, storageKey };
  }

  /** The analysis as a live worker holds it: running, its lease renewed far ahead by heartbeats. */
  const holdRunning = (jobId: string, leaseUntil: Date, attempts = 1) =>
    ctx.db
      .updateTable('jobs')
      .set({ status: 'running', attempts, locked_by: 'another-instance', lease_until: leaseUntil })
      .where('id', '=', jobId)
      .execute();

  async function sweepsOf(storageKey: string) {
    const rows = await ctx.db.selectFrom('jobs').selectAll().where('kind', '=', VIDEO_SWEEP_JOB).execute();
    return rows.filter((r) => (r.payload as { storageKey: string }).storageKey === storageKey);
  }

  it('an upload whose instance died on its last attempt is deleted once the safe age has passed', async () => {
    const { jobId, storageKey } = await upload();
    const uploadedAt = clock.now().getTime();
    // The sweep was queued with the upload, due after the safe age.
    const [sweep, ...more] = await sweepsOf(storageKey);
    expect(more).toEqual([]);
    expect(sweep!.status).toBe('queued');
    expect(new Date(sweep!.run_at).getTime()).toBe(uploadedAt + VIDEO_SWEEP_AFTER_MS);

    // The worker running the last attempt dies; its lease runs out and the queue fails the job without
    // running the handler, so the video is still stored (the gap decision 068 named).
    await holdRunning(jobId, new Date(uploadedAt + MINUTE), 2);
    clock.advance(2 * MINUTE);
    expect(await jobsRepo.failAbandoned(ctx.db, clock.now())).toBe(1);
    expect((await getJob(ctx.db, jobId))!.status).toBe('failed');
    expect(await stored(storageKey)).toBe(true);

    // Not yet due: kept.
    at(uploadedAt + VIDEO_SWEEP_AFTER_MS - MINUTE);
    await ctx.runJobs();
    expect(await stored(storageKey)).toBe(true);

    at(uploadedAt + VIDEO_SWEEP_AFTER_MS);
    await ctx.runJobs();
    expect(await stored(storageKey)).toBe(false);
    const done = await getJob(ctx.db, sweep!.id);
    expect(done!.status).toBe('done');
    expect(done!.result).toEqual({ storageKey, deleted: true, job: 'failed' } satisfies VideoSweepResult);
  });

  it('an upload whose analysis is still running is kept and looked at again later', async () => {
    const { jobId, storageKey } = await upload();
    const uploadedAt = clock.now().getTime();
    await holdRunning(jobId, new Date(uploadedAt + 100 * VIDEO_SWEEP_AFTER_MS));

    at(uploadedAt + VIDEO_SWEEP_AFTER_MS);
    await ctx.runJobs();
    expect(await stored(storageKey)).toBe(true);
    const first = await sweepsOf(storageKey);
    expect(first.map((r) => r.status).sort()).toEqual(['done', 'queued']);
    expect(first.find((r) => r.status === 'done')!.result).toMatchObject({ deleted: false, job: 'running' });
    const next = first.find((r) => r.status === 'queued')!;
    expect(new Date(next.run_at).getTime()).toBe(uploadedAt + 2 * VIDEO_SWEEP_AFTER_MS);

    // The analysis ends on its worker without deleting the video (say it crashed after recording the
    // result): the next look deletes it.
    await ctx.db
      .updateTable('jobs')
      .set({ status: 'done', locked_by: null, lease_until: null })
      .where('id', '=', jobId)
      .execute();
    at(uploadedAt + 2 * VIDEO_SWEEP_AFTER_MS);
    await ctx.runJobs();
    expect(await stored(storageKey)).toBe(false);
    expect((await getJob(ctx.db, next.id))!.result).toMatchObject({ deleted: true, job: 'done' });
  });

  it('a stored video with no analysis job is deleted; a sweep naming any other key deletes nothing', async () => {
    const orphan = `video-match/${randomUUID()}`;
    await ctx.storage.putBuffer(orphan, Buffer.from('left by a process that died before queueing'));
    const other = `catalog/${randomUUID()}`;
    await ctx.storage.putBuffer(other, Buffer.from('not an upload'));
    const sweep = await enqueueJob(ctx.db, { kind: VIDEO_SWEEP_JOB, payload: { storageKey: orphan }, clock });
    const bad = await enqueueJob(ctx.db, {
      kind: VIDEO_SWEEP_JOB,
      payload: { storageKey: other },
      maxAttempts: 1,
      clock,
    });
    const traversal = await enqueueJob(ctx.db, {
      kind: VIDEO_SWEEP_JOB,
      payload: { storageKey: `video-match/../${other}` },
      maxAttempts: 1,
      clock,
    });
    await ctx.runJobs();
    expect(await stored(orphan)).toBe(false);
    expect((await getJob(ctx.db, sweep.id))!.result).toEqual({ storageKey: orphan, deleted: true, job: 'missing' });
    expect(await stored(other)).toBe(true);
    for (const id of [bad.id, traversal.id]) {
      expect(await getJob(ctx.db, id)).toMatchObject({ status: 'failed', error: 'bad video sweep payload' });
    }
  });
});
