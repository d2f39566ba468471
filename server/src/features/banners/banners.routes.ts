import {
  activeBannerAnswerSchema,
  bannerIdParamsSchema,
  bannerInputSchema,
  bannerListSchema,
  bannerQuerySchema,
  bannerSchema,
} from '@cuewave/contract/banners';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../auth/require-auth';
import { isOperator } from '../maintenance/maintenance.gate';
import type { Banners } from './banners.service';

const tags = ['banners'];
const e = errorBodySchema;

export type BannerRouteDeps = { db: Db; clock: Clock; banners: Banners; operatorEmails: string[] };

/**
 * Seconds browsers and shared caches may keep the public answer. Short: an operator who ends an offer
 * sees it gone from every page within this plus the server's own BANNER_TTL_MS.
 */
export const BANNER_MAX_AGE = 30;

/** Promotional banners (spec §3, §9; decision 072): the public read and the operators' editing. */
export async function registerBannerRoutes(app: ZodApp, deps: BannerRouteDeps): Promise<void> {
  const operatorsOnly = async (request: FastifyRequest) => {
    if (!(await isOperator(deps, request))) {
      throw new AppError('FORBIDDEN', 'Only operators (OPERATOR_EMAILS) may change banners');
    }
  };
  const guarded = [requireAuth(deps), operatorsOnly];

  app.get(
    '/api/v1/banner',
    {
      schema: {
        tags,
        summary: 'The promotional banner to show now in an edition, or null',
        description:
          'Shown while its window is open and its coupon is valid; the edition of the page picks between banners ' +
          'for all editions and its own (its own wins). Public and cacheable for a short time.',
        querystring: bannerQuerySchema,
        response: { 200: activeBannerAnswerSchema, 400: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${BANNER_MAX_AGE}`);
      return { banner: await deps.banners.active(request.query.edition) };
    },
  );

  app.get(
    '/api/v1/banners',
    {
      preHandler: guarded,
      schema: {
        tags,
        summary: 'Every banner with its state (operators: OPERATOR_EMAILS)',
        response: { 200: bannerListSchema, 401: e, 403: e },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { banners: await deps.banners.list() };
    },
  );

  app.post(
    '/api/v1/banners',
    {
      preHandler: guarded,
      schema: {
        tags,
        summary: 'Schedule a banner (operators)',
        description:
          'The coupon must exist, be valid during the window and give the discount the variant announces (spec §9); ' +
          'the US launch banner is for the US edition only. 400 says what is wrong; warnings what to know.',
        body: bannerInputSchema,
        response: { 201: bannerSchema, 400: e, 401: e, 403: e },
      },
    },
    async (request, reply) => reply.status(201).send(await deps.banners.create(request.body)),
  );

  app.put(
    '/api/v1/banners/:id',
    {
      preHandler: guarded,
      schema: {
        tags,
        summary: 'Change a banner (operators)',
        params: bannerIdParamsSchema,
        body: bannerInputSchema,
        response: { 200: bannerSchema, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request) => deps.banners.update(request.params.id, request.body),
  );

  app.delete(
    '/api/v1/banners/:id',
    {
      preHandler: guarded,
      schema: {
        tags,
        summary: 'Remove a banner (operators)',
        params: bannerIdParamsSchema,
        response: { 204: z.null().describe('Removed'), 401: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      await deps.banners.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
