import { z } from './zod';
import { currencySchema } from './pricing';

/**
 * Card payments (spec §3 Payment method, §7 Payment and billing; decision 043): the card form of the
 * sandbox processor, saved cards, payments and their status. The card checks are plain functions so
 * the web's card form and the server validate the same way; only the server's clock decides expiry.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
/** The brands the sandbox accepts; a Stripe card may report others (diners, jcb, unionpay, unknown). */
export const cardBrandSchema = z.enum(CARD_BRANDS);
export type CardBrand = z.infer<typeof cardBrandSchema>;

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/**
 * Why a charge failed; `authentication_failed` is a 3-D Secure step the cardholder rejected,
 * `canceled` a step we called off because a newer payment replaced it (decision 045).
 */
export const PAYMENT_FAILURE_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'authentication_failed',
  'canceled',
] as const;
export const paymentFailureCodeSchema = z.enum(PAYMENT_FAILURE_CODES);
export type PaymentFailureCode = z.infer<typeof paymentFailureCodeSchema>;

/** What the card form shows for each failure. */
export const PAYMENT_FAILURE_MESSAGES: Record<PaymentFailureCode, string> = {
  card_declined: 'Your card was declined. Try another card.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  expired_card: 'Your card has expired. Try another card.',
  incorrect_cvc: "Your card's security code is incorrect. Check it and try again.",
  processing_error: 'An error occurred while processing your card. Try again in a moment.',
  authentication_failed: 'The card could not be authenticated. Try again or use another card.',
  canceled: 'This payment was cancelled because you started a newer one. You were not charged for it.',
};

/** What a sandbox test card does when it is charged. Any other valid card number succeeds. */
export type SandboxOutcome =
  'succeeded' | 'requires_action' | Exclude<PaymentFailureCode, 'authentication_failed' | 'canceled'>;

/**
 * The sandbox processor's documented test cards (decision 043), the same numbers Stripe's test mode
 * uses so the e2e journeys and manual testing read the same on either provider. Any future expiry,
 * any CVC of the right length, any name.
 */
export const SANDBOX_TEST_CARDS: ReadonlyArray<{
  number: string;
  brand: CardBrand;
  outcome: SandboxOutcome;
  description: string;
}> = [
  { number: '4242424242424242', brand: 'visa', outcome: 'succeeded', description: 'Visa: succeeds' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'succeeded', description: 'Mastercard: succeeds' },
  { number: '378282246310005', brand: 'amex', outcome: 'succeeded', description: 'American Express: succeeds' },
  { number: '6011111111111117', brand: 'discover', outcome: 'succeeded', description: 'Discover: succeeds' },
  {
    number: '4000002760003184',
    brand: 'visa',
    outcome: 'requires_action',
    description: 'Visa: every charge asks for a 3-D Secure confirmation',
  },
  { number: '4000000000000002', brand: 'visa', outcome: 'card_declined', description: 'Visa: declined' },
  {
    number: '4000000000009995',
    brand: 'visa',
    outcome: 'insufficient_funds',
    description: 'Visa: declined, insufficient funds',
  },
  { number: '4000000000000069', brand: 'visa', outcome: 'expired_card', description: 'Visa: declined as expired' },
  { number: '4000000000000127', brand: 'visa', outcome: 'incorrect_cvc', description: 'Visa: declined, wrong CVC' },
  {
    number: '4000000000000119',
    brand: 'visa',
    outcome: 'processing_error',
    description: 'Visa: fails with a processing error',
  },
];

/** Digits only: the form may send spaces or dashes between groups. */
export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's leading digits (IIN ranges); null for brands we do not take. */
export function detectCardBrand(digits: string): CardBrand | null {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  const three = Number(digits.slice(0, 3));
  const six = Number(digits.slice(0, 6));
  if (/^6011/.test(digits) || /^65/.test(digits) || (three >= 644 && three <= 649)) return 'discover';
  if (six >= 622126 && six <= 622925) return 'discover';
  return null;
}

/** Card number lengths per brand (all within the 12–19 digits of ISO/IEC 7812). */
const BRAND_LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
};

export function cvcLength(brand: CardBrand | null): number {
  return brand === 'amex' ? 4 : 3;
}

/** A two-digit year means 20YY. */
export function fullExpiryYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** How far ahead an expiry may be: cards are issued for at most a few years; 20 catches typos. */
export const MAX_CARD_YEARS_AHEAD = 20;

export type CardFields = { number: string; expMonth: number; expYear: number; cvc: string; name: string };
export type CardProblem = { field: keyof CardFields; message: string };

/**
 * Every problem with a card form, each naming its field. `now` decides expiry: a card is valid
 * through the last day of its expiry month (UTC). Messages never repeat the number.
 */
export function cardProblems(card: CardFields, now: Date): CardProblem[] {
  const problems: CardProblem[] = [];
  const digits = normaliseCardNumber(card.number);
  const brand = /^\d+$/.test(digits) ? detectCardBrand(digits) : null;
  if (!/^\d{12,19}$/.test(digits)) {
    problems.push({ field: 'number', message: 'Enter the card number: 12 to 19 digits.' });
  } else if (!brand) {
    problems.push({ field: 'number', message: 'We accept Visa, Mastercard, American Express and Discover cards.' });
  } else if (!BRAND_LENGTHS[brand].includes(digits.length) || !luhnValid(digits)) {
    problems.push({ field: 'number', message: 'This card number is not valid. Check it and try again.' });
  }

  const month = card.expMonth;
  const year = fullExpiryYear(card.expYear);
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    problems.push({ field: 'expMonth', message: 'Enter the expiry month, 1 to 12.' });
  } else if (!Number.isInteger(year) || year < 2000 || year > nowYear + MAX_CARD_YEARS_AHEAD) {
    problems.push({ field: 'expYear', message: 'Enter the expiry year as on the card.' });
  } else if (year < nowYear || (year === nowYear && month < nowMonth)) {
    problems.push({ field: 'expYear', message: 'This card has expired.' });
  }

  const cvc = card.cvc.trim();
  const wanted = cvcLength(brand);
  if (!new RegExp(`^\\d{${wanted}}$`).test(cvc)) {
    problems.push({ field: 'cvc', message: `Enter the ${wanted}-digit security code.` });
  }

  if (card.name.trim().length === 0) problems.push({ field: 'name', message: 'Enter the name on the card.' });
  return problems;
}

/** A month or year may come as a number or as digits from a text field. */
const wholeNumber = z.union([
  z.number().int('Enter a whole number.'),
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, 'Enter digits only.')
    .transform(Number),
]);

/**
 * POST /v1/payment/sandbox/tokens: the card form of the sandbox processor. The server then runs
 * cardProblems with its clock. Nothing of it is stored: the answer is a single-use token.
 */
export const sandboxCardInputSchema = z
  .object({
    number: z.string().max(40, 'Enter the card number: 12 to 19 digits.'),
    expMonth: wholeNumber.describe('1–12'),
    expYear: wholeNumber.describe('Four digits, or two meaning 20YY'),
    cvc: z.string().max(8, 'Enter the security code.'),
    name: z.string().trim().max(100, 'Use at most 100 characters for the name.').describe('The name on the card'),
  })
  .meta({ id: 'SandboxCardInput' });
export type SandboxCardInput = z.input<typeof sandboxCardInputSchema>;

/** How long a card token can be turned into a saved card (decision 043). */
export const CARD_TOKEN_TTL_MINUTES = 15;

export const sandboxTokenSchema = z
  .object({
    token: z
      .string()
      .describe('Opaque, single use, expires at expiresAt: pass it to POST /v1/payment/stripe/method/{token}'),
    brand: cardBrandSchema,
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    expiresAt: z.string().describe('ISO time'),
  })
  .meta({ id: 'SandboxToken' });
export type SandboxToken = z.infer<typeof sandboxTokenSchema>;

/** A saved card as every response shows it: never the number, the fingerprint or the provider's id. */
export const storedPaymentMethodSchema = z
  .object({
    id: z.string(),
    brand: z.string().describe('visa, mastercard, amex, discover (Stripe may report others)'),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    isDefault: z.boolean().describe('Charged for subscriptions and renewals unless another card is chosen'),
    requiredForRenewal: z
      .boolean()
      .optional()
      .describe(
        'The only card of a paid subscription that renews: it cannot be removed until another card is added (409 PAYMENT_METHOD_REQUIRED). Sent in card lists',
      ),
  })
  .meta({ id: 'StoredPaymentMethod' });
export type StoredPaymentMethod = z.infer<typeof storedPaymentMethodSchema>;

export const storedPaymentMethodListSchema = z
  .array(storedPaymentMethodSchema)
  .describe('The default card first, then the newest first')
  .meta({ id: 'StoredPaymentMethodList' });

export const paymentMethodParamsSchema = z.object({ id: z.uuid('Not a payment method id.') });
export const paymentMethodTokenParamsSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(2048)
    .describe('A card token (sandbox tok_…, or the Stripe SetupIntent/PaymentMethod id)'),
});

export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * What the web does for a payment in requires_action: the sandbox's confirmation dialog posts
 * `{ approve }` to confirmPath (relative to the API base, like every call of spec §7); Stripe's
 * step runs in stripe.js with the client secret.
 */
export const nextActionSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('sandbox_3ds'),
      confirmPath: z.string().describe('POST { approve: boolean } here, e.g. /v1/payment/sandbox/confirm/{id}'),
    }),
    z.object({ type: z.literal('stripe_sdk'), clientSecret: z.string() }),
  ])
  .meta({ id: 'PaymentNextAction' });
export type NextAction = z.infer<typeof nextActionSchema>;

export const paymentSchema = z
  .object({
    id: z.string(),
    status: paymentStatusSchema,
    failureCode: paymentFailureCodeSchema.nullable(),
    message: z.string().nullable().describe('Why it failed, for the card form; null unless failed'),
    action: nextActionSchema.nullable().describe('The confirmation step; null unless requires_action'),
    description: z.string(),
    subscriptionId: z.string().nullable(),
    currency: currencySchema,
    price: z.number().int(),
    tax: z.number().int(),
    total: z.number().int().describe('What the card is charged, minor units'),
    taxPercentage: z.number(),
    receiptNumber: z
      .string()
      .nullable()
      .describe('CW-{year}-{6 digits}, once succeeded; null when the payment is documented by a VAT invoice'),
    invoiceNumber: z
      .string()
      .nullable()
      .optional()
      .describe('FV/{year}/{month}/{6 digits}: a business buyer with a valid tax number gets a VAT invoice instead'),
    createdTS: z.string(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const paymentIdParamsSchema = z.object({ paymentId: z.uuid('Not a payment id.') });
export const sandboxConfirmBodySchema = z
  .object({ approve: z.boolean().describe('true: the cardholder approves the 3-D Secure step; false: rejects it') })
  .meta({ id: 'SandboxConfirmBody' });

/**
 * GET /v1/payment/stripe/subscription and /payment (spec §7 "the response status is read"): the
 * status of the caller's latest payment for a subscription, or latest one-off payment; 'none' when
 * there is none (decision 043).
 */
export const paymentStatusResponseSchema = z
  .object({
    status: z.enum(['none', ...PAYMENT_STATUSES]),
    paymentId: z.string().optional(),
    failureCode: paymentFailureCodeSchema.optional(),
    message: z.string().optional(),
    action: nextActionSchema.optional(),
  })
  .meta({ id: 'PaymentStatus' });
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

export const paymentStatusQuerySchema = z.object({
  coupon: z.string().trim().max(64).optional().describe('Accepted for the spec; the status does not depend on it'),
});

/**
 * GET /v1/payment/receipt: the account's receipts (succeeded payments), newest first. Each one's PDF
 * (seller, buyer, items, tax, totals) is at GET /v1/payment/receipt/{paymentId}.
 */
export const receiptSchema = z
  .object({
    id: z.string().describe('The payment id; the PDF is at /v1/payment/receipt/{id}'),
    receiptNumber: z
      .string()
      .describe(
        "The document's number: CW-{year}-{6 digits} for a receipt, FV/{year}/{month}/{6 digits} for a VAT invoice",
      ),
    documentKind: z
      .enum(['receipt', 'invoice'])
      .describe('invoice: a VAT invoice, for a business buyer with a valid tax number (decision 052); else a receipt'),
    createdTS: z.string().describe('ISO time of the charge'),
    paidTS: z
      .string()
      .describe('ISO time the payment succeeded (the receipt date; later than createdTS after 3-D Secure)'),
    description: z.string(),
    currency: currencySchema,
    price: z.number().int().describe('Net amount, minor units'),
    tax: z.number().int(),
    total: z.number().int().describe('What was paid, minor units'),
    taxPercentage: z.number(),
    reverseCharge: z.boolean().describe('0 % VAT because the business buyer accounts for it'),
    card: z
      .object({ brand: z.string(), last4: z.string() })
      .nullable()
      .describe('The card charged; null for a free (100 % coupon) payment or a card since removed'),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptListSchema = z.array(receiptSchema).describe('Newest first').meta({ id: 'ReceiptList' });

/**
 * GET /v1/payment/config: which card processor the server runs, so the web shows the sandbox card
 * form or loads stripe.js with the publishable key (decision 043).
 */
export const paymentConfigSchema = z
  .object({
    provider: z.enum(['sandbox', 'stripe']),
    publishableKey: z.string().nullable().describe("Stripe's pk_… for stripe.js; null with the sandbox"),
  })
  .meta({ id: 'PaymentConfig' });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * POST /v1/payment/stripe/setup (Stripe only): a SetupIntent for stripe.js's card form. After
 * stripe.confirmCardSetup(clientSecret) succeeds, the SetupIntent id (seti_…) is the token of
 * POST /v1/payment/stripe/method/{token}.
 */
export const stripeSetupSchema = z
  .object({ clientSecret: z.string().describe('seti_…_secret_…, for stripe.confirmCardSetup') })
  .meta({ id: 'StripeSetup' });
export type StripeSetup = z.infer<typeof stripeSetupSchema>;
