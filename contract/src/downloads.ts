import { z } from './zod';
import { planNameSchema } from './account';
import { productSchema } from './catalog';

/**
 * Track and stem downloads (spec §3 Product files and Stem item, §7 GET /v1/product/{id}/download,
 * §9 default format mp3; issue 12; decision 055). The web asks for exactly what the user picked and
 * gets one short-lived signed URL per file and format, or, for a format not produced yet, the id of
 * the background job that is preparing it (ask again once it is done).
 */

/** Formats offered for every downloadable file: MP3 320 kbps CBR and WAV at the master's rate and depth. */
export const DOWNLOAD_FORMATS = ['mp3', 'wav'] as const;
export const downloadFormatSchema = z.enum(DOWNLOAD_FORMATS);
export type DownloadFormat = z.infer<typeof downloadFormatSchema>;
/** Spec §9: the default download file format. */
export const DEFAULT_DOWNLOAD_FORMAT: DownloadFormat = 'mp3';

/**
 * What can be downloaded of a product: the versions (vocal = the full mix, instrumental), every stem,
 * the master (the vocal mix when the song has one, else the instrumental).
 */
export const DOWNLOAD_FILES = ['vocal', 'instrumental', 'stem_bass', 'stem_instruments', 'master'] as const;
export const downloadFileSchema = z.enum(DOWNLOAD_FILES);
export type DownloadFile = z.infer<typeof downloadFileSchema>;
export const STEM_FILES = ['stem_bass', 'stem_instruments'] as const satisfies readonly DownloadFile[];
export type StemFile = (typeof STEM_FILES)[number];
export const isStemFile = (file: string): file is StemFile => (STEM_FILES as readonly string[]).includes(file);

/** Stem item names as the download control lists them (spec §3 Stem item: name). */
export const STEM_NAMES: Record<StemFile, string> = { stem_bass: 'Bass', stem_instruments: 'Instruments' };

/** How a downloaded file is named: `Title - Artist.mp3`, `Title - Artist (Instrumental).wav`, `... (Bass stem).wav`. */
export const DOWNLOAD_NAME_SUFFIX: Record<DownloadFile, string> = {
  vocal: '',
  instrumental: ' (Instrumental)',
  stem_bass: ' (Bass stem)',
  stem_instruments: ' (Instruments stem)',
  master: ' (Master)',
};

/** A comma-separated list of distinct values of `item`, e.g. files=vocal,stem_bass */
const FILE_LIST = DOWNLOAD_FILES.join(', ');
const FORMAT_LIST = DOWNLOAD_FORMATS.join(', ');

function csvOf<T extends string>(item: z.ZodType<T>, what: string) {
  return z
    .string()
    .max(200)
    .transform((value, ctx) => {
      const parts = value.split(',').map((p) => p.trim());
      const out: T[] = [];
      for (const part of parts) {
        const parsed = item.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: `unsupported ${what} "${part.slice(0, 40)}"` });
          return z.NEVER;
        }
        if (!out.includes(parsed.data)) out.push(parsed.data);
      }
      return out;
    });
}

/** `file:format` pairs, e.g. items=vocal:wav,stem_bass:mp3 (each file in the format picked for it). */
const downloadPairsSchema = z
  .string()
  .max(400)
  .transform((value, ctx) => {
    const out: { file: z.infer<typeof downloadFileSchema>; format: z.infer<typeof downloadFormatSchema> }[] = [];
    for (const part of value.split(',').map((p) => p.trim())) {
      const [file, format, extra] = part.split(':');
      const f = downloadFileSchema.safeParse(file);
      const fmt = downloadFormatSchema.safeParse(format);
      if (!f.success || !fmt.success || extra !== undefined) {
        ctx.addIssue({ code: 'custom', message: `unsupported item "${part.slice(0, 40)}" (expected file:format)` });
        return z.NEVER;
      }
      if (!out.some((o) => o.file === f.data && o.format === fmt.data)) out.push({ file: f.data, format: fmt.data });
    }
    return out;
  });

/**
 * GET /v1/product/{id}/download?files=vocal,stem_bass&format=mp3,wav
 * files: default the main version (vocal when the song has one, else instrumental).
 * format: one or several formats, default mp3; each file is delivered in each format.
 * Or items=vocal:wav,stem_bass:mp3: exactly these file and format pairs (not together with files/format).
 */
export const productDownloadQuerySchema = z.object({
  items: downloadPairsSchema
    .optional()
    .describe('Comma-separated file:format pairs, e.g. vocal:wav,stem_bass:mp3; instead of files and format'),
  files: csvOf(downloadFileSchema, 'file')
    .optional()
    .describe(`Comma-separated: ${FILE_LIST}. Default: the main version`),
  format: csvOf(downloadFormatSchema, 'format').optional().describe(`Comma-separated: ${FORMAT_LIST}. Default: mp3`),
});
export type ProductDownloadQuery = z.input<typeof productDownloadQuerySchema>;

export const downloadItemSchema = z
  .object({
    file: downloadFileSchema,
    format: downloadFormatSchema,
    fileName: z.string().describe('Save as this name, e.g. "Golden Hour - Mila Grey (Instrumental).wav"'),
    status: z.enum(['ready', 'preparing']).describe('preparing: the format is being produced by job `jobId`'),
    url: z
      .string()
      .nullable()
      .describe(
        'Signed, short-lived URL bound to the account (an /api/... path on this origin, or an absolute object-store URL). ' +
          'Only when the whole answer is ready; null while anything is preparing',
      ),
    jobId: z.string().nullable().describe('The rendition job while preparing'),
    size: z.number().int().nullable().describe('Bytes, once ready'),
  })
  .meta({ id: 'DownloadItem' });
export type DownloadItem = z.infer<typeof downloadItemSchema>;

/**
 * The answer: 200 with status ready (every item has a url; the download is recorded and counts
 * towards the daily limit) or 202 with status preparing (no url yet; ask again after retryAfterMs,
 * same query). URLs are issued all at once so one pick is one recorded download.
 */
export const productDownloadSchema = z
  .object({
    status: z.enum(['ready', 'preparing']),
    productId: z.string(),
    downloadId: z
      .string()
      .nullable()
      .describe('The download record (history, licence certificate); null while preparing'),
    expiresAt: z.string().nullable().describe('ISO time the URLs stop working; null while preparing'),
    retryAfterMs: z.number().int().nullable().describe('While preparing: ask again after this long'),
    items: z.array(downloadItemSchema),
  })
  .meta({ id: 'ProductDownload' });
export type ProductDownload = z.infer<typeof productDownloadSchema>;

/** GET /v1/download?skip&limit: the signed-in user's downloads, newest first. */
export const DOWNLOAD_HISTORY_PAGE_SIZE = 20;
export const downloadHistoryQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(DOWNLOAD_HISTORY_PAGE_SIZE),
});
export type DownloadHistoryQuery = z.input<typeof downloadHistoryQuerySchema>;

export const downloadRecordSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    product: productSchema.nullable().describe('null when the track has left the catalogue'),
    title: z.string().describe('Track title at download time'),
    artist: z.string().describe('Artist name at download time'),
    items: z.array(z.object({ file: downloadFileSchema, format: downloadFormatSchema })),
    downloadedAt: z.string().describe('ISO time'),
    licence: z
      .object({
        code: z.string().describe('Verification code of the per-track certificate (CW-XXXX-XXXX)'),
        subscriptionId: z.string(),
        plan: planNameSchema,
        planTitle: z.string(),
        certificateUrl: z.string().describe('GET: the per-track licence certificate PDF (bearer token)'),
      })
      .describe('The subscription that licensed this download'),
  })
  .meta({ id: 'DownloadRecord' });
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;

export const downloadHistorySchema = z
  .object({ items: z.array(downloadRecordSchema), count: z.number().int() })
  .meta({ id: 'DownloadHistory' });
export type DownloadHistory = z.infer<typeof downloadHistorySchema>;

export const downloadIdParamsSchema = z.object({ downloadId: z.string().min(1).max(100) });

/** The track a per-track certificate names (LicenceVerification.track on /licenses/verify/{code}). */
export const licensedTrackSchema = z
  .object({
    productId: z.string(),
    title: z.string(),
    artist: z.string(),
    downloadedAt: z.string().describe('ISO time'),
  })
  .meta({ id: 'LicensedTrack' });
export type LicensedTrack = z.infer<typeof licensedTrackSchema>;

/** Fair use (DOWNLOADS_PER_DAY): distinct products per account and UTC day; the default. */
export const DEFAULT_DOWNLOADS_PER_DAY = 300;

/**
 * 403 codes of GET /v1/product/{id}/download, each mapped by the web to its call to action:
 * no plan -> start the free trial / pick a plan; ended -> renew / buy a plan; payment pending -> finish the payment.
 */
export const DOWNLOAD_DENIED_CODES = [
  'DOWNLOAD_NO_SUBSCRIPTION',
  'DOWNLOAD_SUBSCRIPTION_ENDED',
  'DOWNLOAD_PAYMENT_PENDING',
] as const;
export type DownloadDeniedCode = (typeof DOWNLOAD_DENIED_CODES)[number];
