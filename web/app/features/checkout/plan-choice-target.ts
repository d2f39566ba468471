import type { BillingPeriod, Me, PlanName } from '@cuewave/contract/account';
import { buysFirstPlan } from '../auth/guards';
import { nextStepAfter, stepPath } from '../registration/registration-paths';

/** The checkout of a signed-in user (decision 051): billing details, then card and confirmation. */
export const DETAILS_PATH = '/register/details';
/** Paid members change plans on their subscription page (upgrade, downgrade, renew). */
export const MANAGE_PLAN_PATH = '/dashboard/licenses';

/**
 * Where choosing `plan` on a price page leads (decision 051):
 * - a visitor signs up, the choice kept in the signup state (spec §3);
 * - a signed-in user without a paid plan (mid-registration, on the trial, or whose plan ended) has
 *   the choice saved on the account (signupPlan, so it survives other tabs and devices) and goes on
 *   to the step the registration order forces, which for a confirmed user is the billing details;
 * - Enterprise is sold through the contact form;
 * - a member with a running paid plan manages it in the dashboard.
 */
export type PlanChoiceTarget =
  | { kind: 'signup'; to: string }
  | { kind: 'save'; patch: { signupPlan: PlanName; signupPeriod: BillingPeriod | null }; to: string }
  | { kind: 'go'; to: string };

export function planChoiceTarget(viewer: Me | null, plan: PlanName, period: BillingPeriod): PlanChoiceTarget {
  if (!viewer) return { kind: 'signup', to: '/register/signup' };
  const trialMember = buysFirstPlan(viewer);
  if (viewer.registrationStep === null && !trialMember) return { kind: 'go', to: MANAGE_PLAN_PATH };
  if (plan === 'enterprise') return { kind: 'go', to: '/enterprise' };
  if (trialMember && plan === 'trial') return { kind: 'go', to: MANAGE_PLAN_PATH };
  const patch = { signupPlan: plan, signupPeriod: plan === 'trial' ? null : period };
  if (trialMember) return { kind: 'save', patch, to: DETAILS_PATH };
  return { kind: 'save', patch, to: stepPath(nextStepAfter(viewer, patch)) };
}
