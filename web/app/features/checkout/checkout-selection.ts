import type { Account, BillingPeriod, PlanName } from '@cuewave/contract/account';
import { defaultCurrency, type Currency } from '@cuewave/contract/pricing';
import { parseCurrency } from '../pricing/currency';
import { periodOf, type SignupState } from '../registration/signup-store';

export type CheckoutSelection = {
  plan: PlanName;
  period: BillingPeriod;
  currency: Currency;
  /** False for the trial and enterprise, which are not bought by card (decision 041). */
  purchasable: boolean;
};

/**
 * What the checkout sells: the plan and period saved on the account at select-plan (else the signup
 * state's, else professional yearly, spec §3's defaults), in the currency the visitor chose on the
 * price pages (signup state), else the billing country's (spec §4).
 */
export function checkoutSelection(
  account: Pick<Account, 'signupPlan' | 'signupPeriod'>,
  signup: Pick<SignupState, 'signupPlan' | 'signupPlanPeriod' | 'billingType' | 'signupCurrency'>,
  billingCountry: string | null,
): CheckoutSelection {
  const plan = account.signupPlan ?? signup.signupPlan ?? 'professional';
  const period = account.signupPeriod ?? signup.signupPlanPeriod ?? periodOf(signup.billingType);
  const currency = parseCurrency(signup.signupCurrency) ?? defaultCurrency(billingCountry);
  return { plan, period, currency, purchasable: plan !== 'trial' && plan !== 'enterprise' };
}
