import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver ships no types; the three calls used here are typed below.
// @ts-expect-error -- untyped CommonJS module
import S3rver from 's3rver';
import { createS3Storage, type S3StorageConfig } from '../src/providers/storage/s3-storage';
import type { FileStorage } from '../src/providers/storage/storage';

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  serviceEndpoint?: string;
  configureBuckets: { name: string; configs?: string[] }[];
};

/** s3rver's fixed credentials: it verifies every signature (headers and presigned queries) against them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3TestServer = {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  port: number;
  bucket: string;
  /** Where s3rver keeps the objects (one folder per bucket). */
  dir: string;
  /** A path-style configuration for createS3Storage against this server. */
  config: S3StorageConfig;
  /** The same settings as S3_* environment variables, for app processes. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A real S3 API (s3rver) on a random loopback port with one empty bucket, its objects in a temp dir.
 * `serviceEndpoint: 'localhost'` also lets it answer virtual-hosted requests to <bucket>.s3.localhost.
 */
export async function startS3TestServer(bucket = 'cuewave-test'): Promise<S3TestServer> {
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-s3-'));
  const options: S3rverOptions = {
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    serviceEndpoint: 'localhost',
    configureBuckets: [{ name: bucket }],
  };
  const server = new (S3rver as new (o: S3rverOptions) => S3rverInstance)(options);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    port,
    bucket,
    dir,
    config: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The stores a storage-dependent suite runs on: the local disk (createTestApp's default) and S3 on a
 * fresh s3rver. `describe.each(storageVariants)('… on $name', ({ start }) => …)`.
 */
export const storageVariants: {
  name: string;
  start(): Promise<{ storage?: FileStorage; close(): Promise<void> }>;
}[] = [
  { name: 'the local disk', start: async () => ({ storage: undefined, close: async () => {} }) },
  {
    name: 'S3 (s3rver)',
    async start() {
      const s3 = await startS3TestServer();
      const storage = createS3Storage(s3.config);
      return {
        storage,
        async close() {
          storage.destroy();
          await s3.close();
        },
      };
    },
  },
];
