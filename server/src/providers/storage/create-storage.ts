import { join } from 'node:path';
import type { Env } from '../../env';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3Storage } from './s3-storage';
import type { FileStorage } from './storage';

type StorageEnv = Pick<
  Env,
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_PUBLIC_ENDPOINT'
  | 'S3_REGION'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

export type ChosenStorage =
  | { kind: 'local'; storage: FileStorage; where: string; browserOrigin: null }
  | { kind: 's3'; storage: S3Storage; where: string; browserOrigin: string };

/**
 * The file store the configuration names (decision 057): an S3-compatible bucket when S3_BUCKET is set,
 * otherwise the folder DATA_DIR/files. Several app instances need the bucket: each has its own disk.
 */
export function createStorage(env: StorageEnv, dataDir: string): ChosenStorage {
  if (!env.S3_BUCKET) {
    const root = join(dataDir, 'files');
    return { kind: 'local', storage: createLocalStorage(root), where: root, browserOrigin: null };
  }
  const storage = createS3Storage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    publicEndpoint: env.S3_PUBLIC_ENDPOINT,
    // Stores with their own endpoint (MinIO, R2, B2) all take path-style requests; AWS prefers the
    // bucket in the host name.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  return {
    kind: 's3',
    storage,
    where: `s3://${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}`,
    browserOrigin: presignedOrigin(env),
  };
}

/**
 * The origin of the presigned URLs browsers fetch (downloads, archives): the page's Content-Security-Policy
 * must allow it in connect-src, and the bucket's CORS must allow the site (README).
 */
export function presignedOrigin(env: StorageEnv): string {
  const endpoint = env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT;
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT);
  if (!endpoint) return `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`;
  const url = new URL(endpoint);
  return pathStyle ? url.origin : `${url.protocol}//${env.S3_BUCKET}.${url.host}`;
}

/**
 * At start: says clearly when the bucket cannot be reached, instead of failing on the first upload. A
 * warning, not a stop: a key scoped to objects may be refused HeadBucket yet work for everything else.
 */
export async function checkStorage(chosen: ChosenStorage): Promise<string | null> {
  if (chosen.kind !== 's3') return null;
  try {
    await chosen.storage.check();
    return null;
  } catch (error) {
    const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    return (
      `S3 storage: the bucket ${chosen.where} could not be checked (${e.name ?? 'error'}` +
      `${status ? `, HTTP ${status}` : ''}${e.message && e.message !== e.name ? `: ${e.message}` : ''}). ` +
      'Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access keys.'
    );
  }
}
