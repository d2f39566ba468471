import type { Access, Account, RegistrationStep, SubscriptionSummary } from './account';

/**
 * The registration order of spec §4, as one pure function the API and the web guards share:
 * verify-email -> select-plan -> add-phone -> verify-phone -> trial | details.
 * A subscription that is active or waiting for payment completes the registration. An account that
 * has had its trial (`trialUsed`, access.isTrialUsed) and chose the trial again is sent back to
 * select-plan: the trial is once per account, so the next step is a paid plan (decision 045).
 */
export function registrationStepFor(
  account: Pick<Account, 'confirmedEmail' | 'phone' | 'confirmedPhone' | 'signupPlan'>,
  subscription: Pick<SubscriptionSummary, 'status'> | null,
  trialUsed = false,
): RegistrationStep | null {
  if (subscription && subscription.status !== 'ended') return null;
  if (!account.confirmedEmail) return 'verify-email';
  if (!account.signupPlan || (account.signupPlan === 'trial' && trialUsed)) return 'select-plan';
  if (!account.phone) return 'add-phone';
  if (!account.confirmedPhone) return 'verify-phone';
  return account.signupPlan === 'trial' ? 'trial' : 'details';
}

export function accessFor(subscription: Pick<SubscriptionSummary, 'status'> | null, trialUsed = false): Access {
  const live = subscription !== null && subscription.status !== 'ended';
  return {
    isRegisterComplete: live,
    isPendingPayment: subscription?.status === 'payment' || subscription?.status === 'pending',
    isNoPlan: !live,
    isTrialUsed: trialUsed,
  };
}

/** Position of a step in the order; pages before the forced step may be revisited, later ones not. */
export function stepIndex(step: RegistrationStep): number {
  return ['verify-email', 'select-plan', 'add-phone', 'verify-phone', 'trial', 'details'].indexOf(step);
}
