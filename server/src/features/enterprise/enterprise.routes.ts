import { errorBodySchema } from '@cuewave/contract/errors';
import { enterpriseContactBodySchema, enterpriseContactResultSchema } from '@cuewave/contract/enterprise';
import type { ZodApp } from '../../deps';
import { submitEnterpriseEnquiry, type EnterpriseDeps } from './enterprise.service';
import { requestLanguage } from '../../lib/request-language';

const e = errorBodySchema;

/** The enterprise contact form (decision 041: Enterprise is sold by contact, not by card). Public. */
export async function registerEnterpriseRoutes(app: ZodApp, deps: EnterpriseDeps): Promise<void> {
  app.post(
    '/api/v1/enterprise/contact',
    {
      schema: {
        tags: ['enterprise'],
        summary: 'Send an Enterprise enquiry to sales',
        description:
          'Captcha required (400 recaptcha error). 5 per IP and hour, 3 per email a day (429 with Retry-After). ' +
          'Emails sales and sends the visitor a copy; answers 202.',
        body: enterpriseContactBodySchema,
        response: { 202: enterpriseContactResultSchema, 400: e, 429: e },
      },
    },
    async (request, reply) => {
      await submitEnterpriseEnquiry(deps, request.body, request.ip, requestLanguage(request));
      return reply.status(202).send({ received: true as const });
    },
  );
}
