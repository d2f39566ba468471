import { errorBodySchema } from '@cuewave/contract/errors';
import {
  paymentIdParamsSchema,
  paymentMethodParamsSchema,
  paymentMethodTokenParamsSchema,
  paymentSchema,
  paymentStatusQuerySchema,
  paymentStatusResponseSchema,
  sandboxCardInputSchema,
  sandboxConfirmBodySchema,
  sandboxTokenSchema,
  storedPaymentMethodListSchema,
  storedPaymentMethodSchema,
} from '@cuewave/contract/payment';
import type { ZodApp } from '../../app';
import { AppError } from '../../lib/errors';
import { isSandboxProcessor, type SandboxProcessor } from '../../providers/payments/sandbox-processor';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import type { FeatureDeps } from '../register';
import { confirmPayment, latestPaymentStatus } from './charge.service';
import { deleteMethod, listMethods, saveMethod, setDefaultMethod } from './payment-methods.service';
import { paymentProviderFor } from './payment-provider';

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
