import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { contentRange, etagMatches, ifRangeAllows, parseRange, unsatisfiedContentRange } from '../../lib/http-range';
import type { FileStorage } from '../../providers/storage/storage';
import { selectFile, type FileRow } from './media.repo';

export type MediaDeps = { db: Db; storage: FileStorage };

export type MediaRequest = {
  id: string;
  method: 'GET' | 'HEAD';
  range?: string;
  ifRange?: string;
  ifNoneMatch?: string;
};

export type MediaResponse = {
  status: 200 | 206 | 304;
  headers: Record<string, string>;
  /** Absent for HEAD and 304. */
  body?: () => Readable;
};

/** A year: file ids never change content (a new upload gets a new id), so caches may keep them forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Answers a /cdn request. Only public files (previews and covers) are served; masters and stems are
 * what subscribers pay for and will be delivered through signed download URLs (docs/decisions).
 */
export async function serveFile({ db, storage }: MediaDeps, req: MediaRequest): Promise<MediaResponse> {
  const file = await selectFile(db, req.id);
  if (!file) throw notFound(`File ${req.id}`);
  if (!file.public) throw new AppError('FORBIDDEN', 'This file is only available as a licensed download');
  return respondWithFile(storage, file, req);
}

/** A stored file as the caller may deliver it (a signed download), with ranges and conditional requests. */
export async function serveStoredFile(
  { db, storage }: MediaDeps,
  fileId: string,
  req: Omit<MediaRequest, 'id'>,
  delivery: { cacheControl: string; downloadName: string; contentType?: string },
): Promise<MediaResponse> {
  const file = await selectFile(db, fileId);
  if (!file) throw notFound('File');
  return respondWithFile(storage, file, { ...req, id: fileId }, delivery);
}

function respondWithFile(
  storage: FileStorage,
  file: FileRow,
  req: MediaRequest,
  delivery?: { cacheControl: string; downloadName: string; contentType?: string },
): MediaResponse {
  const etag = `"${file.sha256}"`;
  const lastModified = file.created_at;
  const common: Record<string, string> = {
    'accept-ranges': 'bytes',
    'cache-control': delivery?.cacheControl ?? IMMUTABLE,
    ...(delivery ? { 'content-disposition': contentDisposition(delivery.downloadName) } : {}),
    etag,
    'last-modified': lastModified.toUTCString(),
    'x-content-type-options': 'nosniff',
    // An SVG opened directly must not run script or load anything; harmless for audio and bitmaps.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };

  if (etagMatches(req.ifNoneMatch, etag)) return { status: 304, headers: common };

  const size = file.size;
  const headers = { ...common, 'content-type': delivery?.contentType ?? file.mime };
  const range = ifRangeAllows(req.ifRange, etag, lastModified)
    ? parseRange(req.range, size)
    : { kind: 'none' as const };

  if (range.kind === 'unsatisfiable') {
    throw new AppError('RANGE_NOT_SATISFIABLE', `The range lies outside the file (${size} bytes)`, {
      'accept-ranges': 'bytes',
      'content-range': unsatisfiedContentRange(size),
    });
  }
  if (range.kind === 'range') {
    const { start, end } = range;
    return {
      status: 206,
      headers: { ...headers, 'content-length': String(end - start + 1), 'content-range': contentRange(range, size) },
      body: req.method === 'HEAD' ? undefined : () => storage.read(file.storage_key, { start, end }),
    };
  }
  return {
    status: 200,
    headers: { ...headers, 'content-length': String(size) },
    // An empty file has no bytes to stream (and a [0, -1] range would be invalid).
    body: req.method === 'HEAD' || size === 0 ? undefined : () => storage.read(file.storage_key),
  };
}

/** attachment; an ASCII fallback name plus the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '')
      .trim() || 'download';
  // encodeURIComponent leaves ' ( ) * alone, which RFC 5987's attr-char does not allow.
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
