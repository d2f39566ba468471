import { errorBodySchema } from '@cuewave/contract/errors';
import {
  planListSchema,
  priceQuoteParamsSchema,
  priceQuoteQuerySchema,
  priceQuoteSchema,
} from '@cuewave/contract/pricing';
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../../deps';
import { authenticate } from '../auth/require-auth';
import { invalidToken } from '../auth/sessions.service';
import { requestCountry } from '../billing/geolocation';
import { listPlans, quotePrice, type PricingDeps } from './pricing.service';

const tags = ['subscription'];
const e = errorBodySchema;

/**
 * The bearer is optional on the quote. A token sent in the Authorization header that no longer
 * verifies answers 401, so the client refreshes and retries (spec §4) instead of silently getting a
 * visitor's price; a stale cookie alone counts as a visitor.
 */
async function optionalAccount(deps: PricingDeps, request: FastifyRequest): Promise<string | null> {
  const auth = await authenticate(deps, request);
  if (auth) return auth.accountId;
  if (request.headers.authorization) throw invalidToken();
  return null;
}

/** Plans and price quotes (spec §7 Subscription): public calls, personalised when signed in. */
export async function registerPricingRoutes(app: ZodApp, deps: PricingDeps): Promise<void> {
  app.get(
    '/api/v1/subscription/plans',
    {
      schema: {
        tags,
        summary: 'The plans with their prices in every currency, sorted by monthly PLN price',
        description:
          'Prices are list prices in minor units before tax. Enterprise has no card price (purchase: contact).',
        response: { 200: planListSchema },
      },
    },
    async () => listPlans(),
  );

  app.get(
    '/api/v1/subscription/price/:plan/:period',
    {
      schema: {
        tags,
        summary: 'Price quote for a plan and period, with coupon, upgrade credit and tax',
        description:
          'Amounts in minor units: price = fullPrice - off, total = price + tax. Tax follows the billing details ' +
          'when signed in, else the visitor country (CDN header or GeoIP, else US). A coupon that does not apply ' +
          'still answers 200, without discount, with coupon.valid = false and the reason. 400 for the trial and ' +
          'enterprise (not sold by card), an unknown plan, period or currency, and upgrade=true without an active ' +
          'paid subscription. Bearer token optional (401 verify jwt token when the one sent is no longer valid).',
        params: priceQuoteParamsSchema,
        querystring: priceQuoteQuerySchema,
        response: { 200: priceQuoteSchema, 400: e, 401: e },
      },
    },
    async (request) => {
      const accountId = await optionalAccount(deps, request);
      return quotePrice(deps, {
        accountId,
        plan: request.params.plan,
        period: request.params.period,
        currency: request.query.currency,
        coupon: request.query.coupon,
        upgrade: request.query.upgrade ?? false,
        requestCountry: requestCountry(request),
      });
    },
  );
}
