import { subscriptionSummarySchema } from '@cuewave/contract/account';
import { errorBodySchema } from '@cuewave/contract/errors';
import { paymentSchema } from '@cuewave/contract/payment';
import {
  cancelParamsSchema,
  cancelQuerySchema,
  chargeBodySchema,
  downgradeBodySchema,
  newSubscriptionQuerySchema,
  periodChangeParamsSchema,
  planChangeParamsSchema,
  subscriptionActionResultSchema,
  subscriptionDetailSchema,
  subscriptionHistorySchema,
} from '@cuewave/contract/subscription';
import type { ZodApp } from '../../deps';
import { accountIdOf, requireAuth } from '../auth/require-auth';
import {
  cancelById,
  cancelDowngrade,
  cancelPeriodChange,
  cancelRenewal,
  changePeriod,
  currentPayment,
  downgrade,
  getCurrentDetail,
  listMySubscriptions,
  newSubscription,
  renew,
  upgrade,
} from './subscription-actions';
import type { SubscriptionActionDeps } from './subscription-charges';
import { startTrial } from './subscription.service';

const tags = ['subscription'];
const e = errorBodySchema;
const BEARER = ' Bearer token required.';
const detail = subscriptionDetailSchema;
const result = subscriptionActionResultSchema;
/** A POST may come without a body (or with an empty JSON object): every field is optional. */
const chargeBody = chargeBodySchema.nullish();
const upgradeQuery = newSubscriptionQuerySchema.pick({ coupon: true });

/** Subscriptions (spec §7 Subscription; decision 045 holds the states and what each call does). */
export async function registerSubscriptionRoutes(app: ZodApp, deps: SubscriptionActionDeps): Promise<void> {
  const preHandler = requireAuth(deps);
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/api/v1/subscription',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The current subscription, or null',
        description:
          'The running one (active, payment, cancelled), else a pending one waiting for its first payment.' + BEARER,
        response: { 200: detail.nullable(), 401: e },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await getCurrentDetail(deps, accountIdOf(request))),
  );

  app.get(
    '/api/v1/subscription/payment',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The payment the current subscription waits on, or null',
        description:
          'For a pending subscription: its first charge (waiting for 3-D Secure, or declined). For status payment: ' +
          'the failed renewal. Null otherwise.' +
          BEARER,
        response: { 200: paymentSchema.nullable(), 401: e },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await currentPayment(deps, accountIdOf(request))),
  );

  app.get(
    '/api/v1/subscription/list/my',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Every subscription of the account, newest first',
        description: BEARER.trim(),
        response: { 200: subscriptionHistorySchema, 401: e },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listMySubscriptions(deps, accountIdOf(request))),
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
          'one trial per account ever, and one per card when the account has saved cards (409 TRIAL_ALREADY_USED).' +
          BEARER,
        response: {
          201: subscriptionSummarySchema,
          400: e,
          401: e,
          403: e,
          409: e,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await startTrial(deps, accountIdOf(request))),
  );

  app.post(
    '/api/v1/subscription/new/:plan/:period',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Buy a plan by card',
        description:
          'Charges the price quote (same query as GET /v1/subscription/price) to the default card or `paymentMethodId`. ' +
          '201: active. 202: the card asks for a 3-D Secure confirmation (`payment.action`); after it, repeat the same ' +
          'call (it answers 201). 402 PAYMENT_FAILED: declined, the subscription stays pending so another card can be ' +
          'tried. 400: billing details missing, no card, trial or enterprise, a discount code that does not apply. ' +
          '409 ACTIVE_SUBSCRIPTION with a running paid plan (a trial ends when the paid plan starts). A double click ' +
          'charges once.' +
          BEARER,
        params: planChangeParamsSchema,
        querystring: newSubscriptionQuerySchema,
        body: chargeBody,
        response: { 201: result, 202: result, 400: e, 401: e, 402: e, 404: e, 409: e, 503: e },
      },
    },
    async (request, reply) => {
      const { statusCode, body } = await newSubscription(deps, accountIdOf(request), {
        ...request.params,
        ...request.query,
        paymentMethodId: request.body?.paymentMethodId,
      });
      return reply.status(statusCode).send(body);
    },
  );

  app.post(
    '/api/v1/subscription/upgrade/:plan/:period',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Upgrade now to a higher plan (prorated)',
        description:
          'Charges the upgrade quote (GET /v1/subscription/price with upgrade=true: the unused part of the period paid ' +
          'is credited) and starts a new period now; a pending downgrade or period change is dropped. 201, 202 (3-D ' +
          'Secure, then repeat the call), 402 PAYMENT_FAILED as for a new subscription. 400 for a plan that is not ' +
          'higher; 409 CONFLICT for a trial, a cancelled subscription or one whose renewal failed.' +
          BEARER,
        params: planChangeParamsSchema,
        querystring: upgradeQuery,
        body: chargeBody,
        response: { 201: result, 202: result, 400: e, 401: e, 402: e, 404: e, 409: e, 503: e },
      },
    },
    async (request, reply) => {
      const { statusCode, body } = await upgrade(deps, accountIdOf(request), {
        ...request.params,
        ...request.query,
        paymentMethodId: request.body?.paymentMethodId,
      });
      return reply.status(statusCode).send(body);
    },
  );

  app.post(
    '/api/v1/subscription/downgrade/:plan/:period',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Downgrade to a lower plan at the end of the period',
        description:
          '`channels`: the account’s channels to keep, at most the new plan’s limit; the others are removed when ' +
          'the downgrade applies. Replaces a pending period change. 400 for a plan that is not lower, a channel that is ' +
          'not the account’s or too many channels; 409 CONFLICT for a trial, a cancelled subscription or one whose ' +
          'renewal failed.' +
          BEARER,
        params: planChangeParamsSchema,
        body: downgradeBodySchema,
        response: { 200: detail, 400: e, 401: e, 409: e },
      },
    },
    async (request) => downgrade(deps, accountIdOf(request), { ...request.params, channels: request.body.channels }),
  );

  app.delete(
    '/api/v1/subscription/cancel/downgrade',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Drop the pending downgrade',
        description: '409 CONFLICT when there is none.' + BEARER,
        response: { 200: detail, 401: e, 409: e },
      },
    },
    async (request) => cancelDowngrade(deps, accountIdOf(request)),
  );

  app.post(
    '/api/v1/subscription/period/:period',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Switch between monthly and yearly billing at the end of the period',
        description:
          'With a downgrade pending, it changes the downgrade’s period. 409 CONFLICT when it already renews so, ' +
          'and for a trial, a cancelled subscription or one whose renewal failed.' +
          BEARER,
        params: periodChangeParamsSchema,
        response: { 200: detail, 400: e, 401: e, 409: e },
      },
    },
    async (request) => changePeriod(deps, accountIdOf(request), request.params.period),
  );

  app.delete(
    '/api/v1/subscription/cancel/period',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Drop the pending period change',
        description: '409 CONFLICT when there is none.' + BEARER,
        response: { 200: detail, 401: e, 409: e },
      },
    },
    async (request) => cancelPeriodChange(deps, accountIdOf(request)),
  );

  app.delete(
    '/api/v1/subscription/cancel/renew',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Turn renewal off: the subscription runs to the end of the period, then ends',
        description:
          'Status cancelled; pending changes are dropped. A subscription whose renewal failed, or one still pending ' +
          'its first payment, ends now. 409 CONFLICT for the trial (it ends by itself) or when already cancelled.' +
          BEARER,
        response: { 200: detail, 401: e, 409: e },
      },
    },
    async (request) => cancelRenewal(deps, accountIdOf(request)),
  );

  app.delete(
    '/api/v1/subscription/cancel/:id',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Cancel a subscription by id; force=true ends it now',
        description:
          'Without force: as cancel/renew, for that subscription. With force=true it ends now, without a refund (a ' +
          'pending subscription is abandoned this way). 404 for a subscription that is not the account’s; 409 CONFLICT ' +
          'for an ended one.' +
          BEARER,
        params: cancelParamsSchema,
        querystring: cancelQuerySchema,
        response: { 200: detail, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request) => cancelById(deps, accountIdOf(request), request.params.id, request.query.force ?? false),
  );

  app.post(
    '/api/v1/subscription/renew',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Renew: turn renewal back on, or pay a failed renewal now',
        description:
          'A cancelled subscription renews again (200, nothing charged). One whose renewal failed (status payment) is ' +
          'charged now with the default card: 201 active, 202 3-D Secure (confirm, then repeat), 402 PAYMENT_FAILED. ' +
          '409 CONFLICT for an active subscription, the trial, or none.' +
          BEARER,
        response: { 200: result, 201: result, 202: result, 400: e, 401: e, 402: e, 409: e, 503: e },
      },
    },
    async (request, reply) => {
      const { statusCode, body } = await renew(deps, accountIdOf(request));
      return reply.status(statusCode).send(body);
    },
  );
}
