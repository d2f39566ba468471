import { TRIAL_DAYS, type Account, type PlanName } from '@cuewave/contract/account';
import { apiSend } from '../../lib/api';
import { planTitle } from './plans';
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
export function signupCopy(plan: PlanName | null): { title: string; lead: string } {
  if (!plan || plan === 'trial') {
    return {
      title: `Start your ${TRIAL_DAYS}-day free trial`,
      lead: 'Every song and sound effect, ready for your videos. No card needed today.',
    };
  }
  if (plan === 'enterprise') {
    return {
      title: 'Create your account for Enterprise',
      lead: 'Enterprise is quoted for your team: create your account, then tell us what you need and we’ll send you an offer.',
    };
  }
  return {
    title: `Create your account for ${planTitle(plan)}`,
    lead: `Next you confirm your email and phone, add billing details and pay by card for your ${planTitle(plan)} plan. You see the total with tax before you pay.`,
  };
}
