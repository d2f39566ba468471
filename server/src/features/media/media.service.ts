import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { contentRange, etagMatches, ifRangeAllows, parseRange, unsatisfiedContentRange } from '../../lib/http-range';
import type { FileStorage } from '../../providers/storage/storage';
import type { FileRowCache } from './file-row-cache';
import { selectFile, type FileRow } from './media.repo';

export type MediaDeps = {
  db: Db;
  storage: FileStorage;
  /** Rows of /api/cdn's files without a query per request (file-row-cache.ts); the database when absent. */
  files?: FileRowCache;
  /** ACCEL_REDIRECT_PREFIX: the reverse proxy's internal location that sends /api/cdn's bytes (decision 073). */
  accelRedirectPrefix?: string | null;
};

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
  /** The same bytes in one buffer, when they are few and the store reads them cheaper that way (/api/cdn). */
  bytes?: () => Promise<Buffer>;
};

/** Ranges up to this size are read into one buffer when the store can (MediaResponse.bytes). */
const SMALL_RANGE = 256 * 1024;

/** A year: file ids never change content (a new upload gets a new id), so caches may keep them forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Answers a /cdn request. Only public files (previews and covers) are served; masters and stems are
 * what subscribers pay for and will be delivered through signed download URLs (docs/decisions).
 */
export async function serveFile(
  { db, storage, files, accelRedirectPrefix }: MediaDeps,
  req: MediaRequest,
): Promise<MediaResponse> {
  const file = await (files ? files.get(req.id) : selectFile(db, req.id));
  if (!file) throw notFound(`File ${req.id}`);
  if (!file.public) throw new AppError('FORBIDDEN', 'This file is only available as a licensed download');
  if (accelRedirectPrefix) return handToProxy(accelRedirectPrefix, file, req);
  return respondWithFile(storage, file, req);
}

/**
 * X-Accel-Redirect (nginx; decision 073): the checks above are the app's, the bytes the proxy's, which
 * sends them with sendfile and answers Range, HEAD and conditionals itself. The headers that say what
 * the file is go with the redirect; nginx keeps Content-Type and Cache-Control, uses its own ETag, and
 * drops nosniff and the CSP, which its internal location must add (README). A matching If-None-Match
 * on our own ETag is still answered here.
 */
function handToProxy(prefix: string, file: FileRow, req: MediaRequest): MediaResponse {
  const headers = fileHeaders(file);
  if (etagMatches(req.ifNoneMatch, headers.etag!)) return { status: 304, headers };
  const location = prefix + file.storage_key.split('/').map(encodeURIComponent).join('/');
  return { status: 200, headers: { ...headers, 'content-type': file.mime, 'x-accel-redirect': location } };
}

function fileHeaders(
  file: FileRow,
  delivery?: { cacheControl: string; downloadName: string; contentType?: string },
): Record<string, string> {
  return {
    'accept-ranges': 'bytes',
    'cache-control': delivery?.cacheControl ?? IMMUTABLE,
    ...(delivery ? { 'content-disposition': contentDisposition(delivery.downloadName) } : {}),
    etag: `"${file.sha256}"`,
    'last-modified': file.created_at.toUTCString(),
    'x-content-type-options': 'nosniff',
    // An SVG opened directly must not run script or load anything; harmless for audio and bitmaps.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
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
  const common = fileHeaders(file, delivery);

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
      // A seek's few hundred kilobytes go out in one write: no stream to set up and drain per request.
      bytes:
        req.method === 'HEAD' || !storage.readBytes || end - start + 1 > SMALL_RANGE
          ? undefined
          : () => storage.readBytes!(file.storage_key, { start, end }),
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
