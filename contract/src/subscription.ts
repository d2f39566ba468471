import { z } from './zod';
import { billingPeriodSchema, planNameSchema, subscriptionSummarySchema } from './account';
import { channelRefSchema } from './licence';
import { paymentSchema } from './payment';
import { currencySchema, periodParamSchema } from './pricing';

/**
 * Subscription management (spec §3 Subscription, §4 subscription actions, §7 Subscription;
 * decision 045 holds the state diagram). The web's dashboard, checkout and banner read these shapes.
 */

export const SUBSCRIPTION_STATUSES = ['active', 'payment', 'pending', 'cancelled', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A change that takes effect at the end of the current period (spec §3 "change action"). */
export const pendingChangeSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('downgrade'),
      plan: planNameSchema,
      period: billingPeriodSchema,
      channels: z.array(channelRefSchema).describe('The channels kept; the others are removed when it applies'),
      effectiveTS: z.string().describe('ISO time it applies: the end of the current period'),
    }),
    z.object({
      type: z.literal('change_cycle'),
      period: billingPeriodSchema,
      effectiveTS: z.string(),
    }),
  ])
  .meta({ id: 'PendingSubscriptionChange' });
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/** What the next renewal will charge (the plan's list price with today's tax); null when nothing renews. */
export const renewalSchema = z
  .object({
    plan: planNameSchema,
    period: billingPeriodSchema,
    currency: currencySchema,
    price: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    taxPercentage: z.number(),
    dueTS: z.string().describe('ISO time of the charge'),
  })
  .meta({ id: 'SubscriptionRenewal' });
export type Renewal = z.infer<typeof renewalSchema>;

/** GET /v1/subscription and every action's answer: the summary of spec §3 plus what the dashboard shows. */
export const subscriptionDetailSchema = subscriptionSummarySchema
  .extend({
    period: billingPeriodSchema.nullable().describe('month or year; null for the trial'),
    startedTS: z.string().describe('ISO time the subscription began'),
    periodStartTS: z.string().nullable().describe('Start of the current paid period (or of the trial)'),
    endedTS: z.string().nullable(),
    channelLimit: z.number().int().describe('Channels the plan covers (spec §6)'),
    pendingChange: pendingChangeSchema.nullable(),
    renewal: renewalSchema.nullable(),
    retry: z
      .object({ attempts: z.number().int(), nextRetryTS: z.string().nullable() })
      .nullable()
      .describe('Status payment: failed renewal attempts so far and when the card is tried again'),
  })
  .meta({ id: 'SubscriptionDetail' });
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

export const subscriptionHistorySchema = z
  .array(subscriptionDetailSchema)
  .describe('Every subscription of the account, newest first')
  .meta({ id: 'SubscriptionHistory' });

/**
 * The answer of the actions that charge (new, upgrade, renew): 201 when the subscription is active,
 * 202 while the payment waits for the cardholder's confirmation (payment.action). After the
 * confirmation the web repeats the same call: it is idempotent and answers 201 then. A failed charge
 * answers 402 PAYMENT_FAILED with the card's message. Renewing a cancelled subscription charges
 * nothing: 200 with payment null.
 */
export const subscriptionActionResultSchema = z
  .object({
    subscription: subscriptionDetailSchema,
    payment: paymentSchema.nullable().describe('The charge this action made; null when nothing was charged'),
  })
  .meta({ id: 'SubscriptionActionResult' });
export type SubscriptionActionResult = z.infer<typeof subscriptionActionResultSchema>;

/** {a}/{b} of spec §7: the target plan and billing period. */
export const planChangeParamsSchema = z.object({ plan: planNameSchema, period: periodParamSchema });
export const newSubscriptionQuerySchema = z.object({
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(currencySchema)
    .optional()
    .describe('usd, eur, pln, czk or gbp; default as the price quote'),
  coupon: z.string().trim().max(64).optional().describe('A discount code (as in the price quote)'),
});
export const chargeBodySchema = z
  .object({ paymentMethodId: z.uuid('Not a payment method id.').optional().describe('Default: the default card') })
  .meta({ id: 'SubscriptionChargeBody' });
export const downgradeBodySchema = z
  .object({ channels: z.array(channelRefSchema).max(50) })
  .meta({ id: 'DowngradeBody' });
export type DowngradeBody = z.infer<typeof downgradeBodySchema>;
export const cancelParamsSchema = z.object({ id: z.uuid('Not a subscription id.') });
export const cancelQuerySchema = z.object({
  force: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe('true: end now instead of at the end of the period'),
});
export const periodChangeParamsSchema = z.object({ period: periodParamSchema });

/** How long a failed renewal is retried (days after the due date) before the subscription ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
/** A new subscription whose first payment is not completed within this time ends. */
export const PENDING_PAYMENT_HOURS = 24;
