import { TRIAL_DAYS, type PlanName } from '@cuewave/contract/account-rules';
import type { Account } from '@cuewave/contract/account';
import { apiSend } from '../../lib/api';
import { planTitleText, type RegistrationT } from './plans';
import type { SignupState } from './signup-store';

/**
 * The plan chosen before signing up (signup state, spec §3) saved on the new account as signupPlan /
 * signupPeriod (decision 051). Session storage is per tab, and the verification link may be opened in
 * another tab or on another device: the account is what every one of them reads, so the registration
 * order (spec §4) goes from the confirmed email straight to add-phone. A failed save is not fatal:
 * select-plan then asks, preselecting the choice from this tab's signup state.
 */
export async function keepChosenPlan(
  signup: Pick<SignupState, 'signupPlan' | 'signupPlanPeriod' | 'billingType'>,
  send: typeof apiSend = apiSend,
): Promise<boolean> {
  const patch = signupPatch(signup);
  if (!patch) return false;
  try {
    await send<Account>('POST', '/v1/account', { json: patch });
    return true;
  } catch {
    return false;
  }
}

/** What the account should record of the signup state; null when nothing was chosen. */
export function signupPatch(
  signup: Pick<SignupState, 'signupPlan' | 'signupPlanPeriod' | 'billingType'>,
): Pick<Account, 'signupPlan' | 'signupPeriod'> | null {
  const plan = signup.signupPlan;
  if (!plan) return null;
  if (plan === 'trial') return { signupPlan: 'trial', signupPeriod: null };
  return {
    signupPlan: plan,
    signupPeriod: signup.signupPlanPeriod ?? (signup.billingType === 'monthly' ? 'month' : 'year'),
  };
}

/** The sign-up page's heading and lead follow the choice: a paid plan is not "no card needed". */
export function signupCopy(plan: PlanName | null, t: RegistrationT): { title: string; lead: string } {
  if (!plan || plan === 'trial') {
    return { title: t('signupCopy.trialTitle', { days: TRIAL_DAYS }), lead: t('signupCopy.trialLead') };
  }
  if (plan === 'enterprise') {
    return { title: t('signupCopy.enterpriseTitle'), lead: t('signupCopy.enterpriseLead') };
  }
  const title = planTitleText(plan, t);
  return { title: t('signupCopy.paidTitle', { plan: title }), lead: t('signupCopy.paidLead', { plan: title }) };
}
