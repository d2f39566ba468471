import { z } from 'zod';
import { errorBodySchema } from '@cuewave/contract/errors';
import { licenceVerificationSchema } from '@cuewave/contract/licence';
import type { FeatureDeps, ZodApp } from '../../deps';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import { licenceCertificate, verifyLicence } from './licence.service';

const e = errorBodySchema;

/** Licence certificates (PDF) and their public verification (issue 4; decision 044). */
export async function registerLicenceRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  const preHandler = requireAuth(deps);

  app.get(
    '/api/v1/subscription/license/:id',
    {
      preHandler,
      schema: {
        tags: ['subscription'],
        summary: 'The licence certificate of a subscription (PDF)',
        description:
          '`id` is the subscription id. Issues a certificate with a public code for the subscription as it stands ' +
          '(licensee, plan, period, channels) or reuses the current one when nothing changed; a change issues a new ' +
          'code and marks the older certificate superseded. 404 for a subscription that is not the signed-in ' +
          'user’s; 409 before the first payment or for an ended subscription without a certificate. Bearer token ' +
          'required.',
        params: z.object({ id: z.string().max(100) }),
        response: {
          200: z.unknown().describe('application/pdf'),
          401: e,
          404: e,
          409: e,
        },
      },
    },
    async (request, reply) => {
      const { code, pdf } = await licenceCertificate(deps, accountIdOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="cuewave-licence-${code}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/api/v1/license/verify/:code',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Check a licence certificate by its code (public)',
        description:
          'status: valid, expired or superseded (a newer certificate replaced it). An email licensee is masked. ' +
          'Unknown and malformed codes both answer 404 NOT_FOUND. Limited to 60 checks a minute per IP ' +
          '(429 TOO_MANY_REQUESTS with Retry-After).',
        params: z.object({ code: z.string().max(100) }),
        response: { 200: licenceVerificationSchema, 404: e, 429: e },
      },
    },
    async (request, reply) => {
      const result = await verifyLicence(deps, request.ip, request.params.code);
      // The answer changes when a certificate is replaced or runs out: never cached; not for search engines.
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return result;
    },
  );
}
