import { createHash, randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageVariants } from '../../../test/s3-test-server';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { enqueueJob, getJob } from '../../features/jobs/jobs.service';
import { STORAGE_PROBE_KIND, instanceName, type StorageProbeResult } from './storage-probe.job';

describe.each(storageVariants)('the storage-probe job on $name', ({ start }) => {
  let ctx: TestContext;
  let store: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    store = await start();
    ctx = await createTestApp({ storage: store.storage });
  });
  afterAll(async () => {
    await ctx?.close();
    await store?.close();
  });

  it('copies the object through this instance and names it', async () => {
    const data = randomBytes(70_000);
    await ctx.storage.putBuffer('probe/source.bin', data);
    const { id } = await enqueueJob(ctx.db, { kind: STORAGE_PROBE_KIND, payload: { sourceKey: 'probe/source.bin' } });
    await ctx.runJobs();
    const job = await getJob(ctx.db, id);
    expect(job?.status).toBe('done');
    const result = job!.result as StorageProbeResult;
    expect(result).toEqual({
      instance: instanceName(),
      key: `probes/${id}`,
      size: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    });
    expect((await buffer(ctx.storage.read(result.key))).equals(data)).toBe(true);
  });

  it('fails at once (no retries) for a missing source or a payload without one', async () => {
    for (const payload of [{ sourceKey: 'probe/none.bin' }, {}]) {
      const { id } = await enqueueJob(ctx.db, { kind: STORAGE_PROBE_KIND, payload });
      await ctx.runJobs();
      const job = await getJob(ctx.db, id);
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await ctx.storage.size(`probes/${id}`)).toBeNull();
    }
  });
});
