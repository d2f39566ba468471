import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { parseEnv } from '../../env';
import { checkStorage, createStorage, presignedOrigin } from './create-storage';

describe('choosing the file storage from configuration', () => {
  let s3: S3TestServer;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    dataDir = await mkdtemp(join(tmpdir(), 'cuewave-data-'));
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps files on the local disk under DATA_DIR/files by default', async () => {
    const chosen = createStorage(parseEnv({}), dataDir);
    expect(chosen.kind).toBe('local');
    await chosen.storage.putBuffer('a/b.txt', Buffer.from('local'));
    expect(await readFile(join(dataDir, 'files', 'a', 'b.txt'), 'utf8')).toBe('local');
    expect(await checkStorage(chosen)).toBeNull();
  });

  it('uses the S3 bucket when S3_BUCKET is set (path-style by default with an endpoint)', async () => {
    const env = parseEnv(s3.env);
    const chosen = createStorage({ ...env, S3_FORCE_PATH_STYLE: undefined }, dataDir);
    expect(chosen.kind).toBe('s3');
    expect(chosen.where).toBe(`s3://cuewave-test at ${s3.endpoint}`);
    expect(await checkStorage(chosen)).toBeNull();
    await chosen.storage.putBuffer('a/b.txt', Buffer.from('shared'));
    expect(await chosen.storage.size('a/b.txt')).toBe(6);
    const url = await chosen.storage.presignedUrl('a/b.txt', {
      expiresSeconds: 60,
      downloadName: 'b.txt',
      contentType: 'text/plain',
    });
    expect(url).toContain(`${s3.endpoint}/cuewave-test/a/b.txt?`);
    if (chosen.kind === 's3') chosen.storage.destroy();
  });

  it('an unreachable or missing bucket gives one readable warning naming the settings', async () => {
    const chosen = createStorage(parseEnv({ ...s3.env, S3_BUCKET: 'not-there' }), dataDir);
    const warning = await checkStorage(chosen);
    expect(warning).toMatch(
      /^S3 storage: the bucket s3:\/\/not-there at http:\/\/127\.0\.0\.1:\d+ could not be checked/,
    );
    expect(warning).toContain('Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access keys.');
    if (chosen.kind === 's3') chosen.storage.destroy();
  });

  it('names the origin browsers fetch presigned URLs from, for the Content-Security-Policy', () => {
    const base = { S3_BUCKET: 'media', S3_REGION: 'eu-central-1' } as const;
    expect(presignedOrigin({ ...base })).toBe('https://media.s3.eu-central-1.amazonaws.com');
    expect(presignedOrigin({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000/' })).toBe('http://127.0.0.1:9000');
    expect(
      presignedOrigin({ ...base, S3_ENDPOINT: 'http://minio:9000', S3_PUBLIC_ENDPOINT: 'https://files.example/' }),
    ).toBe('https://files.example');
    expect(presignedOrigin({ ...base, S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: false })).toBe(
      'https://media.r2.example',
    );
  });

  it('reads the S3 settings and their defaults', () => {
    const env = parseEnv({ S3_BUCKET: 'cuewave-files' });
    expect(env).toMatchObject({ S3_BUCKET: 'cuewave-files', S3_REGION: 'us-east-1' });
    expect(env.S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: 'b12', S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(parseEnv({ S3_BUCKET: 'b12', S3_REGION: 'auto', S3_ENDPOINT: '' }).S3_ENDPOINT).toBeUndefined();
  });

  it('refuses incomplete or malformed S3 settings with messages that name the variable', () => {
    const message = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(message({ S3_ENDPOINT: 'http://minio:9000' })).toContain(
      'S3_ENDPOINT: is set but S3_BUCKET is not (files would stay on disk)',
    );
    expect(message({ S3_BUCKET: 's3://cuewave' })).toContain(
      'S3_BUCKET: must be a bucket name (3–63 letters, digits, dots or hyphens), e.g. cuewave-files',
    );
    expect(message({ S3_BUCKET: 'cuewave', S3_ENDPOINT: 'minio:9000' })).toContain(
      'S3_ENDPOINT: must be a http:// or https:// URL',
    );
    expect(message({ S3_BUCKET: 'cuewave', S3_ACCESS_KEY_ID: 'AKIA123' })).toContain(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together',
    );
    expect(message({ S3_BUCKET: 'cuewave', S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE');
  });
});
