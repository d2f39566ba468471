import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text the browser reads: HTML (and React Router's `.data` turbo-stream, text/x-script), CSS,
 * JavaScript, JSON and SVG. Audio, images other than SVG, zips and application/octet-stream are
 * compressed already or are opaque downloads (the plugin's default list includes octet-stream), and
 * text/event-stream must reach the browser event by event, which a compressor's buffering would hold back.
 */
export const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|x-javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)(?:;|$)/i;

/**
 * Cheap levels for answers compressed per request (CPU, not bandwidth, is what runs out; decision 073).
 * Measured on the home page and a 30-item listing: brotli 2 is within 6 % of brotli 4's size at half
 * its time or less, gzip 3 within 7 % of gzip 5's. Hashed build assets are compressed once at build
 * time at the highest levels instead (web/scripts/precompress.mjs).
 */
export const DYNAMIC_BROTLI_QUALITY = 2;
export const DYNAMIC_GZIP_LEVEL = 3;
/** Below this the headers outweigh the saving. */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** The encoding the request prefers among brotli and gzip (q-values honoured), or null for identity. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  return header ? (negotiate(header, ENCODINGS) as Encoding | null) : null;
}

/** A whole body compressed at the dynamic levels, as the compressor below would send it. */
export function compressBody(encoding: Encoding, body: string | Buffer): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: DYNAMIC_GZIP_LEVEL });
}

/**
 * brotli or gzip by Accept-Encoding for every route registered after this (call it before the routes),
 * above 1 KB, never for 206/Content-Range answers (the plugin skips them: ranges count unencoded bytes).
 * A route opts out with `compress: false` (the /api/cdn file route). Request bodies are not inflated:
 * no route takes compressed uploads, and inflating would let a small body past the body limit's intent.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ENCODINGS,
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
  });
}
