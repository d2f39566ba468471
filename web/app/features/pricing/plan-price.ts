import type { BillingPeriod } from '@cuewave/contract/account';
import type { Currency, Plan } from '@cuewave/contract/pricing';

/**
 * Price arithmetic for display (decision 041: minor units, list prices before tax). Nothing here
 * computes what is charged; the server's quote does that, with tax, at checkout.
 */

/** The list price of one billing period, or null when the plan has no card price (enterprise). */
export function listPriceOf(plan: Plan, period: BillingPeriod, currency: Currency): number | null {
  return plan.prices ? plan.prices[period][currency] : null;
}

/**
 * What one month costs on the period: the monthly price, or the yearly one spread over 12 months,
 * rounded to a whole minor unit (display only: the card is charged the yearly amount).
 */
export function perMonthOf(plan: Plan, period: BillingPeriod, currency: Currency): number | null {
  const price = listPriceOf(plan, period, currency);
  if (price === null) return null;
  return period === 'month' ? price : Math.round(price / 12);
}

export type YearlySaving = {
  /** Twelve monthly payments minus the yearly price, in minor units. */
  amount: number;
  /** That saving as a whole percentage of twelve monthly payments, rounded down so it never overstates. */
  percent: number;
};

/** How much paying yearly saves over twelve monthly payments; null when it saves nothing. */
export function yearlySavingOf(plan: Plan, currency: Currency): YearlySaving | null {
  if (!plan.prices) return null;
  const twelveMonths = plan.prices.month[currency] * 12;
  const amount = twelveMonths - plan.prices.year[currency];
  if (twelveMonths <= 0 || amount <= 0) return null;
  return { amount, percent: Math.floor((amount * 100) / twelveMonths) };
}

/** The best yearly saving among the plans, for the toggle's "save up to" hint; null when none saves. */
export function bestYearlySavingPercent(plans: readonly Plan[], currency: Currency): number | null {
  let best: number | null = null;
  for (const plan of plans) {
    const saving = yearlySavingOf(plan, currency);
    if (saving && (best === null || saving.percent > best)) best = saving.percent;
  }
  return best;
}

/** Plans sold by card, the ones with a price to show. */
export const isCardPlan = (plan: Plan) => plan.purchase === 'card' && plan.prices !== null;
