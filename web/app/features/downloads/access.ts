import type { TFunction } from 'i18next';
import { TRIAL_DAYS, type Me } from '@cuewave/contract/account';
import type { DownloadDeniedCode } from '@cuewave/contract/downloads';
import { FINISH_SIGNUP_PATH, LOGIN_PATH, TRIAL_PATH } from '../shell/nav-links';
import { CHOOSE_PLAN_PATH, FINISH_CHECKOUT_PATH, SUBSCRIPTION_PATH } from '../subscription/paths';

/**
 * Who may download, and what everyone else is asked to do instead (issue 12): a visitor starts the
 * free trial or signs in; someone whose trial or plan is over (or who never finished a plan) chooses
 * a plan; a first payment not completed is finished. A subscriber who may download never sees
 * "Start free trial". The API's 403 code has the last word (`accessForDenied`); the rule
 * mirrors server/src/features/downloads/download-access.ts.
 */
export type DownloadAccess =
  | { kind: 'allowed' }
  | { kind: 'visitor' }
  | { kind: 'start-trial' }
  | { kind: 'finish-signup' }
  | { kind: 'choose-plan'; reason: 'trial-over' | 'plan-over' | 'no-plan' }
  | { kind: 'finish-payment' }
  | { kind: 'fix-payment' };

export function downloadAccess(me: Me | null): DownloadAccess {
  if (!me) return { kind: 'visitor' };
  const sub = me.subscription;
  if (sub && sub.status === 'pending') return { kind: 'finish-payment' };
  // A renewal whose payment is failing: downloads wait for the payment (decision 055).
  if (sub && sub.status === 'payment') return { kind: 'fix-payment' };
  // Cancelled runs until the period ends.
  if (sub && (sub.status === 'active' || sub.status === 'cancelled')) return { kind: 'allowed' };
  if (sub?.status === 'ended')
    return { kind: 'choose-plan', reason: sub.planType === 'trial' ? 'trial-over' : 'plan-over' };
  if (me.access.isTrialUsed || me.access.hadPaidPlan) return { kind: 'choose-plan', reason: 'no-plan' };
  // Never had a plan: the registration order continues (verify email, phone, then the trial).
  const step = me.registrationStep;
  if (step === 'verify-email' || step === 'add-phone' || step === 'verify-phone') return { kind: 'finish-signup' };
  return { kind: 'start-trial' };
}

export type DownloadCta = {
  title: string;
  body: string;
  /** Paths to pass through useLocalizedPath (only the pages with a /us twin change). */
  primary: { label: string; to: string };
  secondary?: { label: string; to: string };
};

/**
 * The call to action for someone who may not download (`returnTo`: where signing in comes back to),
 * in the language of `t` (the `downloads` namespace's `cta.*` texts).
 */
export function downloadCta(
  access: Exclude<DownloadAccess, { kind: 'allowed' }>,
  returnTo: string,
  t: TFunction<'downloads'>,
): DownloadCta {
  switch (access.kind) {
    case 'visitor':
      return {
        title: t('cta.visitor.title'),
        body: t('cta.visitor.body', { days: TRIAL_DAYS }),
        primary: { label: t('cta.startTrial'), to: TRIAL_PATH },
        secondary: { label: t('cta.signIn'), to: `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnTo)}` },
      };
    case 'start-trial':
      return {
        title: t('cta.startTrialTitle'),
        body: t('cta.startTrialBody', { days: TRIAL_DAYS }),
        primary: { label: t('cta.startTrial'), to: FINISH_SIGNUP_PATH },
        secondary: { label: t('cta.seePlans'), to: '/licenses' },
      };
    case 'finish-signup':
      return {
        title: t('cta.finishSignup.title'),
        body: t('cta.finishSignup.body'),
        primary: { label: t('cta.finishSignup.action'), to: FINISH_SIGNUP_PATH },
      };
    case 'choose-plan':
      return {
        title: t(`cta.choosePlan.title.${access.reason}`),
        body: t('cta.choosePlan.body'),
        primary: { label: t('cta.choosePlan.action'), to: CHOOSE_PLAN_PATH },
        secondary: { label: t('cta.comparePlans'), to: '/licenses' },
      };
    case 'fix-payment':
      return {
        title: t('cta.fixPayment.title'),
        body: t('cta.fixPayment.body'),
        primary: { label: t('cta.fixPayment.action'), to: SUBSCRIPTION_PATH },
      };
    case 'finish-payment':
      return {
        title: t('cta.finishPayment.title'),
        body: t('cta.finishPayment.body'),
        primary: { label: t('cta.finishPayment.action'), to: FINISH_CHECKOUT_PATH },
      };
  }
}

/** The API refused (403): the access its code stands for. */
export function accessForDenied(code: string, me: Me | null): Exclude<DownloadAccess, { kind: 'allowed' }> {
  switch (code as DownloadDeniedCode) {
    case 'DOWNLOAD_PAYMENT_PENDING':
      return me?.subscription?.status === 'payment' ? { kind: 'fix-payment' } : { kind: 'finish-payment' };
    case 'DOWNLOAD_SUBSCRIPTION_ENDED':
      return { kind: 'choose-plan', reason: me?.subscription?.planType === 'trial' ? 'trial-over' : 'plan-over' };
    case 'DOWNLOAD_NO_SUBSCRIPTION': {
      const local = downloadAccess(me);
      return local.kind === 'allowed' ? { kind: 'choose-plan', reason: 'no-plan' } : local;
    }
    default: {
      const local = downloadAccess(me);
      return local.kind === 'allowed' ? { kind: 'choose-plan', reason: 'no-plan' } : local;
    }
  }
}
