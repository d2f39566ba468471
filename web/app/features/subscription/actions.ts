import { CHANNEL_LIMITS, type BillingPeriod, type PlanName } from '@cuewave/contract/account-rules';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { PLAN_ORDER, planRank, planTitle, type SubscriptionT } from './status';

/**
 * What the subscriber can do from the dashboard, by status and plan (decision 045). The page shows
 * exactly these buttons, so a call the API would refuse (409) is never offered.
 */
export type SubscriptionAction =
  | 'upgrade'
  | 'downgrade'
  | 'changePeriod'
  | 'cancelDowngrade'
  | 'cancelPeriodChange'
  | 'cancelRenewal'
  | 'renew'
  | 'retryPayment'
  | 'updateCard'
  | 'finishCheckout'
  | 'choosePlan'
  | 'contactSales';

export type ActionSubject = Pick<SubscriptionDetail, 'planType' | 'status' | 'period' | 'pendingChange'>;

export function availableActions(s: ActionSubject | null): Set<SubscriptionAction> {
  const actions = new Set<SubscriptionAction>();
  if (!s || s.status === 'ended') {
    actions.add('choosePlan');
    return actions;
  }
  // The trial ends by itself; a paid plan starts through checkout (allowed over a running trial).
  if (s.planType === 'trial') {
    actions.add('choosePlan');
    return actions;
  }
  // Enterprise agreements are changed with the account manager, not by card.
  if (s.planType === 'enterprise') {
    actions.add('contactSales');
    return actions;
  }
  switch (s.status) {
    case 'pending':
      actions.add('finishCheckout');
      break;
    case 'payment':
      actions.add('retryPayment');
      actions.add('updateCard');
      break;
    case 'cancelled':
      actions.add('renew');
      break;
    case 'active': {
      if (upgradeTargets(s.planType).length) actions.add('upgrade');
      // One change waits for the period end at a time. A downgrade replaces a planned period change
      // (it names its own period); with a downgrade planned, drop it first to plan something else.
      if (s.pendingChange?.type !== 'downgrade' && downgradeTargets(s.planType).length) actions.add('downgrade');
      if (!s.pendingChange && s.period) actions.add('changePeriod');
      if (s.pendingChange?.type === 'downgrade') actions.add('cancelDowngrade');
      if (s.pendingChange?.type === 'change_cycle') actions.add('cancelPeriodChange');
      actions.add('cancelRenewal');
      break;
    }
  }
  return actions;
}

/** Paid plans above the current one that can be bought by card (enterprise is the contact form). */
export function upgradeTargets(current: PlanName): PlanName[] {
  return PLAN_ORDER.filter((p) => p !== 'enterprise' && p !== 'trial' && planRank(p) > planRank(current));
}

/** Paid plans below the current one. */
export function downgradeTargets(current: PlanName): PlanName[] {
  return PLAN_ORDER.filter((p) => p !== 'enterprise' && p !== 'trial' && planRank(p) < planRank(current));
}

export function otherPeriod(period: BillingPeriod): BillingPeriod {
  return period === 'month' ? 'year' : 'month';
}

/**
 * The channels a downgrade keeps: the ones chosen, but never more than the new plan covers. When
 * everything fits, nothing has to be chosen.
 */
export function channelsToKeepProblem(chosen: number, target: PlanName, t: SubscriptionT): string | null {
  const limit = CHANNEL_LIMITS[target];
  if (chosen > limit) return t('channelsToKeep', { plan: planTitle(target, t), count: limit });
  return null;
}

/** "3 of 5 channels". */
export function channelUsage(used: number, limit: number, t: SubscriptionT): string {
  return t('channelUsage', { used, count: limit });
}
