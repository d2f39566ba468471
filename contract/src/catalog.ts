import { z } from './zod';

/** Products are listed 30 at a time (spec §9, search page size). */
export const PRODUCT_PAGE_SIZE = 30;

/** Search and filter bounds the UI falls back to before the server tells it otherwise (spec §9). */
export const BPM_BOUNDS = { from: 0, to: 300 } as const;
export const DURATION_BOUNDS = { from: 0, to: 500 } as const;

export const productTypeSchema = z.enum(['music', 'sfx']);
export type ProductType = z.infer<typeof productTypeSchema>;

export const fileTypeSchema = z.enum(['vocal', 'instrumental', 'stem_bass', 'stem_instruments', 'cover', 'master']);
export type FileType = z.infer<typeof fileTypeSchema>;

export const productFileSchema = z
  .object({
    id: z.string().describe('File id; fetch the bytes from /cdn/{id}'),
    type: fileTypeSchema,
    duration: z.number().describe('Seconds; 0 for images'),
    waveform: z
      .array(z.number().int().min(0).max(100))
      .optional()
      .describe(
        'Peaks 0..100, empty for images. The product endpoint sends every file its 160 peaks; listings (lists, ' +
          'search, recommendations, playlists) send only the shown version (vocal, else instrumental) reduced to ' +
          'LISTING_WAVEFORM_BARS, and leave it out of the other files',
      ),
    bpm: z.number().nullable(),
    preview: z
      .string()
      .optional()
      .describe('Stems: file id of the public MP3 preview to audition (the stem itself is a licensed download)'),
  })
  .meta({ id: 'ProductFile' });
export type ProductFile = z.infer<typeof productFileSchema>;

export const namedRefSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'NamedRef' });
export type NamedRef = z.infer<typeof namedRefSchema>;

export const productSchema = z
  .object({
    id: z.string(),
    type: productTypeSchema,
    title: z.string(),
    artist: namedRefSchema,
    bpm: z.number().nullable().describe('Measured from the audio'),
    duration: z.number().describe('Seconds'),
    vocal: z.boolean().describe('True when a vocal version exists'),
    cover: z.string().nullable().describe('File id of the cover image'),
    genres: z.array(namedRefSchema),
    subgenres: z.array(namedRefSchema),
    categories: z.array(namedRefSchema).describe('sfx categories'),
    moods: z.array(namedRefSchema),
    tags: z.array(namedRefSchema),
    files: z.array(productFileSchema),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z
  .object({ items: z.array(productSchema), count: z.number().int() })
  .meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof productListSchema>;

/** Music category (spec §3): genres with their subgenres, sfx categories and reels playlists. */
export type Category = { id: string; name: string; fileID: string | null; kind: CategoryKind; children: Category[] };
export const categoryKindSchema = z.enum(['genre', 'subgenre', 'sfx', 'reels']);
export type CategoryKind = z.infer<typeof categoryKindSchema>;
export const categorySchema: z.ZodType<Category> = z
  .object({
    id: z.string(),
    name: z.string(),
    fileID: z.string().nullable().describe('File id of the cover image'),
    kind: categoryKindSchema,
    get children() {
      return z.array(categorySchema);
    },
  })
  .meta({ id: 'Category' });

export const moodSchema = z
  .object({ id: z.string(), name: z.string(), fileID: z.string().nullable() })
  .meta({ id: 'Mood' });
export type Mood = z.infer<typeof moodSchema>;

export const tagSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'Tag' });
export type Tag = z.infer<typeof tagSchema>;

export const playlistSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    public: z.boolean(),
    fileID: z.string().nullable().describe('Cover image file id'),
    trackCount: z.number().int(),
    duration: z.number().describe('Total seconds'),
    createTS: z.number().int().describe('Unix ms'),
    updateTS: z.number().int().describe('Unix ms'),
  })
  .meta({ id: 'PlaylistSummary' });
export type PlaylistSummary = z.infer<typeof playlistSummarySchema>;

export const playlistSchema = playlistSummarySchema
  .extend({ items: z.array(productSchema), note: z.string().nullable() })
  .meta({ id: 'Playlist' });
export type Playlist = z.infer<typeof playlistSchema>;

export const topTracksSchema = z.object({ products: z.array(productSchema) }).meta({ id: 'TopTracks' });

/** Booleans arrive as strings in a query. */
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');
/** A comma-separated list of ids, e.g. mood=happy,chill */
const idList = z
  .string()
  .max(500)
  .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, 'a comma-separated list of ids')
  .transform((v) => v.split(','));
const nonNegative = z.coerce.number().finite().min(0);

export const productQuerySchema = z
  .object({
    skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(PRODUCT_PAGE_SIZE),
    vocal: queryBoolean.optional().describe('true: songs with a vocal version; false: instrumental-only'),
    durationFrom: nonNegative.optional(),
    durationTo: nonNegative.optional(),
    bpmFrom: nonNegative.optional(),
    bpmTo: nonNegative.optional(),
    mood: idList.optional(),
    category: idList.optional(),
    genre: idList.optional(),
    subgenre: idList.optional(),
    tag: idList.optional(),
  })
  .refine((q) => q.durationFrom === undefined || q.durationTo === undefined || q.durationFrom <= q.durationTo, {
    message: 'durationFrom must not exceed durationTo',
    path: ['durationFrom'],
  })
  .refine((q) => q.bpmFrom === undefined || q.bpmTo === undefined || q.bpmFrom <= q.bpmTo, {
    message: 'bpmFrom must not exceed bpmTo',
    path: ['bpmFrom'],
  });
export type ProductQuery = z.infer<typeof productQuerySchema>;

/** Recommendations come in small sets: a "more like this" strip, not a listing. */
export const RECOMMENDED_SIZE = 10;

/** Path parameters. Ids are slugs or random file ids; anything unknown is answered with 404 NOT_FOUND. */
export const productTypeParamsSchema = z.object({ type: productTypeSchema });
export const idParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const publicPlaylistParamsSchema = z.object({ product: productTypeSchema });

export const categoryQuerySchema = z.object({
  kind: categoryKindSchema.optional().describe('Only categories of this kind; genres always come with their subgenres'),
});
export type CategoryQuery = z.infer<typeof categoryQuerySchema>;

export const recommendedQuerySchema = z.object({
  like: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Product id: recommend products of the same genre or category with a nearby tempo'),
  limit: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE).default(RECOMMENDED_SIZE),
});
export type RecommendedQuery = z.infer<typeof recommendedQuerySchema>;

export const recommendedListSchema = z.object({ items: z.array(productSchema) }).meta({ id: 'RecommendedList' });
export type RecommendedList = z.infer<typeof recommendedListSchema>;

/** Paging of a playlist's (or reels category's) products. */
export const pageQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(PRODUCT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A reels and shorts playlist (stored as a category of kind reels), as listed on /c/reels. */
export const reelsPlaylistSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    fileID: z.string().nullable().describe('File id of the cover image'),
    trackCount: z.number().int(),
    duration: z.number().describe('Total seconds'),
  })
  .meta({ id: 'ReelsPlaylist' });
export type ReelsPlaylist = z.infer<typeof reelsPlaylistSchema>;
