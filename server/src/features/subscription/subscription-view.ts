import { CHANNEL_LIMITS } from '@cuewave/contract/account';
import { currencySchema } from '@cuewave/contract/pricing';
import type { PendingChange, Renewal, SubscriptionDetail } from '@cuewave/contract/subscription';
import { quotePrice, type PricingDeps } from '../pricing/pricing.service';
import { effectiveStatus, toSummary } from './subscription.service';
import type { SubscriptionRow } from './subscription.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function pendingChangeOf(row: SubscriptionRow): PendingChange | null {
  const effectiveTS = iso(row.next_pay_at);
  if (!effectiveTS) return null;
  if (row.pending_plan) {
    return {
      type: 'downgrade',
      plan: row.pending_plan,
      period: row.pending_period ?? row.pay_period ?? 'month',
      channels: row.pending_channels ?? [],
      effectiveTS,
    };
  }
  if (row.pending_period) return { type: 'change_cycle', period: row.pending_period, effectiveTS };
  return null;
}

/** What the next renewal charges: the plan after any pending change, at its list price with today's tax. */
async function renewalOf(
  deps: PricingDeps,
  row: SubscriptionRow,
  status: SubscriptionRow['status'],
): Promise<Renewal | null> {
  if (status !== 'active' && status !== 'payment') return null;
  if (row.plan === 'trial' || row.plan === 'enterprise' || !row.next_pay_at) return null;
  const plan = row.pending_plan ?? row.plan;
  const period = row.pending_period ?? row.pay_period;
  const currency = currencySchema.safeParse(row.currency);
  if (!period || !currency.success || plan === 'trial' || plan === 'enterprise') return null;
  const quote = await quotePrice(deps, {
    accountId: row.account_id,
    plan,
    period,
    currency: currency.data,
    requestCountry: null,
  });
  const due = status === 'payment' ? (row.next_retry_at ?? row.next_pay_at) : row.next_pay_at;
  return {
    plan,
    period,
    currency: quote.currency,
    price: quote.price,
    tax: quote.tax,
    total: quote.total,
    taxPercentage: quote.taxPercentage,
    dueTS: due.toISOString(),
  };
}

/** GET /v1/subscription's shape (decision 045) for one row, as of the clock's now. */
export async function toDetail(deps: PricingDeps, row: SubscriptionRow): Promise<SubscriptionDetail> {
  const status = effectiveStatus(row, deps.clock.now());
  return {
    ...toSummary(row, status),
    period: row.pay_period,
    startedTS: row.started_at.toISOString(),
    periodStartTS: iso(row.period_started_at ?? (row.status === 'pending' ? null : row.started_at)),
    endedTS: iso(row.ended_at),
    channelLimit: CHANNEL_LIMITS[row.plan],
    pendingChange: status === 'ended' ? null : pendingChangeOf(row),
    renewal: await renewalOf(deps, row, status),
    retry: status === 'payment' ? { attempts: row.renewal_attempts, nextRetryTS: iso(row.next_retry_at) } : null,
  };
}
