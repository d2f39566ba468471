import { CHANNEL_LIMITS, type BillingPeriod, type PlanName } from '@cuewave/contract/account';
import type { ChannelRef } from '@cuewave/contract/licence';
import type { Payment } from '@cuewave/contract/payment';
import type { Currency, PriceQuote } from '@cuewave/contract/pricing';
import type { SubscriptionActionResult, SubscriptionDetail } from '@cuewave/contract/subscription';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { getBilling } from '../billing/billing.service';
import { listChannels } from '../channel/channel-list';
import { lockAccountChannels } from '../channel/channel.repo';
import { supersedeLicencesListing } from '../licence/licence.repo';
import { planPhrase } from '../channel/channel.service';
import { licenceCertificate } from '../licence/licence.service';
import { cancelWaitingPayment, chargeAccount, getPayment } from '../payment/charge.service';
import {
  selectDefaultMethod,
  selectMethod,
  selectPaymentByKey,
  selectWaitingPayments,
  type PaymentRow,
} from '../payment/payment.repo';
import { quotePrice } from '../pricing/pricing.service';
import { planTier } from '../pricing/prices';
import { addPeriod, chargeKey } from './periods';
import { chargeRenewal } from './renewal-charge';
import {
  amountsOf,
  periodWord,
  planTitle,
  settled,
  type ChargeQuote,
  type SubscriptionActionDeps,
} from './subscription-charges';
import {
  deleteChannelsExcept,
  insertSubscription,
  lockAccount,
  selectPaymentRow,
  selectUnappliedCharge,
  selectAllSubscriptions,
  selectOpenSubscriptions,
  selectOwnSubscription,
  updateSubscriptionIf,
  type SubscriptionRow,
} from './subscription.repo';
import { currentRow, effectiveStatus } from './subscription.service';
import { toDetail } from './subscription-view';

export type ChargeAnswer = { statusCode: 201 | 202; body: SubscriptionActionResult };

/** A repeated call within this time after its charge went through answers that result again (double click, 3-D Secure). */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

export const newDescription = (plan: PlanName, period: BillingPeriod) => `${planTitle(plan)}, ${periodWord(period)}`;
const upgradeDescription = (plan: PlanName, period: BillingPeriod) =>
  `Upgrade to ${planTitle(plan)}, ${periodWord(period)}`;

function checkPlanOnSale(plan: PlanName): void {
  if (plan === 'trial') {
    throw new AppError('BAD_REQUEST', 'The free trial has no price: start it with POST /v1/subscription/new/trial.');
  }
  if (plan === 'enterprise') {
    throw new AppError(
      'BAD_REQUEST',
      'Enterprise is priced for each customer and is not paid by card: contact us through the enterprise form.',
    );
  }
}

/** A coupon that does not apply must not turn into a charge at the full price the buyer did not expect. */
function checkCoupon(quote: PriceQuote): void {
  if (quote.coupon && !quote.coupon.valid) {
    throw new AppError('VALIDATION_FAILED', quote.coupon.message ?? 'This discount code cannot be used.');
  }
}

async function checkCard(deps: SubscriptionActionDeps, accountId: string, paymentMethodId?: string): Promise<void> {
  if (paymentMethodId) {
    if (!(await selectMethod(deps.db, accountId, paymentMethodId))) throw notFound('Payment method');
  } else if (!(await selectDefaultMethod(deps.db, accountId))) {
    throw new AppError('BAD_REQUEST', 'Add a card before paying.');
  }
}

/**
 * Which charge this call makes (its idempotency key). A charge that went through unapplied is applied
 * (a 3-D Secure step confirmed late). The current attempt's payment is reused while it is in flight,
 * waits for the cardholder, or went through without being applied yet (a double click, the repeat
 * after 3-D Secure); a failed one, one already applied, or one for something else moves to the next
 * attempt, so a retry after a decline charges again.
 */
async function chooseAttempt(
  trx: Db,
  sub: SubscriptionRow,
  description: string,
  quote: ChargeQuote,
  paymentMethodId: string | undefined,
  now: Date,
  prorated = false,
): Promise<{ attempt: number; key: string; quote: ChargeQuote; superseded: PaymentRow[] }> {
  const late = await selectUnappliedCharge(trx, sub, description);
  const lateRow = late && (await selectPaymentByKey(trx, late.idempotency_key));
  if (lateRow) {
    return { attempt: sub.charge_attempt, key: lateRow.idempotency_key, quote: amountsOf(lateRow), superseded: [] };
  }

  const key = chargeKey(sub.id, sub.charge_attempt);
  const existing = await selectPaymentByKey(trx, key);
  if (!existing) return { attempt: sub.charge_attempt, key, quote, superseded: [] };
  // An upgrade's quote moves with every second of the period: one quoted minutes ago still stands.
  const fresh = now.getTime() - new Date(existing.created_at).getTime() < REPEAT_WINDOW_MS;
  const sameAsked =
    existing.description === description &&
    existing.id !== sub.last_payment_id &&
    existing.status !== 'failed' &&
    existing.currency === quote.currency &&
    (existing.total === quote.total || (prorated && fresh)) &&
    (!paymentMethodId || existing.payment_method_id === paymentMethodId);
  if (sameAsked) return { attempt: sub.charge_attempt, key, quote: amountsOf(existing), superseded: [] };
  // The account row is locked by the caller: nobody else moves the attempt meanwhile.
  const next = sub.charge_attempt + 1;
  await updateSubscriptionIf(trx, sub.id, { charge_attempt: sub.charge_attempt }, { charge_attempt: next });
  // A confirmation step left open on the attempt this one replaces is called off (chargeChosen).
  return {
    attempt: next,
    key: chargeKey(sub.id, next),
    quote,
    superseded: existing.status === 'requires_action' ? [existing] : [],
  };
}

/** The payment an earlier identical call made and applied a moment ago, or null. */
async function recentRepeat(
  deps: SubscriptionActionDeps,
  trx: Db,
  sub: SubscriptionRow,
  description: string,
): Promise<{ id: string } | null> {
  if (!sub.last_payment_id) return null;
  const payment = await selectPaymentRow(trx, sub.last_payment_id);
  if (!payment || payment.status !== 'succeeded' || payment.description !== description) return null;
  const age = deps.clock.now().getTime() - new Date(payment.updated_at).getTime();
  return age < REPEAT_WINDOW_MS ? payment : null;
}

/**
 * Charges the chosen attempt under its idempotency key, then waits for a twin request's answer.
 * Confirmation steps the choice replaced are called off first: one open payment at a time.
 */
async function chargeChosen(
  deps: SubscriptionActionDeps,
  accountId: string,
  chosen: { sub: Pick<SubscriptionRow, 'id'>; key: string; quote: ChargeQuote; superseded: PaymentRow[] },
  description: string,
  paymentMethodId: string | undefined,
): Promise<Payment> {
  for (const waiting of chosen.superseded) await cancelWaitingPayment(deps, waiting);
  const payment = await chargeAccount(deps, {
    accountId,
    quote: chosen.quote,
    description,
    subscriptionId: chosen.sub.id,
    paymentMethodId: paymentMethodId ?? null,
    idempotencyKey: chosen.key,
  });
  return settled(deps, accountId, payment);
}

/** The certificate follows plan and channel changes at once (licence.service's reuse and supersede rules). */
export async function refreshLicence(deps: SubscriptionActionDeps, accountId: string, subscriptionId: string) {
  try {
    await licenceCertificate(deps, accountId, subscriptionId);
  } catch {
    // Best effort: the next download issues it the same way.
  }
}

async function detailOf(deps: SubscriptionActionDeps, accountId: string, id: string): Promise<SubscriptionDetail> {
  const row = await selectOwnSubscription(deps.db, accountId, id);
  if (!row) throw notFound('Subscription');
  return toDetail(deps, row);
}

async function answer(
  deps: SubscriptionActionDeps,
  accountId: string,
  subscriptionId: string,
  payment: Payment,
): Promise<ChargeAnswer> {
  if (payment.status === 'failed') {
    throw new AppError('PAYMENT_FAILED', payment.message ?? 'The card was declined. Try another card.');
  }
  const subscription = await detailOf(deps, accountId, subscriptionId);
  return { statusCode: payment.status === 'succeeded' ? 201 : 202, body: { subscription, payment } };
}

function endValues(row: SubscriptionRow, now: Date) {
  const runsOut = row.plan === 'trial' || row.status === 'cancelled';
  const endedAt = runsOut && row.next_pay_at && row.next_pay_at < now ? row.next_pay_at : now;
  return { status: 'ended' as const, ended_at: endedAt, next_retry_at: null, updated_at: now };
}

// ---------------------------------------------------------------------------------------------------
// POST /v1/subscription/new/{plan}/{period}

export async function newSubscription(
  deps: SubscriptionActionDeps,
  accountId: string,
  input: { plan: PlanName; period: BillingPeriod; currency?: Currency; coupon?: string; paymentMethodId?: string },
): Promise<ChargeAnswer> {
  checkPlanOnSale(input.plan);
  await getBilling(deps, accountId); // 400 'billing details not found'
  await checkCard(deps, accountId, input.paymentMethodId);
  const quote = await quotePrice(deps, {
    accountId,
    plan: input.plan,
    period: input.period,
    currency: input.currency,
    coupon: input.coupon,
    requestCountry: null,
  });
  checkCoupon(quote);
  const description = newDescription(input.plan, input.period);

  const prepared = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const now = deps.clock.now();
    const open = (await selectOpenSubscriptions(trx, accountId)).map((row) => ({
      row,
      status: effectiveStatus(row, now),
    }));
    const running = open.find((r) => r.row.plan !== 'trial' && ['active', 'payment', 'cancelled'].includes(r.status));
    if (running) {
      const { row } = running;
      if (row.plan === input.plan && row.pay_period === input.period) {
        const repeat = await recentRepeat(deps, trx, row, description);
        if (repeat) return { kind: 'done' as const, sub: row, paymentId: repeat.id };
      }
      const how =
        running.status === 'cancelled'
          ? 'It runs until the end of the period: renew it, or choose a new plan once it has ended.'
          : running.status === 'payment'
            ? 'Its last payment failed: renew it with a working card.'
            : 'Change it with an upgrade, a downgrade or a period change.';
      throw new AppError('ACTIVE_SUBSCRIPTION', `You already have a subscription. ${how}`);
    }
    let pending = open.find((r) => r.row.status === 'pending' && r.status === 'pending')?.row;
    const abandoned: PaymentRow[] = [];
    if (
      pending &&
      (pending.plan !== input.plan || pending.pay_period !== input.period || pending.currency !== quote.currency)
    ) {
      // The buyer changed their mind before paying: the older pending subscription is abandoned,
      // and a confirmation step it left open is called off.
      await updateSubscriptionIf(trx, pending.id, { status: 'pending' }, endValues(pending, now));
      abandoned.push(...(await selectWaitingPayments(trx, pending.id)));
      pending = undefined;
    }
    pending ??= await insertSubscription(trx, {
      account_id: accountId,
      plan: input.plan,
      status: 'pending',
      pay_period: input.period,
      currency: quote.currency,
      started_at: now,
      next_pay_at: null,
      created_at: now,
      updated_at: now,
      price: quote.price,
      tax: quote.tax,
      total: quote.total,
      tax_percentage: quote.taxPercentage,
      coupon: quote.coupon?.valid ? quote.coupon.code : null,
      payment_method_id: input.paymentMethodId ?? null,
    });
    const chosen = await chooseAttempt(trx, pending, description, quote, input.paymentMethodId, now);
    return { kind: 'charge' as const, sub: pending, ...chosen, superseded: [...abandoned, ...chosen.superseded] };
  });

  if (prepared.kind === 'done') {
    return answer(deps, accountId, prepared.sub.id, await getPayment(deps, accountId, prepared.paymentId));
  }
  const { sub, attempt } = prepared;
  const payment = await chargeChosen(deps, accountId, prepared, description, input.paymentMethodId);
  if (payment.status === 'succeeded') await activatePaid(deps, accountId, sub, attempt, payment);
  return answer(deps, accountId, sub.id, payment);
}

/**
 * A pending subscription whose first charge (attempt `attempt`) succeeded becomes active: the period
 * starts now, the amounts paid are stored, anything else still open (the trial) ends, and the
 * certificate is issued. Only from that pending attempt, once: a twin request, or the renewal job
 * settling a charge confirmed after the buyer left (webhook, 3-D Secure), finds it applied already.
 */
export async function activatePaid(
  deps: SubscriptionActionDeps,
  accountId: string,
  sub: Pick<SubscriptionRow, 'id' | 'pay_period'>,
  attempt: number,
  payment: Pick<Payment, 'id' | 'currency' | 'price' | 'tax' | 'total' | 'taxPercentage'>,
): Promise<boolean> {
  const period = sub.pay_period ?? 'month';
  const activated = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const now = deps.clock.now();
    const row = await updateSubscriptionIf(
      trx,
      sub.id,
      { status: 'pending', charge_attempt: attempt },
      {
        status: 'active',
        started_at: now,
        period_started_at: now,
        next_pay_at: addPeriod(now, period),
        currency: payment.currency,
        price: payment.price,
        tax: payment.tax,
        total: payment.total,
        tax_percentage: payment.taxPercentage,
        last_payment_id: payment.id,
        payment_method_id: (await selectPaymentByKey(trx, chargeKey(sub.id, attempt)))?.payment_method_id ?? null,
        updated_at: now,
      },
    );
    if (!row) return false;
    // Trial -> paid: the trial (and anything else still open) ends as the paid plan starts.
    for (const other of await selectOpenSubscriptions(trx, accountId)) {
      if (other.id !== row.id)
        await updateSubscriptionIf(trx, other.id, { status: other.status }, endValues(other, now));
    }
    await keepChannelsThatFit(trx, accountId, row.plan, now);
    return true;
  });
  if (activated) await refreshLicence(deps, accountId, sub.id);
  return activated;
}

/**
 * A new plan covers at most its limit of the channels the account kept from before (decision 051): a
 * former Professional subscriber with five channels who comes back on Start keeps the oldest one,
 * the licence having listed it longest; the others go, and certificates listing them stop being
 * current, as when a downgrade applies. The trial's one channel fits every paid plan.
 */
async function keepChannelsThatFit(trx: Db, accountId: string, plan: PlanName, now: Date): Promise<void> {
  await lockAccountChannels(trx, accountId);
  const channels = await listChannels({ db: trx }, accountId);
  const limit = CHANNEL_LIMITS[plan];
  if (channels.length <= limit) return;
  const kept = channels.slice(0, limit).map((channel) => channel.url);
  for (const removed of await deleteChannelsExcept(trx, accountId, kept)) {
    await supersedeLicencesListing(trx, accountId, removed.url, now);
  }
}

// ---------------------------------------------------------------------------------------------------
// The running subscription and the checks shared by the change actions

async function running(
  deps: SubscriptionActionDeps,
  trx: Db,
  accountId: string,
): Promise<{ row: SubscriptionRow; status: SubscriptionRow['status'] }> {
  const current = await currentRow({ db: trx, clock: deps.clock }, accountId);
  if (!current || current.status === 'pending') {
    throw new AppError('CONFLICT', 'You have no active subscription. Choose a plan first.');
  }
  return current;
}

function requireActivePaid(current: { row: SubscriptionRow; status: SubscriptionRow['status'] }, action: string) {
  if (current.row.plan === 'trial') {
    throw new AppError('CONFLICT', `The free trial cannot ${action}. Choose a paid plan instead.`);
  }
  if (current.row.plan === 'enterprise') {
    throw new AppError('CONFLICT', 'Enterprise subscriptions are changed through your account manager.');
  }
  if (current.status === 'payment') {
    throw new AppError('CONFLICT', `Your last payment failed. Renew with a working card before you ${action}.`);
  }
  if (current.status === 'cancelled') {
    throw new AppError('CONFLICT', `Your subscription is cancelled. Turn renewal back on before you ${action}.`);
  }
}

// ---------------------------------------------------------------------------------------------------
// POST /v1/subscription/upgrade/{plan}/{period}

export async function upgrade(
  deps: SubscriptionActionDeps,
  accountId: string,
  input: { plan: PlanName; period: BillingPeriod; coupon?: string; paymentMethodId?: string },
): Promise<ChargeAnswer> {
  checkPlanOnSale(input.plan);
  const description = upgradeDescription(input.plan, input.period);

  // A repeat (double click, or after 3-D Secure) must not need a fresh quote: the period moved on.
  const first = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const current = await running(deps, trx, accountId);
    if (current.row.plan === input.plan && current.row.pay_period === input.period) {
      const repeat = await recentRepeat(deps, trx, current.row, description);
      if (repeat) return { sub: current.row, paymentId: repeat.id };
      throw new AppError(
        'CONFLICT',
        `You are already on the ${planPhrase(input.plan)}, billed ${periodWord(input.period)}.`,
      );
    }
    requireActivePaid(current, 'upgrade');
    if (planTier(input.plan) <= planTier(current.row.plan)) {
      throw new AppError(
        'BAD_REQUEST',
        `An upgrade goes to a plan above your ${planPhrase(current.row.plan)}; use a downgrade or a period change instead.`,
      );
    }
    return { sub: current.row, paymentId: null };
  });
  if (first.paymentId) return answer(deps, accountId, first.sub.id, await getPayment(deps, accountId, first.paymentId));

  await getBilling(deps, accountId);
  await checkCard(deps, accountId, input.paymentMethodId);
  const quote = await quotePrice(deps, {
    accountId,
    plan: input.plan,
    period: input.period,
    coupon: input.coupon,
    upgrade: true,
    requestCountry: null,
  });
  checkCoupon(quote);

  const prepared = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const current = await running(deps, trx, accountId);
    if (current.row.id !== first.sub.id || current.row.plan !== first.sub.plan) {
      throw new AppError('CONFLICT', 'Your subscription changed meanwhile. Reload the page and try again.');
    }
    requireActivePaid(current, 'upgrade');
    const chosen = await chooseAttempt(
      trx,
      current.row,
      description,
      quote,
      input.paymentMethodId,
      deps.clock.now(),
      true,
    );
    return { sub: current.row, ...chosen };
  });

  const { sub, attempt } = prepared;
  const payment = await chargeChosen(deps, accountId, prepared, description, input.paymentMethodId);
  if (payment.status === 'succeeded') {
    const now = deps.clock.now();
    // Only from the plan the charge was quoted for, once: a twin request finds it applied already.
    const applied = await updateSubscriptionIf(
      deps.db,
      sub.id,
      { status: 'active', plan: sub.plan, charge_attempt: attempt },
      {
        plan: input.plan,
        pay_period: input.period,
        period_started_at: now,
        next_pay_at: addPeriod(now, input.period),
        price: payment.price,
        tax: payment.tax,
        total: payment.total,
        tax_percentage: payment.taxPercentage,
        last_payment_id: payment.id,
        pending_plan: null,
        pending_period: null,
        pending_channels: null,
        change_requested_at: null,
        updated_at: now,
      },
    );
    if (applied) await refreshLicence(deps, accountId, sub.id);
  }
  return answer(deps, accountId, sub.id, payment);
}

// ---------------------------------------------------------------------------------------------------
// Changes at the period end: downgrade, period change, and dropping them

/** Runs `change` on the account's running subscription under the account lock; answers its detail. */
async function changeRunning(
  deps: SubscriptionActionDeps,
  accountId: string,
  change: (trx: Db, current: { row: SubscriptionRow; status: SubscriptionRow['status'] }) => Promise<void>,
): Promise<SubscriptionDetail> {
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const current = await running(deps, trx, accountId);
    await change(trx, current);
    return current.row.id;
  });
  return detailOf(deps, accountId, id);
}

const sameUrl = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function downgrade(
  deps: SubscriptionActionDeps,
  accountId: string,
  input: { plan: PlanName; period: BillingPeriod; channels: ChannelRef[] },
): Promise<SubscriptionDetail> {
  checkPlanOnSale(input.plan);
  return changeRunning(deps, accountId, async (trx, current) => {
    requireActivePaid(current, 'downgrade');
    const { row } = current;
    if (planTier(input.plan) >= planTier(row.plan)) {
      throw new AppError(
        'BAD_REQUEST',
        `A downgrade goes to a plan below your ${planPhrase(row.plan)}; use an upgrade or a period change instead.`,
      );
    }
    const owned = await listChannels({ db: trx }, accountId);
    const kept: ChannelRef[] = [];
    for (const channel of input.channels) {
      const match = owned.find((c) => c.type === channel.type && sameUrl(c.url, channel.url));
      if (!match) {
        throw new AppError('VALIDATION_FAILED', `Invalid body: channels: ${channel.url} is not one of your channels.`);
      }
      if (!kept.some((c) => sameUrl(c.url, match.url))) kept.push({ type: match.type, url: match.url });
    }
    const limit = CHANNEL_LIMITS[input.plan];
    if (kept.length > limit) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Invalid body: channels: the ${planPhrase(input.plan)} covers ${limit} channel${limit === 1 ? '' : 's'}; keep at most ${limit}.`,
      );
    }
    await updateSubscriptionIf(
      trx,
      row.id,
      { status: 'active', plan: row.plan },
      {
        pending_plan: input.plan,
        pending_period: input.period,
        pending_channels: JSON.stringify(kept),
        change_requested_at: deps.clock.now(),
        updated_at: deps.clock.now(),
      },
    );
  });
}

export function cancelDowngrade(deps: SubscriptionActionDeps, accountId: string): Promise<SubscriptionDetail> {
  return changeRunning(deps, accountId, async (trx, { row }) => {
    if (!row.pending_plan) throw new AppError('CONFLICT', 'There is no downgrade to cancel.');
    await updateSubscriptionIf(
      trx,
      row.id,
      { status: row.status },
      {
        pending_plan: null,
        pending_period: null,
        pending_channels: null,
        change_requested_at: null,
        updated_at: deps.clock.now(),
      },
    );
  });
}

export function changePeriod(
  deps: SubscriptionActionDeps,
  accountId: string,
  period: BillingPeriod,
): Promise<SubscriptionDetail> {
  return changeRunning(deps, accountId, async (trx, current) => {
    requireActivePaid(current, 'change the billing period');
    const { row } = current;
    const target = row.pending_period ?? row.pay_period;
    if (target === period) {
      throw new AppError('CONFLICT', `Your subscription already renews ${periodWord(period)}.`);
    }
    // With a downgrade waiting, the period change becomes part of it; otherwise it stands alone.
    const pendingPeriod = !row.pending_plan && period === row.pay_period ? null : period;
    await updateSubscriptionIf(
      trx,
      row.id,
      { status: 'active' },
      { pending_period: pendingPeriod, change_requested_at: deps.clock.now(), updated_at: deps.clock.now() },
    );
  });
}

export function cancelPeriodChange(deps: SubscriptionActionDeps, accountId: string): Promise<SubscriptionDetail> {
  return changeRunning(deps, accountId, async (trx, { row }) => {
    if (!row.pending_period || row.pending_period === row.pay_period) {
      throw new AppError('CONFLICT', 'There is no billing period change to cancel.');
    }
    await updateSubscriptionIf(
      trx,
      row.id,
      { status: row.status },
      { pending_period: row.pending_plan ? row.pay_period : null, updated_at: deps.clock.now() },
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// Cancel and renew

/** Answers the confirmation steps left open on a subscription it ended, for the caller to call off. */
async function cancelRow(
  deps: SubscriptionActionDeps,
  trx: Db,
  row: SubscriptionRow,
  force: boolean,
): Promise<PaymentRow[]> {
  const now = deps.clock.now();
  const status = effectiveStatus(row, now);
  if (status === 'ended') throw new AppError('CONFLICT', 'This subscription has already ended.');
  const dropChanges = { pending_plan: null, pending_period: null, pending_channels: null, change_requested_at: null };
  // A pending one has no period to run out, a failed renewal's period is already over: both end now.
  if (force || status === 'pending' || status === 'payment') {
    await updateSubscriptionIf(trx, row.id, { status: row.status }, { ...endValues(row, now), ...dropChanges });
    return selectWaitingPayments(trx, row.id);
  }
  if (row.plan === 'trial') {
    throw new AppError('CONFLICT', 'The free trial does not renew: it ends by itself. Use force=true to end it now.');
  }
  if (status === 'cancelled') throw new AppError('CONFLICT', 'Renewal is already turned off for this subscription.');
  await updateSubscriptionIf(
    trx,
    row.id,
    { status: 'active' },
    { status: 'cancelled', cancelled_at: now, updated_at: now, ...dropChanges },
  );
  return [];
}

/** DELETE /v1/subscription/cancel/renew: the current subscription stops renewing. */
export async function cancelRenewal(deps: SubscriptionActionDeps, accountId: string): Promise<SubscriptionDetail> {
  const { id, waiting } = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const current = await currentRow({ db: trx, clock: deps.clock }, accountId);
    if (!current) throw new AppError('CONFLICT', 'You have no subscription to cancel.');
    return { id: current.row.id, waiting: await cancelRow(deps, trx, current.row, false) };
  });
  for (const row of waiting) await cancelWaitingPayment(deps, row);
  return detailOf(deps, accountId, id);
}

/** DELETE /v1/subscription/cancel/{id}?force: that subscription stops renewing, or ends now. */
export async function cancelById(
  deps: SubscriptionActionDeps,
  accountId: string,
  id: string,
  force: boolean,
): Promise<SubscriptionDetail> {
  const waiting = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const row = await selectOwnSubscription(trx, accountId, id);
    if (!row) throw notFound('Subscription');
    return cancelRow(deps, trx, row, force);
  });
  for (const row of waiting) await cancelWaitingPayment(deps, row);
  return detailOf(deps, accountId, id);
}

/**
 * POST /v1/subscription/renew: a cancelled subscription renews again (no charge); one whose renewal
 * failed is charged now with the default card (renewal.job's chargeRenewal, same keys as the job).
 */
export async function renew(
  deps: SubscriptionActionDeps,
  accountId: string,
): Promise<{ statusCode: 200 | 201 | 202; body: SubscriptionActionResult }> {
  const current = await deps.db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const found = await currentRow({ db: trx, clock: deps.clock }, accountId);
    if (!found || found.status === 'pending') {
      throw new AppError('CONFLICT', 'You have no subscription to renew. Choose a plan first.');
    }
    if (found.row.plan === 'trial') {
      throw new AppError('CONFLICT', 'The free trial does not renew. Choose a paid plan to continue.');
    }
    if (found.status === 'active') throw new AppError('CONFLICT', 'Your subscription already renews.');
    if (found.status === 'cancelled') {
      await updateSubscriptionIf(
        trx,
        found.row.id,
        { status: 'cancelled' },
        { status: 'active', cancelled_at: null, updated_at: deps.clock.now() },
      );
    }
    return found;
  });
  if (current.status === 'cancelled') {
    return { statusCode: 200, body: { subscription: await detailOf(deps, accountId, current.row.id), payment: null } };
  }
  // status payment
  await checkCard(deps, accountId);
  const payment = await chargeRenewal(deps, current.row, 'user');
  if (payment === null) {
    throw new AppError('CONFLICT', 'Your subscription changed meanwhile. Reload the page and try again.');
  }
  return answer(deps, accountId, current.row.id, await settled(deps, accountId, payment));
}

// ---------------------------------------------------------------------------------------------------
// Reads

export async function getCurrentDetail(
  deps: SubscriptionActionDeps,
  accountId: string,
): Promise<SubscriptionDetail | null> {
  const current = await currentRow(deps, accountId);
  return current ? toDetail(deps, current.row) : null;
}

export async function listMySubscriptions(
  deps: SubscriptionActionDeps,
  accountId: string,
): Promise<SubscriptionDetail[]> {
  const rows = await selectAllSubscriptions(deps.db, accountId);
  return Promise.all(rows.map((row) => toDetail(deps, row)));
}

/**
 * GET /v1/subscription/payment: the charge a pending subscription waits on (the 3-D Secure step, or
 * the declined first payment), or the failed renewal of one in status payment; else null.
 */
export async function currentPayment(deps: SubscriptionActionDeps, accountId: string): Promise<Payment | null> {
  const current = await currentRow(deps, accountId);
  if (!current || (current.status !== 'pending' && current.status !== 'payment')) return null;
  const latest = await deps.db
    .selectFrom('payments')
    .select('id')
    .where('subscription_id', '=', current.row.id)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return null;
  const payment = await getPayment(deps, accountId, latest.id);
  return payment.status === 'succeeded' ? null : payment;
}
