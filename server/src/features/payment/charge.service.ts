import { randomUUID } from 'node:crypto';
import {
  PAYMENT_FAILURE_MESSAGES,
  paymentFailureCodeSchema,
  type NextAction,
  type Payment,
  type PaymentStatusResponse,
} from '@cuewave/contract/payment';
import type { PriceQuote } from '@cuewave/contract/pricing';
import { AppError, notFound } from '../../lib/errors';
import type { ChargeResult, PaymentCustomer, PaymentProvider } from '../../providers/payments/payments';
import { getAccount } from '../account/account.service';
import { getBilling } from '../billing/billing.service';
import type { PaymentDeps } from './payment-methods.service';
import { paymentProviderFor } from './payment-provider';
import { hasValidTaxNumber } from '../pricing/tax';
import {
  insertPaymentIfNew,
  nextInvoiceSequence,
  nextReceiptSequence,
  selectDefaultMethod,
  selectLatestPayment,
  selectMethod,
  selectPayment,
  selectPaymentByKey,
  touchPendingPayment,
  updatePaymentOutcome,
  type PaymentMethodRow,
  type PaymentRow,
} from './payment.repo';

/**
 * A pending payment older than this is taken to be abandoned (a crash or a lost answer between our
 * insert and the provider's reply): a retry with its key asks the provider again, which is safe
 * because the provider call carries the same idempotency key.
 */
export const STALE_PENDING_MS = 30_000;

export type ChargeInput = {
  accountId: string;
  /**
   * A quote from pricing's quotePrice; only its amounts and currency are charged. The list price,
   * coupon and credit, when the quote carries them, are frozen for the receipt or invoice, which
   * itemises the discount (decision 052); without them the document shows the net price alone.
   */
  quote: Pick<PriceQuote, 'currency' | 'price' | 'tax' | 'total' | 'taxPercentage'> &
    Partial<Pick<PriceQuote, 'fullPrice' | 'couponDiscount' | 'upgradeCredit' | 'coupon'>>;
  /** One line for the receipt, e.g. "Professional, yearly". */
  description: string;
  subscriptionId?: string | null;
  /** A saved card of the account; its default card when omitted. */
  paymentMethodId?: string | null;
  /**
   * Names this payment: the same key always answers the same payment and never charges twice, also
   * when two calls race. Derive it from what the user asked for (e.g. account + action + period).
   */
  idempotencyKey: string;
};

/**
 * Charges an account's card (decision 043). The payments row is written first, with the key, before
 * the provider is called; its answer is recorded afterwards, and a success gets the next receipt
 * number. A second call with the same key returns the first payment (still pending while the first
 * call waits for the provider) instead of charging again.
 */
export async function chargeAccount(deps: PaymentDeps, input: ChargeInput): Promise<Payment> {
  checkChargeInput(input);
  const earlier = await selectPaymentByKey(deps.db, input.idempotencyKey);
  if (earlier) return resume(deps, earlier, input);

  const provider = paymentProviderFor(deps);
  const wantsCard = input.quote.total > 0 || Boolean(input.paymentMethodId);
  const method = wantsCard ? await chooseMethod(deps, provider, input.accountId, input.paymentMethodId) : null;
  const buyer = await buyerSnapshot(deps, input.accountId);
  const now = deps.clock.now();
  const row = await insertPaymentIfNew(deps.db, {
    id: randomUUID(),
    account_id: input.accountId,
    subscription_id: input.subscriptionId ?? null,
    payment_method_id: method?.id ?? null,
    provider: provider.kind,
    provider_ref: null,
    idempotency_key: input.idempotencyKey,
    status: 'pending',
    failure_code: null,
    description: input.description,
    currency: input.quote.currency,
    price: input.quote.price,
    tax: input.quote.tax,
    total: input.quote.total,
    tax_percentage: input.quote.taxPercentage,
    buyer: JSON.stringify(buyer),
    receipt_number: null,
    // A business with a valid tax number is invoiced (decision 052), decided once from the snapshot.
    document_kind: hasValidTaxNumber(buyer) ? 'invoice' : 'receipt',
    ...discountOf(input.quote),
    created_at: now,
    updated_at: now,
  });
  // Someone else inserted this key between our look-up and our insert: theirs is the payment.
  if (!row) return resume(deps, (await selectPaymentByKey(deps.db, input.idempotencyKey))!, input);
  return drive(deps, row, method, { accountId: input.accountId, email: buyer.email });
}

/**
 * POST /v1/payment/sandbox/confirm/{id}: the cardholder's answer to the confirmation step. Answering a
 * payment that is no longer waiting returns it as it is (a double click changes nothing).
 */
export async function confirmPayment(
  deps: PaymentDeps,
  accountId: string,
  paymentId: string,
  approve: boolean,
): Promise<Payment> {
  const row = await selectPayment(deps.db, accountId, paymentId);
  if (!row) throw notFound('Payment');
  if (row.status !== 'requires_action' || !row.provider_ref) return toPayment(deps, row);
  const provider = paymentProviderFor(deps);
  if (row.provider !== provider.kind) {
    throw new AppError(
      'BAD_REQUEST',
      'This payment was made with another payment provider and cannot be confirmed here.',
    );
  }
  const result = await callProvider(() => provider.confirmPayment({ ref: row.provider_ref!, approve }));
  return record(deps, row, ['requires_action'], result);
}

/**
 * Calls off a payment still waiting for the cardholder's confirmation because a newer payment
 * replaced it (another plan, another card, or 24 h without an answer; decision 045), so a step
 * completed late can no longer take money for something the buyer no longer gets. If the cardholder
 * finished first, the provider says succeeded and that is recorded instead. Best effort: when the
 * processor does not answer, the payment stays as it was and the caller goes on.
 */
export async function cancelWaitingPayment(deps: PaymentDeps, row: PaymentRow): Promise<Payment> {
  const provider = paymentProviderFor(deps);
  if (row.status !== 'requires_action' || !row.provider_ref || row.provider !== provider.kind) {
    return toPayment(deps, row);
  }
  try {
    const result = await provider.cancelPayment(row.provider_ref);
    return await record(deps, row, ['requires_action'], result);
  } catch {
    return toPayment(deps, row);
  }
}

/** One of the account's payments; 404 for anyone else's. */
export async function getPayment(deps: PaymentDeps, accountId: string, paymentId: string): Promise<Payment> {
  const row = await selectPayment(deps.db, accountId, paymentId);
  if (!row) throw notFound('Payment');
  return toPayment(deps, row);
}

/**
 * GET /v1/payment/stripe/subscription and /payment (spec §7, decision 043): the status of the
 * account's latest payment for a subscription, or latest one-off payment.
 */
export async function latestPaymentStatus(
  deps: PaymentDeps,
  accountId: string,
  kind: 'subscription' | 'one-off',
): Promise<PaymentStatusResponse> {
  const row = await selectLatestPayment(deps.db, accountId, kind);
  if (!row) return { status: 'none' };
  const payment = await toPayment(deps, row);
  return {
    status: payment.status,
    paymentId: payment.id,
    ...(payment.failureCode ? { failureCode: payment.failureCode } : {}),
    ...(payment.message ? { message: payment.message } : {}),
    ...(payment.action ? { action: payment.action } : {}),
  };
}

/** Receipt numbers: CW-{year}-{6-digit sequence}, gap-free within a (UTC) year. */
export function formatReceiptNumber(year: number, sequence: number): string {
  return `CW-${year}-${String(sequence).padStart(6, '0')}`;
}

/** VAT invoice numbers: FV/{year}/{month}/{6-digit sequence}, gap-free within a (UTC) month (decision 052). */
export function formatInvoiceNumber(year: number, month: number, sequence: number): string {
  return `FV/${year}/${String(month).padStart(2, '0')}/${String(sequence).padStart(6, '0')}`;
}

/**
 * The discount breakdown frozen on the payment. Only a consistent one is kept (list price − coupon −
 * credit = the net charged); a quote without it, or one that does not add up, documents the net alone.
 */
function discountOf(quote: ChargeInput['quote']) {
  const listPrice = quote.fullPrice;
  const couponDiscount = quote.couponDiscount ?? 0;
  const upgradeCredit = quote.upgradeCredit ?? 0;
  const consistent =
    listPrice !== undefined &&
    [listPrice, couponDiscount, upgradeCredit].every((n) => Number.isSafeInteger(n) && n >= 0) &&
    listPrice - couponDiscount - upgradeCredit === quote.price;
  if (!consistent) return {};
  const coupon = couponDiscount > 0 && quote.coupon?.valid ? quote.coupon : null;
  return {
    list_price: listPrice,
    coupon_code: coupon?.code ?? null,
    coupon_percent: coupon?.percent ?? null,
    coupon_discount: coupon ? couponDiscount : 0,
    upgrade_credit: upgradeCredit,
  };
}

function checkChargeInput(input: ChargeInput): void {
  const { price, tax, total } = input.quote;
  for (const [name, value] of Object.entries({ price, tax, total })) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`quote.${name} is not a whole, non-negative amount`);
  }
  if (total !== price + tax) throw new RangeError('quote.total is not price + tax');
  if (!/^[\w:.\-/]{8,200}$/.test(input.idempotencyKey)) {
    throw new RangeError('idempotencyKey: 8–200 letters, digits or _ : . - /');
  }
  if (!input.description.trim()) throw new RangeError('description is empty');
}

async function chooseMethod(
  deps: PaymentDeps,
  provider: PaymentProvider,
  accountId: string,
  paymentMethodId: string | null | undefined,
): Promise<PaymentMethodRow> {
  const method = paymentMethodId
    ? await selectMethod(deps.db, accountId, paymentMethodId)
    : await selectDefaultMethod(deps.db, accountId);
  if (!method) {
    if (paymentMethodId) throw notFound('Payment method');
    throw new AppError('BAD_REQUEST', 'Add a card before paying.');
  }
  if (method.provider !== provider.kind) {
    throw new AppError('BAD_REQUEST', 'This card was saved with another payment provider. Add it again.');
  }
  return method;
}

/** The buyer as the receipt shows them, frozen at the time of the charge. */
async function buyerSnapshot(deps: PaymentDeps, accountId: string) {
  // 400 'billing details not found' when missing: a receipt needs the buyer's address.
  const { updateTS: _updated, ...billing } = await getBilling(deps, accountId);
  const account = await getAccount(deps, accountId);
  return { email: account.email, ...billing };
}

/** A retry, a double click or the loser of a race: the payment the key already names. */
async function resume(deps: PaymentDeps, row: PaymentRow, input: ChargeInput): Promise<Payment> {
  if (row.account_id !== input.accountId || row.total !== input.quote.total || row.currency !== input.quote.currency) {
    throw new AppError('CONFLICT', 'This payment key was already used for a different payment.');
  }
  if (row.status === 'pending') {
    const now = deps.clock.now();
    // Only one retry wins the touch, so only one asks the provider again.
    if (await touchPendingPayment(deps.db, row.id, new Date(now.getTime() - STALE_PENDING_MS), now)) {
      const method = row.payment_method_id ? await selectMethod(deps.db, input.accountId, row.payment_method_id) : null;
      const buyer = row.buyer as { email?: unknown };
      return drive(deps, row, method ?? null, {
        accountId: input.accountId,
        email: typeof buyer.email === 'string' ? buyer.email : '',
      });
    }
  }
  return toPayment(deps, row);
}

async function drive(
  deps: PaymentDeps,
  row: PaymentRow,
  method: PaymentMethodRow | null,
  customer: PaymentCustomer,
): Promise<Payment> {
  if (row.total === 0) return record(deps, row, ['pending'], { status: 'succeeded', ref: null });
  if (!method) {
    // The card was removed while the payment waited: nothing to charge.
    return record(deps, row, ['pending'], {
      status: 'failed',
      ref: null,
      code: 'processing_error',
      message: PAYMENT_FAILURE_MESSAGES.processing_error,
    });
  }
  const provider = paymentProviderFor(deps);
  const result = await callProvider(() =>
    provider.charge({
      customer,
      methodRef: method.provider_ref,
      amount: row.total,
      currency: row.currency,
      description: row.description,
      idempotencyKey: row.idempotency_key,
      paymentId: row.id,
    }),
  );
  return record(deps, row, ['pending'], result);
}

async function callProvider(call: () => Promise<ChargeResult>): Promise<ChargeResult> {
  try {
    return await call();
  } catch {
    // The payment stays as it was; a retry with the same key asks again once it is stale.
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The card processor did not answer. Try again in a minute: you will not be charged twice.',
    );
  }
}

type Outcome = { status: 'succeeded'; ref: string | null } | Exclude<ChargeResult, { status: 'succeeded' }>;

/** Stores the provider's answer; a success takes the next receipt number in the same transaction. */
async function record(
  deps: PaymentDeps,
  row: PaymentRow,
  from: ReadonlyArray<PaymentRow['status']>,
  outcome: Outcome,
): Promise<Payment> {
  const now = deps.clock.now();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    const succeeded = outcome.status === 'succeeded';
    // Each document kind has its own series: a receipt takes a receipt number, an invoice an invoice number.
    const invoice = succeeded && row.document_kind === 'invoice';
    const receiptNumber =
      succeeded && !invoice ? formatReceiptNumber(year, await nextReceiptSequence(trx, year)) : null;
    const invoiceNumber = invoice
      ? formatInvoiceNumber(year, month, await nextInvoiceSequence(trx, year, month))
      : null;
    return updatePaymentOutcome(trx, row.id, from, {
      status: outcome.status,
      providerRef: outcome.ref,
      failureCode: outcome.status === 'failed' ? outcome.code : null,
      receiptNumber,
      invoiceNumber,
      now,
    });
  });
  // Not updated: another call recorded an answer first; that one stands.
  const current = updated ?? (await selectPaymentByKey(deps.db, row.idempotency_key))!;
  return toPayment(deps, current);
}

async function toPayment(deps: PaymentDeps, row: PaymentRow): Promise<Payment> {
  const failure = paymentFailureCodeSchema.safeParse(row.failure_code);
  const failureCode = row.status === 'failed' ? (failure.success ? failure.data : 'processing_error') : null;
  return {
    id: row.id,
    status: row.status,
    failureCode,
    message: failureCode ? PAYMENT_FAILURE_MESSAGES[failureCode] : null,
    action: row.status === 'requires_action' && row.provider_ref ? await actionOf(deps, row) : null,
    description: row.description,
    subscriptionId: row.subscription_id,
    currency: row.currency,
    price: row.price,
    tax: row.tax,
    total: row.total,
    taxPercentage: Number(row.tax_percentage),
    receiptNumber: row.receipt_number,
    invoiceNumber: row.invoice_number,
    createdTS: new Date(row.created_at).toISOString(),
  };
}

async function actionOf(deps: PaymentDeps, row: PaymentRow): Promise<NextAction | null> {
  const provider = paymentProviderFor(deps);
  if (provider.kind !== row.provider) return null;
  const action = await provider.nextAction(row.provider_ref!);
  if (action.type === 'sandbox_3ds')
    return { type: 'sandbox_3ds', confirmPath: `/v1/payment/sandbox/confirm/${row.id}` };
  return action;
}

/**
 * Records what the provider says about a payment outside a request of ours (Stripe's webhook, after
 * re-reading the PaymentIntent; decision 043). A success is recorded from pending, requires_action or
 * even failed: the provider took the money, so the payment is paid and gets its receipt number. A
 * failure only settles a payment still waiting. Anything else leaves the row as it is. Answers the
 * payment as it stands afterwards.
 */
export async function recordProviderOutcome(
  deps: PaymentDeps,
  row: PaymentRow,
  result: ChargeResult,
): Promise<Payment> {
  if (result.status === 'succeeded') return record(deps, row, ['pending', 'requires_action', 'failed'], result);
  if (result.status === 'failed') return record(deps, row, ['pending', 'requires_action'], result);
  // requires_action: the payment row already says so (or is pending until our own call answers).
  return record(deps, row, ['pending'], result);
}
