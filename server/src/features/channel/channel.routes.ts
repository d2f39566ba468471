import { z } from 'zod';
import { errorBodySchema } from '@cuewave/contract/errors';
import { addChannelBodySchema, channelListSchema, channelSchema } from '@cuewave/contract/licence';
import type { FeatureDeps, ZodApp } from '../../deps';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import { listChannels } from './channel-list';
import { addChannel, removeChannel } from './channel.service';

const tags = ['subscription'];
const e = errorBodySchema;

/** The channels a subscriber's licence covers (issue 4; decision 044). */
export async function registerChannelRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  const preHandler = requireAuth(deps);

  app.get(
    '/api/v1/subscription/channels',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The channels the licence covers, oldest first',
        description: 'Bearer token required.',
        response: { 200: channelListSchema, 401: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listChannels(deps, accountIdOf(request));
    },
  );

  app.post(
    '/api/v1/subscription/channels',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Add a channel to the licence',
        description:
          'The address must be https and belong to the platform of `type` (youtube.com/@handle, /channel/UC…, /c/…; ' +
          'tiktok.com/@name; instagram.com/name; facebook.com/page; twitch.tv/name; x.com or twitter.com/name; ' +
          'vimeo.com/name); podcast and website take any public https address (no IP addresses, local names or ' +
          'credentials). It is stored normalised. 400 VALIDATION_FAILED for a bad address, 403 FORBIDDEN without a ' +
          'current subscription, 409 CONFLICT for a channel already added or when the plan’s channel limit is ' +
          'reached (trial 1, start 1, advanced 3, professional 5, enterprise 15). Bearer token required.',
        body: addChannelBodySchema,
        response: { 201: channelSchema, 400: e, 401: e, 403: e, 409: e },
      },
    },
    async (request, reply) => reply.status(201).send(await addChannel(deps, accountIdOf(request), request.body)),
  );

  app.delete(
    '/api/v1/subscription/channels/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a channel from the licence',
        description:
          'A certificate that lists the channel is marked superseded at once; download a new one. 404 for a channel ' +
          'that is not the signed-in user’s. Bearer token required.',
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null().describe('Removed'), 401: e, 404: e },
      },
    },
    async (request, reply) => {
      await removeChannel(deps, accountIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
