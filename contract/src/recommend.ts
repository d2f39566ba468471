import { z } from './zod';
import { PRODUCT_PAGE_SIZE, productSchema } from './catalog';

/**
 * Recommendations (spec §7 Catalogue, issue 14 "more like this", decision 066).
 *
 *   GET /v1/product/{type}/recommended?id={productId}&skip&limit   → Recommendations
 *
 * - `id`: "more like this": the products of the same type nearest to that product by sound (timbre,
 *   tempo, energy, brightness, rhythm, key, loudness, dynamics), never the product itself, best first,
 *   each with the qualities it is close in (`closeIn`). The best RECOMMEND_TOTAL are pageable.
 *   A product whose sound has not been analysed yet (a catalogue being backfilled) gets the nearest by
 *   metadata instead (same genre or category, tempo close by): `basis: "metadata"` with a `notice`.
 * - `like` (older clients): same genre or category, nearby tempo (`basis: "metadata"`).
 * - neither: a daily rotation of popular products (`basis: "popular"`).
 *
 * Errors ({error, message}): 400 VALIDATION_FAILED (an id that is not a product id, limit outside
 * 1..30, skip + limit beyond RECOMMEND_TOTAL, both `id` and `like`), 404 NOT_FOUND (no product of that
 * type with that id).
 */

/** "More like this" ranks this many products by sound; skip + limit stays within it. */
export const RECOMMEND_TOTAL = 100;
/** Recommendations come in small sets: a "more like this" strip, not a listing. */
export const RECOMMEND_DEFAULT_LIMIT = 10;

/** The qualities a sound comparison measures (server: audio/descriptor.types.ts). */
export const soundQualitySchema = z.enum([
  'tempo',
  'energy',
  'brightness',
  'rhythm',
  'timbre',
  'key',
  'loudness',
  'dynamics',
]);
export type SoundQualityName = z.infer<typeof soundQualitySchema>;

/** Product ids are slugs or random url-safe ids. */
const productIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'a product id has letters, digits, "-" and "_" only');

export const recommendQuerySchema = z
  .object({
    id: productIdSchema.optional().describe('Product id: the products that sound most like it'),
    like: productIdSchema
      .optional()
      .describe('Product id: products of the same genre or category with a nearby tempo (metadata only)'),
    skip: z.coerce.number().int().min(0).max(RECOMMEND_TOTAL).default(0),
    limit: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE).default(RECOMMEND_DEFAULT_LIMIT),
  })
  .refine((q) => !(q.id && q.like), { message: 'give id or like, not both', path: ['like'] })
  .refine((q) => !q.id || q.skip + q.limit <= RECOMMEND_TOTAL, {
    message: `skip + limit must not exceed ${RECOMMEND_TOTAL}`,
    path: ['skip'],
  });
export type RecommendQuery = z.infer<typeof recommendQuerySchema>;

export const recommendationsSchema = z
  .object({
    items: z.array(productSchema),
    /** How many recommendations there are in all (sound: at most RECOMMEND_TOTAL). */
    count: z.number().int().min(0),
    basis: z.enum(['sound', 'metadata', 'popular']),
    /** Per product id: the qualities in which it is close to the product asked about (sound only). */
    closeIn: z.record(z.string(), z.array(soundQualitySchema)),
    /** Why the basis is not sound although `id` asked for it; null otherwise. */
    notice: z.string().nullable(),
  })
  .meta({ id: 'Recommendations' });
export type Recommendations = z.infer<typeof recommendationsSchema>;
