import { z } from 'zod';
import { errorBodySchema } from '@cuewave/contract/errors';
import {
  SEARCH_AI_TOTAL,
  searchHistoryDeleteQuerySchema,
  searchHistorySchema,
  searchParametersQuerySchema,
  searchParametersSchema,
  searchQuerySchema,
  searchRequestSchema,
  searchResponseSchema,
} from '@cuewave/contract/search';
import type { ZodApp } from '../../deps';
import { accountIdOf, authenticate, requireAuth } from '../auth/require-auth';
import { serializeProductBody } from '../catalog/catalog.routes';
import * as search from './search.service';

const tags = ['search'];
const e = errorBodySchema;
/**
 * Results carry products with waveforms: plain JSON, as the catalogue does (the tests check the schema),
 * with each product's JSON made once per cached product and reused by every answer that lists it.
 */
const plainJson = { serializerCompiler: () => serializeProductBody };

/** Search (issue 13, spec §7 Search): public search, the catalogue's bounds, and a user's history. */
export async function registerSearchRoutes(app: ZodApp, deps: search.SearchDeps): Promise<void> {
  const preHandler = requireAuth(deps);

  app.post(
    '/api/v1/product/search',
    {
      ...plainJson,
      schema: {
        tags,
        summary: 'Search music or sound effects (standard or AI)',
        description:
          'Standard: the prompt against titles, artists, genres, moods, instruments, tags and descriptions, with prefix ' +
          `matching and typo tolerance; count = all matches. AI: chips read from the prompt, then meaning; the best ${SEARCH_AI_TOTAL}. ` +
          'Signed-in users (token optional) have their searches added to their history.',
        querystring: searchQuerySchema,
        body: searchRequestSchema,
        response: { 200: searchResponseSchema, 400: e, 503: e },
      },
    },
    async (request, reply) => {
      const viewer = await authenticate(deps, request);
      const { response, timing } = await search.search(deps, request.body, request.query, viewer?.accountId ?? null);
      // Where the time went: benchmarks report the embedding apart from the search itself.
      reply.header('Server-Timing', `embed;dur=${timing.embedMs.toFixed(2)}, search;dur=${timing.searchMs.toFixed(2)}`);
      return response;
    },
  );

  app.get(
    '/api/v1/product/search/parameters',
    {
      schema: {
        tags,
        summary: 'BPM and duration bounds of the catalogue',
        querystring: searchParametersQuerySchema,
        response: { 200: searchParametersSchema, 400: e },
      },
    },
    async (request) => search.parameters(deps, request.query.type),
  );

  app.get(
    '/api/v1/product/search/history',
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in user's recent searches, newest first",
        response: { 200: searchHistorySchema, 401: e },
      },
    },
    async (request) => search.history(deps, accountIdOf(request)),
  );

  app.delete(
    '/api/v1/product/search/history',
    {
      preHandler,
      schema: {
        tags,
        summary: "Clear the signed-in user's search history (or one entry with ?id=)",
        querystring: searchHistoryDeleteQuerySchema,
        response: { 204: z.null(), 400: e, 401: e },
      },
    },
    async (request, reply) => {
      await search.clearHistory(deps, accountIdOf(request), request.query.id);
      return reply.status(204).send(null);
    },
  );
}
