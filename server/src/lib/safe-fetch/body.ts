import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SafeFetchError } from './errors';

/**
 * Reading a response body with a hard cap. Bytes are counted as they arrive and the connection is
 * destroyed at the first chunk past the cap, so at most `maxBytes` are ever held (in memory or on disk).
 * No decompression: Accept-Encoding is identity, and a Content-Encoding the server sends anyway is left
 * to the caller (a gzip bomb stays its compressed size). An idle timer and the caller's signal end it too.
 */
export function refuseDeclaredOversize(res: IncomingMessage, maxBytes: number): void {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw new SafeFetchError('too-large', `content-length ${declared}`);
  }
}

export async function readToBuffer(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline(res, capped(maxBytes), sink).catch((e) => rethrow(e, res));
  return Buffer.concat(chunks);
}

export interface TempFileBody {
  path: string;
  bytes: number;
  /** Removes the file and its private folder; call it when done (the issue says "analyse, then forget"). */
  dispose: () => Promise<void>;
}

export async function readToFile(res: IncomingMessage, maxBytes: number, dir = tmpdir()): Promise<TempFileBody> {
  const folder = await mkdtemp(join(dir, 'safe-fetch-'));
  const path = join(folder, 'body');
  const dispose = () => rm(folder, { recursive: true, force: true });
  let bytes = 0;
  try {
    const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    await pipeline(
      res,
      capped(maxBytes, (n) => (bytes = n)),
      out,
    );
  } catch (e) {
    await dispose();
    rethrow(e, res);
  }
  return { path, bytes, dispose };
}

function capped(maxBytes: number, onTotal?: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > maxBytes) return done(new SafeFetchError('too-large', 'streamed'));
      onTotal?.(total);
      done(null, chunk);
    },
  });
}

function rethrow(e: unknown, res: IncomingMessage): never {
  res.destroy();
  if (e instanceof SafeFetchError) throw e;
  const cause = (e as { cause?: unknown }).cause;
  if (cause instanceof SafeFetchError) throw cause;
  // The socket closed before Content-Length (or the chunked terminator) was reached.
  if (!res.complete) throw new SafeFetchError('truncated', (e as Error).message);
  throw new SafeFetchError('connection-failed', (e as Error).message);
}
