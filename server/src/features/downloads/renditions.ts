import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import type { DownloadFormat } from '@cuewave/contract/downloads';
import { encodeMp3 } from '../../audio/encode';
import { AudioDecodeError } from '../../audio/errors';
import { describeFfmpegFailure, runFfmpeg } from '../../audio/ffmpeg';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../providers/storage/storage';
import {
  insertRendition,
  saveFileCrc,
  selectRendition,
  selectRenditions,
  selectStoredFile,
  type StoredFile,
} from './downloads.repo';

export type { StoredFile };

/**
 * Renditions (decision 055): a format not stored is produced from the lossless source once, kept as a
 * private files row, and found again through `renditions` (source file, format). Deterministic storage
 * keys and an insert that yields to an earlier one make a retried or doubled job harmless.
 */

export type RenditionDeps = { db: Db; storage: FileStorage };

export const MP3_KBPS = 320;
export const FORMAT_MIME: Record<DownloadFormat, string> = { mp3: 'audio/mpeg', wav: 'audio/wav' };

/** The stored rendition of a source in a format, or undefined when it has not been produced yet. */
export const findRendition = (db: Db, sourceFileId: string, format: DownloadFormat) =>
  selectRendition(db, sourceFileId, format);

/** The stored renditions of many sources in a format, by source file id, in one round trip (playlist zips). */
export const findRenditions = (db: Db, sourceFileIds: string[], format: DownloadFormat) =>
  selectRenditions(db, sourceFileIds, format);

/** Keeps a file's CRC-32 once a zip computed it (files stored before migration 0013 have none). */
export const saveRenditionCrc = (db: Db, fileId: string, crc: number) => saveFileCrc(db, fileId, crc);

/**
 * The rendition, produced now when missing (inside a job: this does the work itself, it enqueues
 * nothing). Returns its files row; `storage_key` is where the bytes are.
 */
export async function ensureRendition(
  deps: RenditionDeps,
  sourceFileId: string,
  format: DownloadFormat,
  signal?: AbortSignal,
): Promise<StoredFile> {
  const existing = await selectRendition(deps.db, sourceFileId, format);
  if (existing && (await deps.storage.size(existing.storage_key)) === existing.size) return existing;
  const source = await selectStoredFile(deps.db, sourceFileId);
  if (!source) throw new Error(`rendition: source file ${sourceFileId} not found`);

  const dir = await mkdtemp(join(tmpdir(), 'cuewave-rendition-'));
  try {
    signal?.throwIfAborted();
    const input = join(dir, `source${extensionOf(source)}`);
    await pipeline(deps.storage.read(source.storage_key), createWriteStream(input));
    signal?.throwIfAborted();
    const output = join(dir, `out.${format}`);
    if (format === 'mp3') await encodeMp3(input, output, { bitrateKbps: MP3_KBPS });
    else await encodeWavLike(input, output);
    signal?.throwIfAborted();

    // The CRC-32 is kept with the file: zips reuse it instead of checksumming every byte again (056).
    const { sha256, crc } = await checksumFile(output);
    const { size } = await stat(output);
    // One key per source and format: a second run overwrites the same object with the same bytes.
    const key = `renditions/${sourceFileId}.${format}`;
    await deps.storage.putFile(key, output);
    await insertRendition(deps.db, sourceFileId, format, {
      id: randomBytes(12).toString('base64url'),
      storage_key: key,
      mime: FORMAT_MIME[format],
      size,
      sha256,
      crc32: crc,
      public: false,
    });
    const stored = await selectRendition(deps.db, sourceFileId, format);
    if (!stored) throw new Error(`rendition of ${sourceFileId} as ${format} was not recorded`);
    return stored;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const extensionOf = (file: StoredFile) =>
  file.mime === 'audio/flac' ? '.flac' : file.mime === 'audio/mpeg' ? '.mp3' : file.mime === 'audio/wav' ? '.wav' : '';

/** The PCM codec that keeps the source's bit depth (16, 24 or 32 bit; float stays float). */
export function pcmCodecFor(sampleFormat: string, bitsPerRawSample: number | null): string {
  if (sampleFormat.startsWith('flt') || sampleFormat.startsWith('dbl')) return 'pcm_f32le';
  if (sampleFormat.startsWith('s32')) return bitsPerRawSample === 24 ? 'pcm_s24le' : 'pcm_s32le';
  if (sampleFormat.startsWith('u8')) return 'pcm_u8';
  return 'pcm_s16le';
}

/** What ffmpeg reports of the first audio stream's samples: "s16", or "s32 (24 bit)". */
export async function probeSampleFormat(path: string): Promise<{ sampleRate: number; codec: string }> {
  const { stderr } = await runFfmpeg(['-i', path]);
  const m = /Audio: [^,]+, (\d+) Hz, [^,]+, (\w+)(?: \((\d+) bit\))?/.exec(stderr);
  if (!m) throw new AudioDecodeError(describeFfmpegFailure(stderr));
  return { sampleRate: Number(m[1]), codec: pcmCodecFor(m[2]!, m[3] ? Number(m[3]) : null) };
}

/** WAV at the source's own sample rate and bit depth (no resampling, no dither). */
async function encodeWavLike(input: string, output: string): Promise<void> {
  const { sampleRate, codec } = await probeSampleFormat(input);
  const { code, stderr } = await runFfmpeg([
    '-v',
    'error',
    '-y',
    '-i',
    input,
    '-vn',
    '-map',
    '0:a:0',
    '-map_metadata',
    '-1',
    '-ar',
    String(sampleRate),
    '-c:a',
    codec,
    '-f',
    'wav',
    output,
  ]);
  if (code !== 0) throw new AudioDecodeError(describeFfmpegFailure(stderr));
}

/** SHA-256 and CRC-32 in one read. */
async function checksumFile(path: string): Promise<{ sha256: string; crc: number }> {
  const hash = createHash('sha256');
  let crc = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    hash.update(chunk as Buffer);
    crc = crc32(chunk as Buffer, crc);
  }
  return { sha256: hash.digest('hex'), crc };
}
