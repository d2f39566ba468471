/**
 * Where a subscriber whose first payment is not complete finishes it: the subscription page pays
 * it with the saved card (the register pages send a finished registration home, and a pending
 * subscription finishes registration).
 */
export const FINISH_CHECKOUT_PATH = '/dashboard/licenses';
/** Cards and billing details; dashboard paths have no /us variant. */
export const BILLING_PATH = '/dashboard/billing';
export const SUBSCRIPTION_PATH = '/dashboard/licenses';
/** Plans and prices with the comparison and FAQ. */
export const PRICING_PATH = '/licenses';
/**
 * Where a signed-in user without a paid plan (on the trial, or whose plan ended or was cancelled)
 * buys one: choose the plan, then billing details, card and 3-D Secure (decision 051). Linked from
 * the banner, the subscription page and the trial emails.
 */
export const CHOOSE_PLAN_PATH = '/register/select-plan';
