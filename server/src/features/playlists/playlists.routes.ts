import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { USER_TOKEN_COOKIE } from '@cuewave/contract/account';
import { errorBodySchema } from '@cuewave/contract/errors';
import {
  addItemQuerySchema,
  createPlaylistBodySchema,
  favoriteItemParamsSchema,
  noteBodySchema,
  playlistItemParamsSchema,
  playlistParamsSchema,
  PLAYLISTS_PER_USER_MAX,
  productNoteParamsSchema,
  productNoteSchema,
  productNotesQuerySchema,
  productNotesSchema,
  updatePlaylistBodySchema,
  userPlaylistSchema,
  userPlaylistSummarySchema,
} from '@cuewave/contract/playlists';
import type { FeatureDeps, ZodApp } from '../../deps';
import { AppError } from '../../lib/errors';
import type { CatalogDeps } from '../catalog/catalog.service';
import { accountIdOf, authenticate, requireAuth } from '../auth/require-auth';
import { readCookie } from '../auth/cookies';
import { invalidToken } from '../auth/sessions.service';
import * as playlists from './playlists.service';

const tags = ['playlists'];
const e = errorBodySchema;
/** What every signed-in call may answer besides its 200. */
const authErrors = { 400: e, 401: e, 404: e };

/**
 * Bodies with products skip the zod serializer, like the catalogue's listings (catalog.routes.ts): a
 * playlist of 500 products validated field by field costs far more than the query. The tests check
 * these bodies against the contract's schema.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** Whether the request carries a token at all (valid or not): the header, or the cookie server rendering forwards. */
const sentToken = (request: FastifyRequest) =>
  request.headers.authorization !== undefined || readCookie(request, USER_TOKEN_COOKIE) !== undefined;

/** Users' playlists, Favorites and product notes (spec §7 Playlists, issue 12, decision 054). */
export async function registerPlaylistRoutes(app: ZodApp, base: FeatureDeps & { catalog: CatalogDeps }): Promise<void> {
  const deps: playlists.PlaylistsDeps = { db: base.db, clock: base.clock, catalog: base.catalog };
  const preHandler = requireAuth(base);

  app.get(
    '/api/v1/playlist',
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in user's playlists, most recently changed first",
        description:
          'Favorites is among them (favorites: true) once it exists. No product data: GET /v1/playlist/{id} has it.',
        response: { 200: z.array(userPlaylistSummarySchema), 401: e },
      },
    },
    async (request) => playlists.listPlaylists(deps, accountIdOf(request)),
  );

  app.post(
    '/api/v1/playlist',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Create a playlist',
        description: `Name 1–100 characters (trimmed), description up to 1000; private unless public is true. 409 PLAYLIST_LIMIT past ${PLAYLISTS_PER_USER_MAX} playlists; 409 CONFLICT for the name Favorites.`,
        body: createPlaylistBodySchema,
        response: { 201: userPlaylistSchema, 400: e, 401: e, 409: e },
      },
    },
    async (request, reply) => {
      const created = await playlists.createPlaylist(deps, accountIdOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/v1/playlist/favorites',
    {
      ...plainJson,
      preHandler,
      schema: {
        tags,
        summary: "The signed-in user's Favorites with its products",
        description: 'Created empty on first use, so the answer is always a playlist.',
        response: { 200: userPlaylistSchema, 401: e },
      },
    },
    async (request) => playlists.getFavorites(deps, accountIdOf(request)),
  );

  app.post(
    '/api/v1/playlist/favorites/:productId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a product to Favorites (creating Favorites on first use)',
        description: 'Idempotent: a product already there stays where it is. 404 for an unknown product.',
        params: favoriteItemParamsSchema,
        querystring: addItemQuerySchema,
        response: { 200: userPlaylistSummarySchema, ...authErrors, 409: e },
      },
    },
    async (request) =>
      playlists.addFavorite(deps, accountIdOf(request), request.params.productId, request.query.position),
  );

  app.delete(
    '/api/v1/playlist/favorites/:productId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a product from Favorites',
        description: 'Idempotent: removing a product that is not there answers the playlist unchanged.',
        params: favoriteItemParamsSchema,
        response: { 200: userPlaylistSummarySchema, ...authErrors },
      },
    },
    async (request) => playlists.removeFavorite(deps, accountIdOf(request), request.params.productId),
  );

  app.get(
    '/api/v1/playlist/:id',
    {
      ...plainJson,
      schema: {
        tags: ['playlists', 'catalog'],
        summary: 'A playlist with its products (token optional)',
        description:
          "A user's public playlist or a curated public one, for anyone; a private playlist only for its owner. " +
          'Anything else is 404 NOT_FOUND — or 401 when a token was sent but is no longer valid.',
        params: playlistParamsSchema,
        response: { 200: userPlaylistSchema, 401: e, 404: e },
      },
    },
    async (request) => {
      const viewer = await authenticate(base, request);
      try {
        return await playlists.getPlaylist(deps, request.params.id, viewer?.accountId ?? null);
      } catch (error) {
        // An expired token must not make an owner think their private playlist is gone: 401, refresh, retry.
        if (error instanceof AppError && error.code === 'NOT_FOUND' && !viewer && sentToken(request)) {
          throw invalidToken();
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/v1/playlist/:id',
    {
      ...plainJson,
      preHandler,
      schema: {
        tags,
        summary: 'Update a playlist: name, description, public, items (the full ordered list)',
        description:
          'Every field is optional. items replaces the list (duplicates dropped, at most 500); unknown product ids ' +
          'answer 400 UNKNOWN_PRODUCTS naming them. Favorites cannot be renamed (409 CONFLICT).',
        params: playlistParamsSchema,
        body: updatePlaylistBodySchema,
        response: { 200: userPlaylistSchema, ...authErrors, 409: e },
      },
    },
    async (request) => playlists.updatePlaylist(deps, accountIdOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/playlist/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Delete a playlist',
        params: playlistParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...authErrors },
      },
    },
    async (request, reply) => {
      await playlists.deletePlaylist(deps, accountIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/playlist/:id/note',
    {
      preHandler,
      schema: {
        tags,
        summary: "Set the owner's note on a playlist (an empty note clears it)",
        params: playlistParamsSchema,
        body: noteBodySchema,
        response: { 200: userPlaylistSummarySchema, ...authErrors },
      },
    },
    async (request) => playlists.setPlaylistNote(deps, accountIdOf(request), request.params.id, request.body.note),
  );

  app.post(
    '/api/v1/playlist/:id/:productId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a product to a playlist',
        description:
          'Idempotent (two tabs adding the same track make one row). position inserts at that 0-based index ' +
          '(Undo puts a removed track back); default the end. 409 PLAYLIST_FULL at 500 tracks.',
        params: playlistItemParamsSchema,
        querystring: addItemQuerySchema,
        response: { 200: userPlaylistSummarySchema, ...authErrors, 409: e },
      },
    },
    async (request) =>
      playlists.addItem(
        deps,
        accountIdOf(request),
        request.params.id,
        request.params.productId,
        request.query.position,
      ),
  );

  app.delete(
    '/api/v1/playlist/:id/:productId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a product from a playlist',
        description: 'Idempotent: removing a product that is not there answers the playlist unchanged.',
        params: playlistItemParamsSchema,
        response: { 200: userPlaylistSummarySchema, ...authErrors },
      },
    },
    async (request) => playlists.removeItem(deps, accountIdOf(request), request.params.id, request.params.productId),
  );

  app.get(
    '/api/v1/product/notes',
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in user's notes on these products",
        description: 'ids: up to 100 comma-separated product ids. Products without a note are left out.',
        querystring: productNotesQuerySchema,
        response: { 200: productNotesSchema, 400: e, 401: e },
      },
    },
    async (request) => playlists.getProductNotes(deps, accountIdOf(request), request.query.ids),
  );

  app.post(
    '/api/v1/product/:id/note',
    {
      preHandler,
      schema: {
        tags,
        summary: "Set the signed-in user's private note on a product (an empty note deletes it)",
        params: productNoteParamsSchema,
        body: noteBodySchema,
        response: { 200: productNoteSchema, ...authErrors },
      },
    },
    async (request) => playlists.setProductNote(deps, accountIdOf(request), request.params.id, request.body.note),
  );
}
