import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDownload } from '@cuewave/contract/downloads';
import { sessionFor } from '../../../test/auth-helpers';
import { writeClickWav } from '../../../test/audio-fixtures';
import { accountFactory } from '../../../test/factories';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createS3Storage, type S3Storage } from '../../providers/storage/s3-storage';
import { ingestFolder } from '../catalog/ingest.service';

/** On S3 storage a download URL is the store's presigned URL, with the download name baked in. */
describe('downloads on S3 storage', () => {
  let s3: S3TestServer;
  let storage: S3Storage;
  let ctx: TestContext;
  let folder: string;
  let productId: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    storage = createS3Storage(s3.config);
    ctx = await createTestApp({ storage });
    folder = await mkdtemp(join(tmpdir(), 'cuewave-downloads-s3-'));
    await writeClickWav(join(folder, 'tone.wav'), { bpm: 100, tone: 600, seconds: 3 });
    await writeFile(
      join(folder, 'manifest.json'),
      JSON.stringify({
        tracks: [{ key: 't', type: 'music', title: 'Cloud Tone', artist: 'Aria', files: { instrumental: 'tone.wav' } }],
      }),
    );
    const report = await ingestFolder({ db: ctx.db, storage }, folder);
    productId = report.added[0]!.id;
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    storage?.destroy();
    await s3?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('a subscriber gets a presigned URL that serves the WAV as an attachment', async () => {
    const account = await accountFactory(ctx.db).account({ confirmedEmail: true });
    await accountFactory(ctx.db).subscription(account.id, { plan: 'trial' });
    const { auth } = await sessionFor(ctx.db, account.id);
    const ask = () =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/product/${productId}/download?format=wav`, headers: auth });
    expect((await ask()).statusCode).toBe(202);
    await ctx.runJobs();
    const res = await ask();
    expect(res.statusCode).toBe(200);
    const url = res.json<ProductDownload>().items[0]!.url!;
    expect(url.startsWith(s3.endpoint)).toBe(true);

    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('Cloud Tone - Aria (Instrumental).wav');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');

    // s3rver does not check SigV4 signatures (see s3-storage.test.ts); the expiry the URL carries is ours.
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600');
  });
});
