import type { Payment } from '@cuewave/contract/payment';
import { currencySchema } from '@cuewave/contract/pricing';
import { AppError } from '../../lib/errors';
import { chargeAccount, getPayment } from '../payment/charge.service';
import { selectPaymentByKey } from '../payment/payment.repo';
import { quotePrice } from '../pricing/pricing.service';
import { addPeriod, nextRetryAt, renewalKey } from './periods';
import { amountsOf, periodWord, planTitle, settled, type SubscriptionActionDeps } from './subscription-charges';
import { updateSubscriptionIf, type SubscriptionRow } from './subscription.repo';

/**
 * Charges the renewal due at `row.next_pay_at`: the plan's list price with today's tax, the default
 * card. Attempt n (renewal_attempts) uses key renew:{id}:{dueISO}[:n], shared by the job and the
 * user's "renew", so they never charge twice for one attempt. Success starts the next period at the
 * due date. A failure moves to the next attempt: the job schedules a retry (status payment) or, after
 * the last, ends the subscription; the user's own failed try does not use up a scheduled retry.
 * Null when another run had already recorded this attempt's outcome.
 */
export async function chargeRenewal(
  deps: SubscriptionActionDeps,
  row: SubscriptionRow,
  by: 'job' | 'user',
): Promise<Payment | null> {
  const due = row.next_pay_at!;
  const attempt = row.renewal_attempts;
  const key = renewalKey(row.id, due, attempt);
  const period = row.pay_period ?? 'month';
  let payment: Payment | null = null;
  let refusal: AppError | null = null;
  try {
    // An earlier attempt the cardholder confirmed late (3-D Secure after the job moved on) paid it.
    for (let k = 0; k < attempt && !payment; k += 1) {
      const earlier = await selectPaymentByKey(deps.db, renewalKey(row.id, due, k));
      if (earlier?.status === 'succeeded') payment = await getPayment(deps, row.account_id, earlier.id);
    }
    const existing = await selectPaymentByKey(deps.db, key);
    const quote = existing
      ? amountsOf(existing)
      : await quotePrice(deps, {
          accountId: row.account_id,
          plan: row.plan,
          period,
          currency: currencySchema.catch('usd').parse(row.currency),
          requestCountry: null,
        });
    payment ??= await chargeAccount(deps, {
      accountId: row.account_id,
      quote,
      description: `${planTitle(row.plan)}, ${periodWord(period)}: renewal`,
      subscriptionId: row.id,
      idempotencyKey: key,
    });
  } catch (err) {
    // No card, no billing details, a plan without a card price: a failed attempt like a declined card.
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    refusal = err;
  }

  // Another run (or the user's renew) is charging this attempt right now: its outcome is theirs to apply.
  if (payment?.status === 'pending') payment = await settled(deps, row.account_id, payment);
  if (payment?.status === 'pending') return null;

  const now = deps.clock.now();
  const expect = { status: row.status, renewal_attempts: attempt, nextPayAt: due };
  if (payment?.status === 'succeeded') {
    const applied = await updateSubscriptionIf(deps.db, row.id, expect, {
      status: 'active',
      period_started_at: due,
      next_pay_at: addPeriod(due, period),
      renewal_attempts: 0,
      next_retry_at: null,
      currency: payment.currency,
      price: payment.price,
      tax: payment.tax,
      total: payment.total,
      tax_percentage: payment.taxPercentage,
      last_payment_id: payment.id,
      updated_at: now,
    });
    return applied ? payment : null;
  }
  // The cardholder can answer a confirmation step only when they asked for the charge themselves.
  if (by === 'user' && payment && payment.status !== 'failed') return payment;

  if (by === 'user') {
    await updateSubscriptionIf(deps.db, row.id, expect, { renewal_attempts: attempt + 1, updated_at: now });
    if (refusal) throw refusal;
    return payment;
  }
  const retryAt = nextRetryAt(due, now);
  const updated = await updateSubscriptionIf(
    deps.db,
    row.id,
    expect,
    retryAt
      ? { status: 'payment', renewal_attempts: attempt + 1, next_retry_at: retryAt, updated_at: now }
      : { status: 'ended', renewal_attempts: attempt + 1, next_retry_at: null, ended_at: now, updated_at: now },
  );
  if (!updated) return null;
  return payment ?? failedStub(row, refusal);
}

/** The job's report counts a refusal without a payment row (no card) as a failed charge. */
function failedStub(row: SubscriptionRow, refusal: AppError | null): Payment {
  return {
    id: '',
    status: 'failed',
    failureCode: 'processing_error',
    message: refusal?.message ?? null,
    action: null,
    description: 'renewal',
    subscriptionId: row.id,
    currency: currencySchema.catch('usd').parse(row.currency),
    price: 0,
    tax: 0,
    total: 0,
    taxPercentage: 0,
    receiptNumber: null,
    createdTS: new Date(0).toISOString(),
  };
}
