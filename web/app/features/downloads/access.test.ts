import { describe, expect, it } from 'vitest';
import type { Me, SubscriptionSummary } from '@cuewave/contract/account';
import { viewerFixture } from '../../test/viewer-fixture';
import { getI18n } from 'react-i18next';
import type { TFunction } from 'i18next';
import { accessForDenied, downloadAccess, downloadCta as cta } from './access';

const downloadCta = (...args: [Parameters<typeof cta>[0], string]) =>
  cta(...args, getI18n().getFixedT('en', 'downloads') as TFunction<'downloads'>);

function withSubscription(
  status: SubscriptionSummary['status'],
  planType: SubscriptionSummary['planType'] = 'start',
): Me {
  const me = viewerFixture();
  return {
    ...me,
    subscription: { id: 's1', planType, status, payPeriod: 'monthly', nextPayTS: null, currency: 'eur' },
    access: {
      ...me.access,
      isNoPlan: status === 'ended',
      isPendingPayment: status === 'pending' || status === 'payment',
    },
  };
}

describe('who may download', () => {
  it('lets a running subscription download, the trial and a cancelled plan until its end included', () => {
    expect(downloadAccess(withSubscription('active', 'trial')).kind).toBe('allowed');
    expect(downloadAccess(withSubscription('active', 'professional')).kind).toBe('allowed');
    expect(downloadAccess(withSubscription('cancelled')).kind).toBe('allowed');
  });

  it('gives everyone else the call to action for their state', () => {
    expect(downloadAccess(null)).toEqual({ kind: 'visitor' });
    expect(downloadAccess(withSubscription('pending'))).toEqual({ kind: 'finish-payment' });
    expect(downloadAccess(withSubscription('payment'))).toEqual({ kind: 'fix-payment' });
    expect(downloadAccess(withSubscription('ended', 'trial'))).toEqual({ kind: 'choose-plan', reason: 'trial-over' });
    expect(downloadAccess(withSubscription('ended', 'advanced'))).toEqual({ kind: 'choose-plan', reason: 'plan-over' });
    const trialUsed = viewerFixture({ registrationStep: 'select-plan' });
    trialUsed.access.isTrialUsed = true;
    expect(downloadAccess(trialUsed)).toEqual({ kind: 'choose-plan', reason: 'no-plan' });
    expect(downloadAccess(viewerFixture({ registrationStep: 'verify-email' }))).toEqual({ kind: 'finish-signup' });
    expect(downloadAccess(viewerFixture({ registrationStep: 'trial' }))).toEqual({ kind: 'start-trial' });
  });

  it('offers the free trial only to those who can still have it', () => {
    const label = (me: Me | null) => {
      const access = downloadAccess(me);
      return access.kind === 'allowed' ? null : downloadCta(access, '/c/song/x').primary.label;
    };
    expect(label(null)).toBe('Start free trial');
    expect(label(viewerFixture({ registrationStep: 'trial' }))).toBe('Start free trial');
    expect(label(withSubscription('ended', 'trial'))).toBe('Choose a plan');
    expect(label(withSubscription('pending'))).toBe('Finish payment');
    expect(label(withSubscription('payment'))).toBe('Update payment');
    expect(downloadCta({ kind: 'choose-plan', reason: 'trial-over' }, '/').primary.to).toBe('/register/select-plan');
  });

  it('sends a visitor who signs in back to the page', () => {
    expect(downloadCta({ kind: 'visitor' }, '/c/song/abc?x=1').secondary).toEqual({
      label: 'Sign in',
      to: '/auth/login?returnUrl=%2Fc%2Fsong%2Fabc%3Fx%3D1',
    });
  });

  it('turns the API’s 403 code into the call to action', () => {
    expect(accessForDenied('DOWNLOAD_PAYMENT_PENDING', withSubscription('pending'))).toEqual({
      kind: 'finish-payment',
    });
    expect(accessForDenied('DOWNLOAD_PAYMENT_PENDING', withSubscription('payment'))).toEqual({ kind: 'fix-payment' });
    expect(accessForDenied('DOWNLOAD_SUBSCRIPTION_ENDED', withSubscription('active', 'trial'))).toEqual({
      kind: 'choose-plan',
      reason: 'trial-over',
    });
    // The page thought the plan was running (a stale viewer): the API's word wins.
    expect(accessForDenied('DOWNLOAD_NO_SUBSCRIPTION', withSubscription('active'))).toEqual({
      kind: 'choose-plan',
      reason: 'no-plan',
    });
    expect(accessForDenied('DOWNLOAD_NO_SUBSCRIPTION', viewerFixture({ registrationStep: 'trial' }))).toEqual({
      kind: 'start-trial',
    });
  });
});
