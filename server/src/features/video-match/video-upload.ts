import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { VIDEO_MAX_BYTES, type VideoContainer } from '@cuewave/contract/video-match';
import { tempPath } from '../../audio/ffmpeg';
import { AppError } from '../../lib/errors';
import { SNIFF_BYTES, sniffVideo } from './video-sniff';

export const tooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The video is larger than ${VIDEO_MAX_BYTES / 1024 / 1024} MB. Upload a shorter or smaller export.`,
  );

/** Thrown through the pipeline when the first bytes say it is no video; carries the answer. */
class Refused extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/**
 * Streams a request body to a local file, never holding it whole: counts bytes as they pass and stops
 * at the cap (whatever Content-Length said, or without one), and sniffs the container from the first
 * bytes before anything more is written. A body cut off, too large or not a video leaves no file.
 */
export async function receiveVideo(
  body: Readable,
  opts: { maxBytes?: number } = {},
): Promise<{ path: string; size: number; container: VideoContainer }> {
  const maxBytes = opts.maxBytes ?? VIDEO_MAX_BYTES;
  const path = tempPath(`-${randomBytes(6).toString('hex')}.upload`);
  let size = 0;
  let head = Buffer.alloc(0);
  let container: VideoContainer | null = null;
  const gate = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new Refused(tooLarge()));
      if (container) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SNIFF_BYTES) return callback();
      const sniffed = sniffVideo(head);
      if (sniffed.kind !== 'video') return callback(new Refused(notAVideo(sniffed.what)));
      container = sniffed.container;
      const held = head;
      head = Buffer.alloc(0);
      callback(null, held);
    },
    flush(callback) {
      if (container) return callback();
      const sniffed = sniffVideo(head);
      if (sniffed.kind !== 'video') return callback(new Refused(notAVideo(sniffed.what)));
      container = sniffed.container;
      callback(null, head);
    },
  });
  // The body is piped in, not part of the pipeline: a refusal must not destroy the request (its socket
  // carries the answer); a client that goes away ends the write with an error.
  const cutOff = () => {
    if (!body.readableEnded) gate.destroy(new Error('upload cut off'));
  };
  body.once('close', cutOff);
  body.once('error', cutOff);
  body.pipe(gate);
  const out = createWriteStream(path);
  try {
    await pipeline(gate, out);
  } catch (error) {
    body.unpipe(gate);
    // A stream destroyed before its file was open still opens it, then closes: delete after that.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await unlink(path).catch(() => {});
    if (error instanceof Refused) throw error.appError;
    throw new AppError('BAD_REQUEST', 'The upload was interrupted before the whole video arrived. Please try again.');
  } finally {
    body.off('close', cutOff);
    body.off('error', cutOff);
  }
  return { path, size, container: container! };
}

function notAVideo(what: string): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `The file is ${what}, not a video. Upload an MP4, MOV, WebM or MKV video.`,
  );
}
