import type { BillingPeriod, PlanName } from '@cuewave/contract/account';
import type { Payment } from '@cuewave/contract/payment';
import type { PriceQuote } from '@cuewave/contract/pricing';
import { getPayment } from '../payment/charge.service';
import type { PaymentDeps } from '../payment/payment-methods.service';
import type { PaymentRow } from '../payment/payment.repo';
import { listPlans } from '../pricing/pricing.service';

// What the subscription actions and the renewal job share about a charge: its wording, its amounts
// and the wait for a twin request's answer.

/** Charges, licences and quotes need the providers and the public URL as well as the database. */
export type SubscriptionActionDeps = PaymentDeps;

export type ChargeQuote = Pick<PriceQuote, 'currency' | 'price' | 'tax' | 'total' | 'taxPercentage'>;

/** How long a request waits for a twin request's charge to come back before answering 202. */
const SETTLE_WAIT_MS = 5_000;

export const periodWord = (period: BillingPeriod) => (period === 'month' ? 'monthly' : 'yearly');
export const planTitle = (plan: PlanName) => listPlans().find((p) => p.name === plan)?.title ?? plan;

/** The amounts of an earlier payment, to repeat exactly that charge (its key then answers it again). */
export const amountsOf = (p: PaymentRow): ChargeQuote => ({
  currency: p.currency,
  price: p.price,
  tax: p.tax,
  total: p.total,
  taxPercentage: Number(p.tax_percentage),
});

/** A twin request may be mid-charge with the same key: wait briefly for its answer. */
export async function settled(deps: SubscriptionActionDeps, accountId: string, payment: Payment): Promise<Payment> {
  let current = payment;
  const until = Date.now() + SETTLE_WAIT_MS;
  while (current.status === 'pending' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await getPayment(deps, accountId, current.id);
  }
  return current;
}
