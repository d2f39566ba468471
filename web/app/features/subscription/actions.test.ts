import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import {
  availableActions,
  channelsToKeepProblem,
  channelUsage,
  downgradeTargets,
  upgradeTargets,
  type ActionSubject,
} from './actions';

const t = getI18n().getFixedT('en', 'subscription');

const paid = (over: Partial<ActionSubject> = {}): ActionSubject => ({
  planType: 'advanced',
  status: 'active',
  period: 'month',
  pendingChange: null,
  ...over,
});

const list = (s: ActionSubject | null) => [...availableActions(s)].sort();

describe('available subscription actions', () => {
  it('offers a plan to people without one, with an ended one or on the trial', () => {
    expect(list(null)).toEqual(['choosePlan']);
    expect(list(paid({ status: 'ended' }))).toEqual(['choosePlan']);
    expect(list(paid({ planType: 'trial', period: null }))).toEqual(['choosePlan']);
  });

  it('lets an active paid plan change in every direction and cancel renewal', () => {
    expect(list(paid())).toEqual(['cancelRenewal', 'changePeriod', 'downgrade', 'upgrade']);
  });

  it('has nothing to upgrade to from professional and nothing to downgrade to from start', () => {
    expect(list(paid({ planType: 'professional' }))).toEqual(['cancelRenewal', 'changePeriod', 'downgrade']);
    expect(list(paid({ planType: 'start' }))).toEqual(['cancelRenewal', 'changePeriod', 'upgrade']);
  });

  it('plans one change at a time; a downgrade may replace a period change', () => {
    const downgrade = paid({
      planType: 'professional',
      pendingChange: { type: 'downgrade', plan: 'advanced', period: 'month', channels: [], effectiveTS: 'x' },
    });
    expect(list(downgrade)).toEqual(['cancelDowngrade', 'cancelRenewal']);
    const cycle = paid({ pendingChange: { type: 'change_cycle', period: 'year', effectiveTS: 'x' } });
    expect(list(cycle)).toEqual(['cancelPeriodChange', 'cancelRenewal', 'downgrade', 'upgrade']);
  });

  it('renews a cancelled plan, retries a failed payment, finishes a pending checkout', () => {
    expect(list(paid({ status: 'cancelled' }))).toEqual(['renew']);
    expect(list(paid({ status: 'payment' }))).toEqual(['retryPayment', 'updateCard']);
    expect(list(paid({ status: 'pending' }))).toEqual(['finishCheckout']);
  });

  it('sends enterprise customers to their account manager', () => {
    expect(list(paid({ planType: 'enterprise' }))).toEqual(['contactSales']);
  });
});

describe('plan targets and channels', () => {
  it('upgrades to card plans above, downgrades to paid plans below', () => {
    expect(upgradeTargets('start')).toEqual(['advanced', 'professional']);
    expect(upgradeTargets('professional')).toEqual([]);
    expect(downgradeTargets('professional')).toEqual(['start', 'advanced']);
    expect(downgradeTargets('start')).toEqual([]);
  });

  it('keeps at most the new plan’s channels', () => {
    expect(channelsToKeepProblem(3, 'advanced', t)).toBeNull();
    expect(channelsToKeepProblem(4, 'advanced', t)).toBe('The Advanced plan covers 3 channels: keep at most 3.');
    expect(channelsToKeepProblem(2, 'start', t)).toBe('The Start plan covers 1 channel: keep at most 1.');
  });

  it('words the usage', () => {
    expect(channelUsage(3, 5, t)).toBe('3 of 5 channels');
    expect(channelUsage(0, 1, t)).toBe('0 of 1 channel');
  });
});
