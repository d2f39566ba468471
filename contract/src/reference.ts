import { z } from './zod';
import { productTypeSchema } from './catalog';

/**
 * Reference links (issue 14, spec §1 "search by a reference link", §3 Search state `reference`, §7 Search;
 * decision 067).
 *
 *   POST /v1/product/search/reference            {urls: string[1..10], type?}  token optional → ReferenceList
 *   POST /v1/product/search/reference/upload?name=track.mp3   raw audio body ≤ 20 MB  → ReferenceItem
 *
 * For each URL the answer says what it is and whether it can be used:
 *   - `product`: a link to one of our own tracks (/c/song/{id}, /us/c/song/{id}, /api/v1/product/music/{id}…);
 *     its own sound descriptor is used.
 *   - `audio`: a direct link to an audio file, fetched (≤ 20 MB, ≤ 10 minutes, content sniffed), analysed,
 *     then deleted: only the derived numbers are kept, for a day.
 *   - `streaming`: a page of YouTube, Spotify, SoundCloud, Apple Music, Deezer, TikTok or Vimeo: its public
 *     title and artist (oEmbed, else Open Graph) are searched as words; its audio is not analysed (`note`).
 *   - `unusable`: with `reason` (code + plain-English message) — not a URL, scheme not allowed, a private
 *     address, too large, not audio, too long, a page without a title…
 * A usable item has `reference`: send it in POST /v1/product/search's `reference` list to rank by it.
 *
 * Errors ({error, message}): 400 VALIDATION_FAILED (no URLs, more than 10, an entry longer than 4096
 * characters), 413 PAYLOAD_TOO_LARGE (upload above 20 MB), 415 UNSUPPORTED_MEDIA_TYPE (upload that is not
 * audio), 400 BAD_REQUEST (upload not decodable, silent or longer than 10 minutes), 429 TOO_MANY_REQUESTS
 * with Retry-After (fetches or analyses per client or account), 503 SERVICE_UNAVAILABLE (this server is busy
 * analysing other files; try again).
 */

export const REFERENCE_URLS_MAX = 10;
/** References one search may rank by (their sound scores are averaged). */
export const SEARCH_REFERENCES_MAX = 5;
export const REFERENCE_AUDIO_MAX_BYTES = 20 * 1024 * 1024;
export const REFERENCE_AUDIO_MAX_SECONDS = 600;
/** How long a fetched or uploaded reference's derived numbers are kept (then add the link again). */
export const REFERENCE_TTL_HOURS = 24;

/**
 * What a search's `reference` entries look like: `product:{id}` for our own tracks (never expires), or
 * `ref_{random}` for analysed audio and streaming metadata (kept REFERENCE_TTL_HOURS).
 */
export const REFERENCE_TOKEN_PATTERN = /^(product:[A-Za-z0-9_.-]{1,100}|ref_[A-Za-z0-9_-]{20,40})$/;
export const referenceTokenSchema = z.string().regex(REFERENCE_TOKEN_PATTERN, 'not a reference from /search/reference');

export const streamingServiceSchema = z.enum([
  'youtube',
  'spotify',
  'soundcloud',
  'apple-music',
  'deezer',
  'tiktok',
  'vimeo',
]);
export type StreamingService = z.infer<typeof streamingServiceSchema>;

export const STREAMING_SERVICE_NAMES: Record<StreamingService, string> = {
  youtube: 'YouTube',
  spotify: 'Spotify',
  soundcloud: 'SoundCloud',
  'apple-music': 'Apple Music',
  deezer: 'Deezer',
  tiktok: 'TikTok',
  vimeo: 'Vimeo',
};

export const referenceKindSchema = z.enum(['product', 'audio', 'streaming', 'unusable']);
export type ReferenceKind = z.infer<typeof referenceKindSchema>;

/** Why a URL cannot be used; `code` is stable (the safe fetcher's reasons and a few of this feature's). */
export const referenceReasonCodeSchema = z.enum([
  'invalid-url',
  'scheme-not-allowed',
  'credentials-in-url',
  'port-not-allowed',
  'private-address',
  'host-not-found',
  'too-many-redirects',
  'bad-redirect',
  'too-large',
  'timeout',
  'truncated',
  'connection-failed',
  'aborted',
  'http-error',
  'not-audio',
  'not-decodable',
  'silent',
  'too-long',
  'no-metadata',
  'unknown-product',
  'not-supported',
  'rate-limited',
  'busy',
]);
export type ReferenceReasonCode = z.infer<typeof referenceReasonCodeSchema>;

export const referenceItemSchema = z
  .object({
    url: z.string().describe('The URL as given (the file name for uploads)'),
    kind: referenceKindSchema,
    usable: z.boolean(),
    reference: z.string().nullable().describe("Send in POST /v1/product/search's `reference`; null when unusable"),
    title: z.string().nullable(),
    artist: z.string().nullable(),
    service: streamingServiceSchema.nullable().describe('streaming: which site'),
    productId: z.string().nullable().describe('product: our own track'),
    durationSec: z.number().nullable().describe('audio: length of the analysed audio'),
    note: z.string().nullable().describe('e.g. that audio from streaming services is not analysed'),
    reason: z
      .object({ code: referenceReasonCodeSchema, message: z.string() })
      .nullable()
      .describe('unusable: why, safe to show'),
  })
  .meta({ id: 'ReferenceItem' });
export type ReferenceItem = z.infer<typeof referenceItemSchema>;

export const referenceRequestSchema = z.object({
  urls: z
    .array(z.string().max(4096, 'each URL must be at most 4096 characters'))
    .min(1, 'give at least one URL')
    .max(REFERENCE_URLS_MAX, `at most ${REFERENCE_URLS_MAX} URLs at once`),
  type: productTypeSchema.default('music'),
});
export type ReferenceRequest = z.input<typeof referenceRequestSchema>;

export const referenceListSchema = z.object({ items: z.array(referenceItemSchema) }).meta({ id: 'ReferenceList' });
export type ReferenceList = z.infer<typeof referenceListSchema>;

export const referenceUploadQuerySchema = z.object({
  name: z.string().trim().max(200).optional().describe('The file name, shown as the title'),
});
