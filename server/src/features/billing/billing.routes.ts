import {
  billingDetailsSchema,
  billingInputSchema,
  billingSaveResultSchema,
  countryListSchema,
  countryTypeParamsSchema,
  geolocationSchema,
  usCountryListSchema,
} from '@cuewave/contract/billing';
import { errorBodySchema } from '@cuewave/contract/errors';
import type { FeatureDeps, ZodApp } from '../../deps';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import { getBilling, saveBilling } from './billing.service';
import { countryList, usCountryList } from './countries';
import { requestCountry } from './geolocation';

/** Billing details, the country lists of the billing form, and the visitor's country (spec §7). */
export async function registerBillingRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  const preHandler = requireAuth(deps);

  app.get(
    '/api/v1/geolocation',
    {
      schema: {
        tags: ['payments'],
        summary: "The visitor's country",
        description:
          'From the CDN country header (cf-ipcountry, cloudfront-viewer-country, x-vercel-ip-country, ' +
          'x-country-code), else GeoIP of the client address; null for private addresses or when unknown.',
        response: { 200: geolocationSchema },
      },
    },
    async (request, reply) => {
      // The answer depends on who asks: no shared cache may keep it.
      void reply.header('cache-control', 'private, no-store');
      return { countryCode: requestCountry(request) };
    },
  );

  app.get(
    '/api/v1/payment/country/:type',
    {
      schema: {
        tags: ['payments'],
        summary: 'Countries for the billing form, by English name',
        description: "taxCode names the tax-number field for a business there; 'none' for personal buyers.",
        params: countryTypeParamsSchema,
        response: { 200: countryListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return countryList(request.params.type);
    },
  );

  app.get(
    '/api/v1/payment/country/:type/us',
    {
      schema: {
        tags: ['payments'],
        summary: "The us edition's country list: the United States first, with its states",
        params: countryTypeParamsSchema,
        response: { 200: usCountryListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return usCountryList(request.params.type);
    },
  );

  app.get(
    '/api/v1/billing',
    {
      preHandler,
      schema: {
        tags: ['payments'],
        summary: "The signed-in user's billing details",
        description: "400 'billing details not found' until they are saved. Bearer token required.",
        response: { 200: billingDetailsSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => getBilling(deps, accountIdOf(request)),
  );

  app.post(
    '/api/v1/billing',
    {
      preHandler,
      schema: {
        tags: ['payments'],
        summary: 'Create or replace the billing details',
        description:
          'Country rules: state required (and only allowed) for the US, postal-code format by country, ' +
          'company name and tax number for businesses. An EU business tax number in the wrong format is ' +
          'saved with taxNumberValid false and a taxNumberMessage. Bearer token required.',
        body: billingInputSchema,
        response: { 200: billingSaveResultSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => saveBilling(deps, accountIdOf(request), request.body),
  );
}
