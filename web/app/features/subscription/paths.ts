/**
 * Where a subscriber whose first payment is not complete finishes it: the subscription page pays
 * it with the saved card (the register pages send a finished registration home, and a pending
 * subscription finishes registration).
 */
export const FINISH_CHECKOUT_PATH = '/dashboard/licenses';
/** Cards and billing details; dashboard paths have no /us variant. */
export const BILLING_PATH = '/dashboard/billing';
export const SUBSCRIPTION_PATH = '/dashboard/licenses';
/** Plans and prices, where a trial or a former subscriber chooses a plan. */
export const PRICING_PATH = '/licenses';
