import type { BillingPeriod, PlanName } from '@cuewave/contract/account';
import type {
  BillingDetails,
  BillingInput,
  BillingSaveResult,
  BillingType,
  Country,
  UsCountryList,
} from '@cuewave/contract/billing';
import type {
  NextAction,
  Payment,
  PaymentConfig,
  Receipt,
  SandboxCardInput,
  SandboxToken,
  StoredPaymentMethod,
  StripeSetup,
} from '@cuewave/contract/payment';
import type { Currency, PriceQuote } from '@cuewave/contract/pricing';
import type { SubscriptionActionResult } from '@cuewave/contract/subscription';
import { ApiError, apiGet, apiSend, type ApiOptions } from '../../lib/api';

/** The checkout's calls (spec §7 Payment and billing, Subscription; decisions 042, 043, 045). */

/** The saved billing details, or null before the first save (400 'billing details not found'). */
export async function getBilling(options?: ApiOptions): Promise<BillingDetails | null> {
  try {
    return await apiGet<BillingDetails>('/v1/billing', options);
  } catch (error) {
    if (error instanceof ApiError && error.body.error === 'billing details not found') return null;
    throw error;
  }
}

export const saveBilling = (input: BillingInput) => apiSend<BillingSaveResult>('POST', '/v1/billing', { json: input });

/** Countries for the form; the us edition's list puts the US first (decision 042). */
export async function getCountries(type: BillingType, usEdition: boolean): Promise<Country[]> {
  if (usEdition) return (await apiGet<UsCountryList>(`/v1/payment/country/${type}/us`)).countries;
  return apiGet<Country[]>(`/v1/payment/country/${type}`);
}

export const getGeolocation = () => apiGet<{ countryCode: string | null }>('/v1/geolocation');

export type QuoteRequest = {
  plan: PlanName;
  period: BillingPeriod;
  currency?: Currency | null;
  coupon?: string | null;
  /** Price an upgrade of the current subscription: the unused part of its period is credited. */
  upgrade?: boolean;
};

export const getQuote = ({ plan, period, currency, coupon, upgrade }: QuoteRequest, signal?: AbortSignal) =>
  apiGet<PriceQuote>(`/v1/subscription/price/${plan}/${period}`, {
    query: { currency: currency ?? undefined, coupon: coupon ?? undefined, upgrade: upgrade ? 'true' : undefined },
    signal,
  });

/** The sandbox card vault: a single-use token for the card (the number goes nowhere else). */
export const tokenizeCard = (card: SandboxCardInput) =>
  apiSend<SandboxToken>('POST', '/v1/payment/sandbox/tokens', { json: card });

/** Which card processor the server runs (decision 043): the sandbox vault or Stripe with its pk_… key. */
export const getPaymentConfig = () => apiGet<PaymentConfig>('/v1/payment/config');

/** Stripe only: a SetupIntent whose client secret stripe.confirmCardSetup completes in the browser. */
export const startStripeSetup = () => apiSend<StripeSetup>('POST', '/v1/payment/stripe/setup');

/** Stripe only: the server re-reads the PaymentIntent once stripe.handleNextAction has finished. */
export const confirmStripePayment = (paymentId: string) =>
  apiSend<Payment>('POST', `/v1/payment/stripe/confirm/${encodeURIComponent(paymentId)}`);

/** Saves a card from its single-use token: a sandbox tok_… or a Stripe SetupIntent id (seti_…). */
export const saveCardToken = (token: string) =>
  apiSend<StoredPaymentMethod>('POST', `/v1/payment/stripe/method/${encodeURIComponent(token)}`);

export const getPaymentMethods = (options?: ApiOptions) =>
  apiGet<StoredPaymentMethod[]>('/v1/payment/stripe/method', options);

export const deletePaymentMethod = (id: string) =>
  apiSend<StoredPaymentMethod[]>('DELETE', `/v1/payment/stripe/method/${encodeURIComponent(id)}`);

export const makeDefaultPaymentMethod = (id: string) =>
  apiSend<StoredPaymentMethod[]>('POST', `/v1/payment/stripe/method/${encodeURIComponent(id)}/default`);

export const getReceipts = (options?: ApiOptions) => apiGet<Receipt[]>('/v1/payment/receipt', options);

/** Where a receipt's PDF downloads from (the session cookie authenticates a plain link). */
export const receiptPdfUrl = (id: string) => `/api/v1/payment/receipt/${encodeURIComponent(id)}`;

/** Where a subscription's licence certificate downloads from (decision 044: the subscription id). */
export const licencePdfUrl = (subscriptionId: string) =>
  `/api/v1/subscription/license/${encodeURIComponent(subscriptionId)}`;

export type PurchaseRequest = QuoteRequest & { paymentMethodId?: string };

/**
 * POST /v1/subscription/new/{plan}/{period}: 201 active, 202 pending with payment.action (3-D
 * Secure; repeat the same call after the step), 402 PAYMENT_FAILED (thrown, with the card's message).
 */
export const purchaseSubscription = ({ plan, period, currency, coupon, paymentMethodId }: PurchaseRequest) =>
  apiSend<SubscriptionActionResult>('POST', `/v1/subscription/new/${plan}/${period}`, {
    query: { currency: currency ?? undefined, coupon: coupon ?? undefined },
    json: paymentMethodId ? { paymentMethodId } : {},
  });

/** The sandbox's 3-D Secure answer, posted to the path the payment named (relative to the API base). */
export function confirmSandboxPayment(action: Extract<NextAction, { type: 'sandbox_3ds' }>, approve: boolean) {
  return apiSend<Payment>('POST', action.confirmPath, { json: { approve } });
}
