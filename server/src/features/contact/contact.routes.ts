import { errorBodySchema } from '@cuewave/contract/errors';
import {
  legalFactsSchema,
  contactBodySchema,
  contactResultSchema,
  supportBodySchema,
  supportHistorySchema,
  supportRequestParamsSchema,
  supportRequestSchema,
} from '@cuewave/contract/contact';
import type { FeatureDeps, ZodApp } from '../../deps';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import { getSupportRequest, listSupportRequests, submitContactMessage, submitSupportRequest } from './contact.service';
import { legalFacts } from './legal-facts';
import { requestLanguage } from '../../lib/request-language';

const e = errorBodySchema;

/** The public contact form and signed-in support requests (issue 15, decision 069). */
export async function registerContactRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  app.post(
    '/api/v1/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the Cuewave team',
        description:
          'Public. 5 per client (IP) and hour (429 TOO_MANY_REQUESTS with Retry-After), then captcha (400 recaptcha ' +
          'error). Stored and mailed to SUPPORT_EMAIL; the sender gets an acknowledgement. 503 when the team’s ' +
          'mail cannot be sent (nothing is kept; try again).',
        body: contactBodySchema,
        response: { 202: contactResultSchema, 400: e, 429: e, 503: e },
      },
    },
    async (request, reply) => {
      await submitContactMessage(deps, request.body, {
        ip: request.ip,
        log: request.log,
        language: requestLanguage(request),
      });
      return reply.status(202).send({ received: true as const });
    },
  );

  app.get(
    '/api/v1/site/legal',
    {
      schema: {
        tags: ['contact'],
        summary: 'The seller, contact addresses and the processors this installation uses',
        description: 'Public; what the privacy policy, terms and contact page print. Cached for 5 minutes.',
        response: { 200: legalFactsSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return legalFacts(deps);
    },
  );

  const preHandler = requireAuth(deps);

  app.post(
    '/api/v1/support/requests',
    {
      preHandler,
      schema: {
        tags: ['contact'],
        summary: 'Send a support request from the signed-in account',
        description:
          'The account’s email is the reply address. 10 per account and hour (429). Stored in the account’s ' +
          'history and mailed to SUPPORT_EMAIL.',
        body: supportBodySchema,
        response: { 201: supportRequestSchema, 400: e, 401: e, 429: e, 503: e },
      },
    },
    async (request, reply) => {
      const created = await submitSupportRequest(deps, accountIdOf(request), request.body, request.log);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/v1/support/requests',
    {
      preHandler,
      schema: {
        tags: ['contact'],
        summary: 'The signed-in user’s support requests, newest first (at most 50)',
        response: { 200: supportHistorySchema, 401: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return { items: await listSupportRequests(deps, accountIdOf(request)) };
    },
  );

  app.get(
    '/api/v1/support/requests/:id',
    {
      preHandler,
      schema: {
        tags: ['contact'],
        summary: 'One of the signed-in user’s support requests',
        description: '404 for another account’s request, as for one that does not exist.',
        params: supportRequestParamsSchema,
        response: { 200: supportRequestSchema, 401: e, 404: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return getSupportRequest(deps, accountIdOf(request), request.params.id);
    },
  );
}
