import { z } from './zod';
import { BPM_BOUNDS, DURATION_BOUNDS, PRODUCT_PAGE_SIZE, productSchema, productTypeSchema } from './catalog';
import { soundQualitySchema } from './recommend';
import { referenceTokenSchema, SEARCH_REFERENCES_MAX } from './reference';

/**
 * Search (issue 13, spec §1, §3 Search state, §5, §7 Search, §9 Search limits; decisions 058–061).
 *
 * API (all under /api; search is public, history needs a signed-in user):
 *
 *   POST   /v1/product/search?skip=0&limit=30   token optional  SearchRequest → SearchResponse
 *            engine "standard": the prompt matched against title, artist, genre, subgenre, category, moods,
 *              instruments, tags, keywords and description (a title hit outranks a tag hit), prefix matching on
 *              the word being typed, typos and missing diacritics forgiven; count = every match.
 *            engine "ai": intent words become filters (returned as chips), the rest is matched by meaning;
 *              the best 100 (SEARCH_AI_TOTAL), paged by 30; count = min(matches, 100). Each item has an
 *              explanation in `explanations`.
 *            An empty prompt with filters is a filtered listing (sorted as asked; relevance = alphabetic).
 *            `reference` (from POST /search/reference, contract/src/reference.ts): a sound ranks the products by
 *              how alike they sound (filters apply; explanations carry `closeIn`), a streaming page's words join
 *              the prompt; an unknown or expired reference is a 400 (decision 067).
 *            A signed-in user's searches with a prompt are added to their history (skip = 0 only; a prompt the
 *            user was still typing — a prefix of the newest entry or extended by it, within two minutes —
 *            replaces that entry instead of adding one).
 *   GET    /v1/product/search/parameters?type=music              → SearchParameters (bounds of the catalogue)
 *   GET    /v1/product/search/history                auth        → SearchHistory (newest first, at most 20)
 *   DELETE /v1/product/search/history[?id=…]         auth        → 204 (all entries, or only the one given)
 *
 * Errors ({error, message}): 400 VALIDATION_FAILED (the message names the field: prompt too long, reversed or
 * negative range, limit above 100, negative skip, more than 50 ids in a list, vocalOnly with
 * instrumentalOnly, skip + limit beyond 100 for AI), 401 'verify jwt token' (history without a valid
 * token), 503 SERVICE_UNAVAILABLE for engine "ai" when a configured embeddings endpoint is down, slow or
 * answers nonsense (standard search keeps working; the message says so).
 * Unknown ids in filters match nothing (no error), like the catalogue listings.
 */

/** At most this many results for AI search (spec §9); standard search counts every match. */
export const SEARCH_AI_TOTAL = 100;
export const SEARCH_PAGE_SIZE = PRODUCT_PAGE_SIZE;
export const SEARCH_PROMPT_MAX = 500;
export const SEARCH_HISTORY_MAX = 20;
export const SEARCH_LIST_MAX = 50;

/** The engines of the type picker (spec §3). Video match arrives with issue 14; the API takes ai and standard. */
export const SEARCH_PICKER_ENGINES = ['ai', 'standard', 'video'] as const;
export const searchEngineSchema = z.enum(['ai', 'standard']);
export type SearchEngine = z.infer<typeof searchEngineSchema>;

/** Alphabetic is the spec's default for a listing; a prompt without a chosen sort ranks by relevance (decision 058). */
export const searchSortSchema = z.enum([
  'alphabetic',
  'relevance',
  'newest',
  'bpm_asc',
  'bpm_desc',
  'duration_asc',
  'duration_desc',
]);
export type SearchSort = z.infer<typeof searchSortSchema>;

const id = z.string().trim().min(1).max(100);
const idList = z.array(id).max(SEARCH_LIST_MAX).optional();

function range(max: number) {
  return z
    .object({
      from: z.number().finite().min(0).max(max).optional(),
      to: z.number().finite().min(0).max(max).optional(),
    })
    .refine((r) => r.from === undefined || r.to === undefined || r.from <= r.to, {
      message: 'from must not exceed to',
      path: ['from'],
    });
}
export type NumberRange = { from?: number; to?: number };

export const searchRequestSchema = z
  .object({
    prompt: z
      .string()
      .max(SEARCH_PROMPT_MAX, `prompt must be at most ${SEARCH_PROMPT_MAX} characters`)
      .refine((p) => !p.includes('\0'), 'prompt must not contain NUL characters')
      .default(''),
    engine: searchEngineSchema.default('standard'),
    type: productTypeSchema.default('music'),
    /** Unset: relevance when there is a prompt, else alphabetic (spec §3's default; decision 058). */
    sort: searchSortSchema.optional(),
    genres: idList,
    subGenres: idList,
    categories: idList,
    moods: idList,
    artists: idList,
    vocalOnly: z.boolean().optional(),
    instrumentalOnly: z.boolean().optional(),
    releaseYear: range(3000).optional(),
    duration: range(100_000).optional(),
    bpm: range(1000).optional(),
    /** AI chips the user removed (SearchChip.id): their words are then matched by meaning only. */
    ignore: z.array(z.string().max(100)).max(SEARCH_LIST_MAX).optional(),
    /**
     * Reference links resolved by POST /search/reference (its items' `reference`): products are ranked by how
     * alike they sound (filters still apply); a streaming page's title and artist join the prompt (decision 067).
     */
    reference: z.array(referenceTokenSchema).max(SEARCH_REFERENCES_MAX).optional(),
  })
  .refine((b) => !(b.vocalOnly && b.instrumentalOnly), {
    message: 'vocalOnly and instrumentalOnly cannot both be true',
    path: ['vocalOnly'],
  });
export type SearchRequest = z.input<typeof searchRequestSchema>;
export type SearchRequestParsed = z.infer<typeof searchRequestSchema>;

export const searchQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(SEARCH_PAGE_SIZE),
});

/** What an AI prompt was understood to ask for (shown as a removable chip). */
export const searchChipKindSchema = z.enum([
  'genre',
  'subgenre',
  'category',
  'mood',
  'instrument',
  'tempo',
  'duration',
  'vocal',
  'instrumental',
  'use',
  'type',
]);
const chipRangeSchema = z.object({ from: z.number().optional(), to: z.number().optional() });
/**
 * What a chip stands for, so a client can label it in its reader's language rather than the prompt's
 * (decision 059): a concept of the AI vocabulary, catalogue names (data, shown as the catalogue names
 * them), and the range it filters by. `label` is the same said in the prompt's language.
 */
export const searchChipValueSchema = z
  .object({
    concept: z
      .string()
      .nullable()
      .describe('The vocabulary concept the words were read as ("calm", "fast", "piano"); null for names and numbers'),
    names: z
      .array(z.string())
      .describe('Catalogue names (genres, subgenres, sfx categories, moods) the chip is; when set, they are its label'),
    bpm: chipRangeSchema.nullable().describe('Tempo chips: the BPM range filtered by'),
    seconds: chipRangeSchema.nullable().describe('Duration chips: the range of seconds filtered by'),
  })
  .meta({ id: 'SearchChipValue' });
export type SearchChipValue = z.infer<typeof searchChipValueSchema>;
export const searchChipSchema = z
  .object({
    id: z.string().describe('Stable id, e.g. "mood:chill" or "tempo:fast"; send it in `ignore` to drop the chip'),
    kind: searchChipKindSchema,
    label: z.string().describe('What the chip says, in the language of the prompt ("Fast: 120+ BPM")'),
    value: searchChipValueSchema,
    words: z.string().describe('The words of the prompt it was read from'),
  })
  .meta({ id: 'SearchChip' });
export type SearchChip = z.infer<typeof searchChipSchema>;

export const searchExplanationSchema = z
  .object({
    chips: z.array(z.string()).describe('Ids of the chips this product satisfies'),
    closest: z.array(z.string()).describe('The words of the product closest in meaning to the prompt, best first'),
    score: z.number().describe('Similarity 0..1'),
    closeIn: z
      .array(soundQualitySchema)
      .optional()
      .describe('Search by a sound reference: the qualities in which the product is close to it (decision 067)'),
  })
  .meta({ id: 'SearchExplanation' });
export type SearchExplanation = z.infer<typeof searchExplanationSchema>;

export const facetCountSchema = z.object({ id: z.string(), name: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

export const searchFacetsSchema = z
  .object({
    genres: z.array(facetCountSchema),
    subGenres: z.array(facetCountSchema),
    categories: z.array(facetCountSchema).describe('sfx categories'),
    moods: z.array(facetCountSchema),
    vocal: z.object({ vocal: z.number().int(), instrumental: z.number().int() }),
  })
  .describe(
    'How many results each choice leaves: counted over the matches of every other filter (a facet ignores its own selection)',
  )
  .meta({ id: 'SearchFacets' });
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchResponseSchema = z
  .object({
    items: z.array(productSchema),
    count: z.number().int(),
    engine: searchEngineSchema,
    facets: searchFacetsSchema,
    chips: z.array(searchChipSchema).describe('AI only: filters read from the prompt'),
    explanations: z.record(z.string(), searchExplanationSchema).describe('AI only: per product id, why it matched'),
    corrected: z
      .string()
      .nullable()
      .describe('The prompt as it was understood after typo correction, when that differs from what was typed'),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const searchParametersQuerySchema = z.object({ type: productTypeSchema.default('music') });
export const searchParametersSchema = z
  .object({
    bpm: z.object({ from: z.number(), to: z.number() }),
    duration: z.object({ from: z.number(), to: z.number() }),
  })
  .describe('Bounds of the current catalogue; a range filter equal to its bounds counts as unset (spec §5)')
  .meta({ id: 'SearchParameters' });
export type SearchParameters = z.infer<typeof searchParametersSchema>;
export const DEFAULT_SEARCH_PARAMETERS: SearchParameters = { bpm: { ...BPM_BOUNDS }, duration: { ...DURATION_BOUNDS } };

export const searchHistoryEntrySchema = z
  .object({
    id: z.string(),
    prompt: z.string(),
    engine: searchEngineSchema,
    type: productTypeSchema,
    filters: z
      .record(z.string(), z.unknown())
      .describe('The filters of that search (the request body without prompt, engine and type)'),
    createTS: z.number().int().describe('Unix ms'),
  })
  .meta({ id: 'SearchHistoryEntry' });
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
export const searchHistorySchema = z.object({ items: z.array(searchHistoryEntrySchema) }).meta({ id: 'SearchHistory' });
export type SearchHistory = z.infer<typeof searchHistorySchema>;
export const searchHistoryDeleteQuerySchema = z.object({ id: z.string().min(1).max(100).optional() });
