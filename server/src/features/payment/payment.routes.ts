import { z } from 'zod';
import { errorBodySchema } from '@cuewave/contract/errors';
import {
  paymentIdParamsSchema,
  paymentMethodParamsSchema,
  paymentMethodTokenParamsSchema,
  paymentSchema,
  paymentStatusQuerySchema,
  paymentConfigSchema,
  paymentStatusResponseSchema,
  receiptListSchema,
  sandboxCardInputSchema,
  sandboxConfirmBodySchema,
  sandboxTokenSchema,
  storedPaymentMethodListSchema,
  storedPaymentMethodSchema,
  stripeSetupSchema,
} from '@cuewave/contract/payment';
import type { FeatureDeps, ZodApp } from '../../deps';
import { AppError } from '../../lib/errors';
import { isSandboxProcessor, type SandboxProcessor } from '../../providers/payments/sandbox-processor';
import { isStripeProcessor, type StripeProcessor } from '../../providers/payments/stripe-processor';
import { getAccount } from '../account/account.service';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import { confirmPayment, latestPaymentStatus } from './charge.service';
import { deleteMethod, listMethods, saveMethod, setDefaultMethod } from './payment-methods.service';
import { paymentProviderFor } from './payment-provider';
import { listReceipts, receiptPdf } from './receipt.service';
import { handleStripeWebhook } from './stripe-webhook.service';

const tags = ['payments'];
const e = errorBodySchema;

/** Card tokens per client address: plenty for a person, a brake on card testing. */
const TOKENS_PER_IP = { limit: 30, windowSeconds: 10 * 60 };

/**
 * Saved cards and payment status (spec §7 Payment and billing; the /stripe/ route names work with
 * either provider) and, with the sandbox processor, its card vault and confirmation step.
 */
export async function registerPaymentRoutes(app: ZodApp, deps: FeatureDeps): Promise<void> {
  const preHandler = requireAuth(deps);
  const provider = paymentProviderFor(deps);
  if (isSandboxProcessor(provider)) registerSandboxRoutes(app, deps, provider);
  if (isStripeProcessor(provider)) await registerStripeRoutes(app, deps, provider);

  app.get(
    '/api/v1/payment/config',
    {
      schema: {
        tags,
        summary: 'Which card processor the server uses',
        description:
          'provider sandbox: the card form posts to /v1/payment/sandbox/tokens. provider stripe: load stripe.js with ' +
          'publishableKey, collect the card with a SetupIntent from POST /v1/payment/stripe/setup. No bearer needed.',
        response: { 200: paymentConfigSchema },
      },
    },
    async () => ({
      provider: provider.kind,
      publishableKey: isStripeProcessor(provider) ? provider.publishableKey : null,
    }),
  );

  app.get(
    '/api/v1/payment/stripe/method',
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in user's saved cards",
        description: 'Brand, last four digits and expiry only; the default card first. Bearer token required.',
        response: { 200: storedPaymentMethodListSchema, 401: e },
      },
    },
    async (request) => listMethods(deps, accountIdOf(request)),
  );

  app.post(
    '/api/v1/payment/stripe/method/:token',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Save a card from the token the card form produced',
        description:
          'The first card becomes the default. 201 with the new card; 200 with the existing card when the same ' +
          'card was saved before. 400 for a token that is not valid, has expired or was used. Bearer token required.',
        params: paymentMethodTokenParamsSchema,
        response: { 200: storedPaymentMethodSchema, 201: storedPaymentMethodSchema, 400: e, 401: e, 409: e },
      },
    },
    async (request, reply) => {
      const { method, created } = await saveMethod(deps, accountIdOf(request), request.params.token);
      return reply.status(created ? 201 : 200).send(method);
    },
  );

  app.delete(
    '/api/v1/payment/stripe/method/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Remove a saved card; answers the cards left',
        description:
          'Removing the default card makes the newest other card the default. The only card cannot be removed ' +
          'while a paid subscription is active (409). Bearer token required.',
        params: paymentMethodParamsSchema,
        response: { 200: storedPaymentMethodListSchema, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request) => deleteMethod(deps, accountIdOf(request), request.params.id),
  );

  app.post(
    '/api/v1/payment/stripe/method/:id/default',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Make a saved card the default; answers every card',
        params: paymentMethodParamsSchema,
        response: { 200: storedPaymentMethodListSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => setDefaultMethod(deps, accountIdOf(request), request.params.id),
  );

  const statusRoute = (path: string, kind: 'subscription' | 'one-off', summary: string) =>
    app.get(
      path,
      {
        preHandler,
        schema: {
          tags,
          summary,
          description:
            'status: none (no such payment yet), pending, requires_action (action says what to show), succeeded or failed (failureCode and message). coupon is accepted and does not change the answer. Bearer token required.',
          querystring: paymentStatusQuerySchema,
          response: { 200: paymentStatusResponseSchema, 400: e, 401: e },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'private, no-store');
        return latestPaymentStatus(deps, accountIdOf(request), kind);
      },
    );
  statusRoute(
    '/api/v1/payment/stripe/subscription',
    'subscription',
    "Status of the user's latest subscription payment",
  );
  statusRoute('/api/v1/payment/stripe/payment', 'one-off', "Status of the user's latest one-off payment");

  app.get(
    '/api/v1/payment/receipt',
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in user's receipts, newest first",
        description:
          'Every succeeded payment with its receipt number; the PDF of each is at /api/v1/payment/receipt/{id}. ' +
          'Bearer token required.',
        response: { 200: receiptListSchema, 401: e },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return listReceipts(deps, accountIdOf(request));
    },
  );

  app.get(
    '/api/v1/payment/receipt/:paymentId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'A receipt or VAT invoice as a PDF',
        description:
          'Seller, buyer (as billed when paid), receipt or invoice number and date, the item at its list price ' +
          'with the coupon and credit taken off, the tax line (an invoice: net, VAT and gross per rate; reverse ' +
          'charge noted), the total and the card. 404 for a payment that is not the signed-in user’s or ' +
          'has no receipt (not succeeded); 400 for an id that is not a uuid. Bearer token required.',
        params: paymentIdParamsSchema,
        response: { 200: z.unknown().describe('application/pdf'), 400: e, 401: e, 404: e },
      },
    },
    async (request, reply) => {
      const { receiptNumber, documentKind, pdf } = await receiptPdf(
        deps,
        accountIdOf(request),
        request.params.paymentId,
      );
      // Invoice numbers hold slashes (FV/2026/11/000001): not in a file name.
      const filename = `${documentKind}-${receiptNumber.replaceAll('/', '-')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}

function registerSandboxRoutes(app: ZodApp, deps: FeatureDeps, sandbox: SandboxProcessor): void {
  app.post(
    '/api/v1/payment/sandbox/tokens',
    {
      schema: {
        tags,
        summary: 'Sandbox card vault: a single-use card token for the card form',
        description:
          'Checks the number (Luhn, 12–19 digits, Visa/Mastercard/Amex/Discover), expiry and CVC (3 digits, 4 for ' +
          'Amex) and answers an encrypted token valid for 15 minutes and one use. Nothing is stored; the number is ' +
          'never kept or logged. Test cards: decision 043. No bearer needed (like a card vault).',
        body: sandboxCardInputSchema,
        response: { 201: sandboxTokenSchema, 400: e, 429: e },
      },
    },
    async (request, reply) => {
      const limit = await deps.providers.rateLimiter.hit(`payment:sandbox-tokens:ip:${request.ip}`, TOKENS_PER_IP);
      if (!limit.allowed) {
        throw new AppError('TOO_MANY_REQUESTS', 'Too many cards entered. Try again later.', {
          'retry-after': String(limit.retryAfterSeconds),
        });
      }
      const result = await sandbox.tokenize(request.body);
      if (!result.ok) {
        const issues = result.problems.map((p) => `${p.field}: ${p.message}`).join('; ');
        throw new AppError('VALIDATION_FAILED', `Invalid body: ${issues}`);
      }
      return reply.status(201).send({
        token: result.token,
        brand: result.brand,
        last4: result.last4,
        expMonth: result.expMonth,
        expYear: result.expYear,
        expiresAt: result.expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/api/v1/payment/sandbox/confirm/:paymentId',
    {
      preHandler: requireAuth(deps),
      schema: {
        tags,
        summary: "Sandbox 3-D Secure step: the cardholder's answer for a payment in requires_action",
        description:
          'approve true settles the payment as succeeded, false as failed (authentication_failed). A payment no ' +
          "longer waiting is answered as it is. Bearer token required; 404 for anyone else's payment.",
        params: paymentIdParamsSchema,
        body: sandboxConfirmBodySchema,
        response: { 200: paymentSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => confirmPayment(deps, accountIdOf(request), request.params.paymentId, request.body.approve),
  );
}

/** Webhook events are small; Stripe's largest payloads are well under this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

async function registerStripeRoutes(app: ZodApp, deps: FeatureDeps, stripe: StripeProcessor): Promise<void> {
  const preHandler = requireAuth(deps);

  app.post(
    '/api/v1/payment/stripe/setup',
    {
      preHandler,
      schema: {
        tags,
        summary: "Stripe: a SetupIntent for stripe.js's card form",
        description:
          'Confirm it with stripe.confirmCardSetup(clientSecret) (3-D Secure at set-up happens there), then save the ' +
          'card with POST /v1/payment/stripe/method/{setupIntentId}. Bearer token required.',
        response: { 201: stripeSetupSchema, 401: e, 503: e },
      },
    },
    async (request, reply) => {
      const accountId = accountIdOf(request);
      const account = await getAccount(deps, accountId);
      let setup;
      try {
        setup = await stripe.startCardSetup({ accountId, email: account.email });
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The card processor did not answer. Try again in a minute.');
      }
      return reply.status(201).header('cache-control', 'private, no-store').send(setup);
    },
  );

  app.post(
    '/api/v1/payment/stripe/confirm/:paymentId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Stripe: read a payment again after the 3-D Secure step in stripe.js',
        description:
          'Call it once stripe.handleNextAction (or confirmCardPayment) with the payment’s clientSecret has ' +
          'finished: the PaymentIntent is re-read from Stripe and its outcome recorded. A payment no longer ' +
          "waiting is answered as it is. Bearer token required; 404 for anyone else's payment.",
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema, 400: e, 401: e, 404: e, 503: e },
      },
    },
    async (request) => confirmPayment(deps, accountIdOf(request), request.params.paymentId, true),
  );

  // The signature covers the exact bytes Stripe sent, so this route keeps the body raw: its own
  // scope replaces the JSON parser for every content type.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/v1/payment/stripe/webhook',
      {
        schema: {
          tags,
          summary: 'Stripe webhook (payment_intent.* events)',
          description:
            'Verified with the Stripe-Signature header and STRIPE_WEBHOOK_SECRET (400 otherwise). The PaymentIntent ' +
            'is read again from Stripe and its state recorded on the payment; other event types answer 200 with ' +
            'handled false. 503 when Stripe cannot be reached (Stripe retries).',
          response: {
            200: z.object({ received: z.literal(true), handled: z.boolean() }),
            400: e,
            503: e,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return handleStripeWebhook(deps, stripe, body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
