import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buffer } from 'node:stream/consumers';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { createTestDb } from '../../../test/test-db';
import type { Db } from '../../db/client';
import { deleteCatalogue, setDemoStatus } from '../../features/catalog/demo.repo';
import { clearCatalogue, ensureDemoCatalog } from '../../features/catalog/demo.service';
import { createS3Storage, type S3Storage } from './s3-storage';
import type { FileStorage } from './storage';

/**
 * The demo catalogue and the ingest behind it on S3: every file row's bytes land in the bucket, a second
 * run finds them by size and uploads nothing, and clearing the catalogue deletes the objects.
 */
describe('the catalogue on S3 storage', () => {
  let s3: S3TestServer;
  let s3Storage: S3Storage;
  let db: Db;
  let drop: () => Promise<void>;
  const uploads: string[] = [];
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    s3Storage = createS3Storage(s3.config);
    // Counts what the ingest uploads, and passes everything through to S3.
    storage = {
      ...s3Storage,
      putFile: (key, path) => {
        uploads.push(key);
        return s3Storage.putFile(key, path);
      },
    };
    ({ db, drop } = await createTestDb());
  });
  afterAll(async () => {
    await drop?.();
    s3Storage?.destroy();
    await s3?.close();
  });

  const files = () => db.selectFrom('files').select(['id', 'storage_key', 'size', 'sha256']).execute();

  // Synthesis, analysis and encoding: slow on a busy two-core runner.
  it(
    'the demo build stores every preview, master, stem and cover in the bucket, byte for byte',
    { timeout: 180_000 },
    async () => {
      const result = await ensureDemoCatalog({ db, storage }, { mode: 'auto', songs: 1, sfx: 1, seed: 3 });
      expect(result).toMatchObject({ built: true });
      const rows = await files();
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) {
        expect(await s3Storage.size(row.storage_key), row.storage_key).toBe(Number(row.size));
        const bytes = await buffer(s3Storage.read(row.storage_key));
        expect(createHash('sha256').update(bytes).digest('hex'), row.storage_key).toBe(row.sha256);
      }
      expect(uploads.length).toBeGreaterThan(0);
    },
  );

  it(
    'a rebuild of the same catalogue finds every object already in the bucket and uploads nothing',
    { timeout: 180_000 },
    async () => {
      const before = await files();
      // Rows only: the objects stay, as after a database restore.
      await deleteCatalogue(db);
      await setDemoStatus(db, 'building');
      uploads.length = 0;
      const again = await ensureDemoCatalog({ db, storage }, { mode: 'auto', songs: 1, sfx: 1, seed: 3 });
      expect(again).toMatchObject({ built: true });
      expect(uploads).toEqual([]);
      const after = await files();
      expect(after.map((r) => r.storage_key).sort()).toEqual(before.map((r) => r.storage_key).sort());
    },
  );

  it('clearing the catalogue deletes its objects from the bucket', async () => {
    const rows = await files();
    const cleared = await clearCatalogue({ db, storage });
    expect(cleared.products).toBe(2);
    for (const row of rows) expect(await s3Storage.size(row.storage_key), row.storage_key).toBeNull();
  });
});
