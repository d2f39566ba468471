import { createHash, randomBytes } from 'node:crypto';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server';
import { attachmentDisposition } from './content-disposition';
import { createS3Storage, type S3Storage } from './s3-storage';

const MiB = 1024 * 1024;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A body of `total` pseudo-random bytes produced on demand, that fails after `failAfter` bytes if given. */
function body(total: number, failAfter?: number): Readable {
  let sent = 0;
  const chunk = randomBytes(256 * 1024);
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('source disk failed'));
      if (sent >= total) return this.push(null);
      const n = Math.min(chunk.length, total - sent);
      sent += n;
      this.push(chunk.subarray(0, n));
    },
  });
}

/** Every name resolves to loopback: lets the test reach <bucket>.s3.localhost (virtual-hosted style). */
const loopback: LookupFunction = (_host, options, callback) =>
  options.all
    ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: '127.0.0.1', family: 4 },
      ])
    : callback(null, '127.0.0.1', 4);

function httpGet(url: string, lookup?: LookupFunction) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { lookup }, (res) => {
        buffer(res).then((b) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: b }), reject);
      })
      .on('error', reject);
  });
}

describe('S3 storage against s3rver', () => {
  let s3: S3TestServer;
  let storage: S3Storage;
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    storage = createS3Storage(s3.config);
    dir = await mkdtemp(join(tmpdir(), 'cuewave-s3-src-'));
  });
  afterAll(async () => {
    storage?.destroy();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('putBuffer, then size and whole and ranged reads return exactly the stored bytes', async () => {
    const data = randomBytes(1000);
    await storage.putBuffer('test/a.bin', data);
    expect(await storage.size('test/a.bin')).toBe(1000);
    expect((await buffer(storage.read('test/a.bin'))).equals(data)).toBe(true);
    expect((await buffer(storage.read('test/a.bin', { start: 100, end: 199 }))).equals(data.subarray(100, 200))).toBe(
      true,
    );
    expect((await buffer(storage.read('test/a.bin', { start: 999, end: 999 }))).equals(data.subarray(999))).toBe(true);
  });

  it('size is null for a missing key, and reading one fails the stream', async () => {
    expect(await storage.size('test/missing')).toBeNull();
    await expect(buffer(storage.read('test/missing'))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('putFile stores a file larger than one part (a multipart upload) byte for byte', async () => {
    const data = randomBytes(12 * MiB + 17);
    const path = join(dir, 'master.wav');
    await writeFile(path, data);
    await storage.putFile('catalog/ab/master.wav', path);
    expect(await storage.size('catalog/ab/master.wav')).toBe(data.length);
    expect(sha(await buffer(storage.read('catalog/ab/master.wav')))).toBe(sha(data));
    const tail = await buffer(storage.read('catalog/ab/master.wav', { start: 12 * MiB, end: data.length - 1 }));
    expect(tail.equals(data.subarray(12 * MiB))).toBe(true);
  });

  it('write streams a body of unknown length and reports its size; small bodies too', async () => {
    const source = body(11 * MiB);
    const hash = createHash('sha256');
    source.on('data', (c: Buffer) => hash.update(c));
    expect(await storage.write('archives/job_1.zip', source)).toEqual({ size: 11 * MiB });
    expect(await storage.size('archives/job_1.zip')).toBe(11 * MiB);
    expect(sha(await buffer(storage.read('archives/job_1.zip')))).toBe(hash.digest('hex'));

    expect(await storage.write('archives/small.zip', Readable.from([Buffer.from('PK'), Buffer.from('zip')]))).toEqual({
      size: 5,
    });
    expect((await buffer(storage.read('archives/small.zip'))).toString()).toBe('PKzip');
    expect(await storage.write('archives/empty.zip', Readable.from([]))).toEqual({ size: 0 });
    expect(await storage.size('archives/empty.zip')).toBe(0);
  });

  it('a body that fails after several parts were uploaded leaves no object, and the error is the body’s', async () => {
    await expect(storage.write('archives/broken.zip', body(20 * MiB, 11 * MiB))).rejects.toThrow('source disk failed');
    expect(await storage.size('archives/broken.zip')).toBeNull();
    // Within the first part, nothing was sent at all.
    await expect(storage.write('archives/broken2.zip', body(MiB, 300_000))).rejects.toThrow('source disk failed');
    expect(await storage.size('archives/broken2.zip')).toBeNull();
  });

  it('a failed rewrite keeps the previous object whole', async () => {
    const old = randomBytes(2000);
    await storage.putBuffer('archives/again.zip', old);
    await expect(storage.write('archives/again.zip', body(MiB, 500_000))).rejects.toThrow('source disk failed');
    expect((await buffer(storage.read('archives/again.zip'))).equals(old)).toBe(true);
  });

  it('a reader that stops early frees the request, and later reads still work', async () => {
    await storage.putBuffer('test/long.bin', randomBytes(6 * MiB));
    for (let i = 0; i < 60; i++) {
      const stream = storage.read('test/long.bin');
      await new Promise<void>((resolve, reject) => {
        stream.once('data', () => resolve());
        stream.once('error', reject);
      });
      stream.destroy();
    }
    expect(await storage.size('test/long.bin')).toBe(6 * MiB);
    expect((await buffer(storage.read('test/long.bin', { start: 0, end: 9 }))).length).toBe(10);
  });

  it('remove deletes the object; removing a missing key is not an error', async () => {
    await storage.putBuffer('test/gone.bin', Buffer.from('x'));
    await storage.remove('test/gone.bin');
    expect(await storage.size('test/gone.bin')).toBeNull();
    await expect(storage.remove('test/gone.bin')).resolves.toBeUndefined();
  });

  it('a presigned URL downloads the bytes with the download name and type, and an altered one is refused', async () => {
    const data = randomBytes(3000);
    await storage.putBuffer('catalog/cd/song.wav', data);
    const url = await storage.presignedUrl('catalog/cd/song.wav', {
      expiresSeconds: 300,
      downloadName: 'Summer Rain – Vocal (2).wav',
      contentType: 'audio/wav',
    });
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/catalog/cd/song\\.wav\\?`));
    expect(new URL(url!).searchParams.get('X-Amz-Expires')).toBe('300');
    const res = await httpGet(url!);
    expect(res.status).toBe(200);
    expect(res.body.equals(data)).toBe(true);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Summer Rain _ Vocal (2).wav"; filename*=UTF-8''Summer%20Rain%20%E2%80%93%20Vocal%20%282%29.wav`,
    );

    // s3rver checks the access key, date and expiry of a presigned URL but not its SigV4 signature, so
    // that part (the AWS SDK's signer) is not re-proved here; the parameters it signs are.
    const params = new URL(url!).searchParams;
    expect(params.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(params.get('X-Amz-SignedHeaders')).toBe('host');
    const unknownKey = new URL(url!);
    unknownKey.searchParams.set('X-Amz-Credential', params.get('X-Amz-Credential')!.replace('S3RVER', 'NOBODY'));
    expect((await httpGet(unknownKey.toString())).status).toBe(403);
  });

  it('presigned URLs can name a public address that differs from the API endpoint', async () => {
    const viaCdn = createS3Storage({ ...s3.config, publicEndpoint: 'https://files.cuewave.example' });
    const url = await viaCdn.presignedUrl('catalog/cd/song.wav', {
      expiresSeconds: 60,
      downloadName: 'a.wav',
      contentType: 'audio/wav',
    });
    viaCdn.destroy();
    expect(url).toMatch(/^https:\/\/files\.cuewave\.example\/cuewave-test\/catalog\/cd\/song\.wav\?/);
  });

  it('virtual-hosted addressing (AWS style, bucket in the host name) stores, reads and presigns', async () => {
    const vhost = createS3Storage({
      ...s3.config,
      endpoint: `http://s3.localhost:${s3.port}`,
      forcePathStyle: false,
      requestHandler: { httpAgent: new http.Agent({ lookup: loopback }) },
    });
    try {
      const data = randomBytes(500);
      await vhost.putBuffer('test/vhost.bin', data);
      expect(await vhost.size('test/vhost.bin')).toBe(500);
      expect((await buffer(vhost.read('test/vhost.bin', { start: 10, end: 19 }))).equals(data.subarray(10, 20))).toBe(
        true,
      );
      // The same object through path-style: both addressings reach one bucket.
      expect(await storage.size('test/vhost.bin')).toBe(500);
      const url = await vhost.presignedUrl('test/vhost.bin', {
        expiresSeconds: 60,
        downloadName: 'v.bin',
        contentType: 'application/octet-stream',
      });
      expect(url).toMatch(new RegExp(`^http://cuewave-test\\.s3\\.localhost:${s3.port}/test/vhost\\.bin\\?`));
      const res = await httpGet(url!, loopback);
      expect(res.status).toBe(200);
      expect(res.body.equals(data)).toBe(true);
    } finally {
      vhost.destroy();
    }
  });

  it('check() passes for the bucket and fails for a missing one or unknown credentials', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const missing = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toBeTruthy();
    missing.destroy();
    const wrong = createS3Storage({ ...s3.config, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'nope' } });
    await expect(wrong.putBuffer('test/x', Buffer.from('x'))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    wrong.destroy();
  });

  it('keys that would escape the root are refused, as on the local disk', async () => {
    await expect(storage.putBuffer('../x', Buffer.from('x'))).rejects.toThrow('escapes the root');
    await expect(storage.size('/abs')).rejects.toThrow('escapes the root');
    expect(() => storage.read('a/../../b')).toThrow('escapes the root');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name, and strips what could break the header', () => {
    expect(attachmentDisposition('Playlist.zip')).toBe(
      `attachment; filename="Playlist.zip"; filename*=UTF-8''Playlist.zip`,
    );
    expect(attachmentDisposition('Żółw "x"\r\nSet-Cookie: a=b.mp3')).toBe(
      `attachment; filename="___w _x_Set-Cookie: a=b.mp3"; filename*=UTF-8''%C5%BB%C3%B3%C5%82w%20%22x%22Set-Cookie%3A%20a%3Db.mp3`,
    );
    expect(attachmentDisposition('\n')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
