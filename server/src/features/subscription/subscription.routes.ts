import { subscriptionSummarySchema } from '@cuewave/contract/account';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { ZodApp } from '../../app';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import { currentSubscription, startTrial, type SubscriptionDeps } from './subscription.service';

const tags = ['subscription'];

/** The subscription calls the accounts issue needs: the current subscription and the free trial. */
export async function registerSubscriptionRoutes(app: ZodApp, deps: SubscriptionDeps): Promise<void> {
  const preHandler = requireAuth(deps);

  app.get(
    '/api/v1/subscription',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The current subscription, or null',
        description: 'Bearer token required.',
        response: { 200: subscriptionSummarySchema.nullable(), 401: errorBodySchema },
      },
    },
    async (request) => currentSubscription(deps, accountIdOf(request)),
  );

  app.post(
    '/api/v1/subscription/new/trial',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Start the 30-day free trial',
        description:
          'Needs a confirmed email (403 account not confirmed) and a confirmed phone (400 PHONE_REQUIRED); ' +
          'one trial per account ever (409 TRIAL_ALREADY_USED). Bearer token required.',
        response: {
          201: subscriptionSummarySchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await startTrial(deps, accountIdOf(request))),
  );
}
