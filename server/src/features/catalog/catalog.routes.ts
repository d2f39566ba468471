import { z } from 'zod';
import {
  categoryQuerySchema,
  categorySchema,
  idParamsSchema,
  moodSchema,
  pageQuerySchema,
  playlistSummarySchema,
  productListSchema,
  productQuerySchema,
  productSchema,
  productTypeParamsSchema,
  publicPlaylistParamsSchema,
  reelsPlaylistSchema,
  tagSchema,
  topTracksSchema,
} from '@cuewave/contract/catalog';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { ZodApp } from '../../deps';
import { createCatalogCache } from './catalog-cache';
import * as catalog from './catalog.service';

const tags = ['catalog'];
const errors = { 400: errorBodySchema, 404: errorBodySchema };

/**
 * Responses that carry products are serialised with plain JSON.stringify: validating thirty products
 * with their waveforms against the zod schema costs several milliseconds per request, more than
 * everything else in a cached listing. The contract schema still documents them (OpenAPI), the service
 * is typed with the contract's types, and the tests check bodies against the schema.
 */
const plainJson = { serializerCompiler: () => serializeProductBody };

/**
 * Products come from the catalogue cache as shared objects that are never changed once built (a new
 * catalogue version builds new ones), so each product is stringified once and its JSON reused by every
 * listing that contains it: a page of thirty is then mostly string concatenation.
 */
const productJsonCache = new WeakMap<object, string>();
function productJson(product: object): string {
  let json = productJsonCache.get(product);
  if (json === undefined) {
    json = JSON.stringify(product);
    productJsonCache.set(product, json);
  }
  return json;
}

/** Also search's answers (search.routes.ts): their items are the same cached listing forms. */
export function serializeProductBody(data: unknown): string {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return JSON.stringify(data);
  if ('files' in data && 'artist' in data) return productJson(data); // a single product
  // As JSON.stringify does, a field whose value is undefined is left out.
  const fields = Object.entries(data).flatMap(([key, value]) => {
    if (value === undefined) return [];
    const json =
      (key === 'items' || key === 'products') && Array.isArray(value)
        ? `[${value.map((product: object) => productJson(product)).join(',')}]`
        : JSON.stringify(value);
    return `${JSON.stringify(key)}:${json}`;
  });
  return `{${fields.join(',')}}`;
}

/** Catalogue browsing (spec §7 "Catalogue" and the public playlist calls). Read-only and public. */
export async function registerCatalogRoutes(app: ZodApp, base: catalog.CatalogDeps): Promise<void> {
  const deps: catalog.CatalogDeps = { ...base, cache: base.cache ?? createCatalogCache(base.db) };
  app.get(
    '/api/v1/genre',
    { schema: { tags, summary: 'Genres with their subgenres', response: { 200: z.array(categorySchema) } } },
    async () => catalog.listGenres(deps),
  );

  app.get(
    '/api/v1/genre/:id',
    {
      schema: {
        tags,
        summary: 'One genre with its subgenres',
        params: idParamsSchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) => catalog.getGenre(deps, request.params.id),
  );

  app.get(
    '/api/v1/category',
    {
      schema: {
        tags,
        summary: 'All categories: genres (with subgenres), sfx categories and reels playlists',
        querystring: categoryQuerySchema,
        response: { 200: z.array(categorySchema), 400: errorBodySchema },
      },
    },
    async (request) => catalog.listCategories(deps, request.query.kind),
  );

  app.get('/api/v1/tag', { schema: { tags, summary: 'All tags', response: { 200: z.array(tagSchema) } } }, async () =>
    catalog.listTags(deps),
  );

  app.get(
    '/api/v1/mood',
    { schema: { tags, summary: 'All moods', response: { 200: z.array(moodSchema) } } },
    async () => catalog.listMoods(deps),
  );

  // Static paths for each type, so a product that happened to be called "recommended" could never shadow them.
  for (const type of ['music', 'sfx'] as const) {
    // GET /api/v1/product/{type}/recommended lives with "more like this" (search/sound/recommend.routes.ts).

    app.get(
      `/api/v1/product/${type}/:id`,
      {
        ...plainJson,
        schema: {
          tags,
          summary: `One ${type} product`,
          params: idParamsSchema,
          response: { 200: productSchema, ...errors },
        },
      },
      async (request) => catalog.getProduct(deps, type, request.params.id),
    );
  }

  app.get(
    '/api/v1/product/playlist/:id',
    {
      ...plainJson,
      schema: {
        tags,
        summary: 'The products of a public playlist or reels playlist, paged',
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: productListSchema, ...errors },
      },
    },
    async (request) => catalog.listPlaylistProducts(deps, request.params.id, request.query),
  );

  app.get(
    '/api/v1/product/:type',
    {
      ...plainJson,
      schema: {
        tags,
        summary: 'Products of one type, filtered and paged (30 a page, most popular first)',
        description:
          'Filters combine with AND; comma-separated ids inside one filter combine with OR. genre matches the genre ' +
          'or any of its subgenres; genre with subgenre matches only those subgenres of that genre. Unknown ids match ' +
          'nothing (200 with an empty list).',
        params: productTypeParamsSchema,
        querystring: productQuerySchema,
        response: { 200: productListSchema, 400: errorBodySchema },
      },
    },
    async (request) => catalog.listProducts(deps, request.params.type, request.query),
  );

  app.get(
    '/api/v1/playlist/top-tracks',
    { ...plainJson, schema: { tags, summary: 'Top music', response: { 200: topTracksSchema } } },
    async () => catalog.topTracks(deps),
  );

  app.get(
    '/api/v1/playlist/public/reels-and-shorts',
    { schema: { tags, summary: 'Reels and shorts playlists', response: { 200: z.array(reelsPlaylistSchema) } } },
    async () => catalog.listReels(deps),
  );

  app.get(
    '/api/v1/playlist/public/homepage',
    {
      schema: {
        tags,
        summary: 'Curated playlists of the home page',
        response: { 200: z.array(playlistSummarySchema) },
      },
    },
    async () => catalog.listPublicPlaylists(deps, 'homepage'),
  );

  app.get(
    '/api/v1/playlist/public/:product',
    {
      schema: {
        tags,
        summary: 'Curated public playlists of music or of sound effects',
        params: publicPlaylistParamsSchema,
        response: { 200: z.array(playlistSummarySchema), 400: errorBodySchema },
      },
    },
    async (request) => catalog.listPublicPlaylists(deps, request.params.product),
  );

  // GET /api/v1/playlist/:id is the playlists feature's: it answers users' playlists and curated ones alike.
}
