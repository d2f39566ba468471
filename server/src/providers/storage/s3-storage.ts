import { createReadStream } from 'node:fs';
import { PassThrough, Transform, pipeline, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { attachmentDisposition } from './content-disposition';
import type { FileStorage } from './storage';

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** The store's API address (MinIO, R2, B2, s3rver); absent for AWS S3 itself. */
  endpoint?: string;
  /** Where browsers reach the store, when it differs from `endpoint` (presigned URLs are signed for it). */
  publicEndpoint?: string;
  /** Path-style URLs (endpoint/bucket/key) instead of virtual-hosted (bucket.endpoint/key). */
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** For tests: how requests reach the network (e.g. a resolver for virtual-hosted names). */
  requestHandler?: S3ClientConfig['requestHandler'];
};

export type S3Storage = FileStorage & {
  readonly bucket: string;
  /** HeadBucket: resolves when the bucket exists and the credentials may use it. */
  check(): Promise<void>;
  /** Closes the client's sockets. */
  destroy(): void;
};

/**
 * Multipart uploads buffer at most QUEUE_SIZE parts of PART_SIZE bytes at a time (S3's smallest part is
 * 5 MiB), so writing a multi-gigabyte archive holds ~10–15 MB, not the archive. 10,000 parts of 5 MiB
 * allow objects up to ~50 GB.
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** The same keys the local disk accepts: relative, no `..` segments (they would mean another object there). */
function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.includes('\\') || key.split('/').includes('..'))
    throw new Error(`storage key escapes the root: ${key}`);
  return key;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2; decision 057). Every app
 * instance sees the same objects, and browsers download licensed files straight from the store through
 * presigned URLs.
 */
export function createS3Storage(config: S3StorageConfig): S3Storage {
  const base: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The SDK's default adds CRC32 trailers to every upload, which R2, B2, MinIO releases and s3rver
    // refuse or ignore; send checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  const client = new S3Client({ ...base, endpoint: config.endpoint, requestHandler: config.requestHandler });
  // A signer only: it never sends a request, it signs URLs for the address browsers use.
  const signer = config.publicEndpoint ? new S3Client({ ...base, endpoint: config.publicEndpoint }) : client;
  const Bucket = config.bucket;

  const upload = async (key: string, body: Readable | Buffer): Promise<{ size: number }> => {
    checkKey(key);
    if (Buffer.isBuffer(body)) {
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: body },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      }).done();
      return { size: body.length };
    }
    let size = 0;
    let bodyError: Error | undefined;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    // A failing body destroys `counted`, which fails the upload before it completes: S3 makes an object
    // visible only when the PUT or CompleteMultipartUpload succeeds, so nothing is left under `key`.
    pipeline(body, counted, (error) => {
      if (error) bodyError = error;
    });
    const task = new Upload({
      client,
      params: { Bucket, Key: key, Body: counted },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await task.done();
    } catch (error) {
      body.destroy();
      counted.destroy();
      // Report why the body failed rather than a follow-up error (e.g. a store without AbortMultipartUpload).
      throw bodyError ?? error;
    }
    if (bodyError) throw bodyError;
    return { size };
  };

  return {
    bucket: Bucket,
    async putFile(key, sourcePath) {
      await upload(key, createReadStream(sourcePath));
    },
    async putBuffer(key, data) {
      await upload(key, data);
    },
    write: (key, body) => upload(key, body),

    read(key, range) {
      checkKey(key);
      // The caller gets a stream now; the bytes follow when the store answers. A consumer that stops
      // early (a closed download) aborts the request and frees its socket.
      const out = new PassThrough();
      const aborter = new AbortController();
      out.on('close', () => {
        if (!out.writableFinished) aborter.abort();
      });
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
          { abortSignal: aborter.signal },
        )
        .then((response) => {
          const body = response.Body as Readable | undefined;
          if (!body) return out.end();
          pipeline(body, out, () => {});
        })
        .catch((error: unknown) => out.destroy(error as Error));
      return out;
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      // S3 answers 204 for a key that does not exist, like the local disk's rm --force.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },

    presignedUrl: (key, opts) =>
      getSignedUrl(
        signer,
        new GetObjectCommand({
          Bucket,
          Key: checkKey(key),
          ResponseContentDisposition: attachmentDisposition(opts.downloadName),
          ResponseContentType: opts.contentType,
        }),
        // SigV4 presigned URLs live at most 7 days.
        { expiresIn: Math.max(1, Math.min(Math.round(opts.expiresSeconds), 604_800)) },
      ),

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    destroy() {
      client.destroy();
      if (signer !== client) signer.destroy();
    },
  };
}
