import type { Me } from '@cuewave/contract/account';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { dashboardNavFor, DASHBOARD_PATH, type NavLink } from '../shell/nav-links';
import { daysLeft } from '../subscription/status';

/**
 * What the dashboard overview shows (decision 053), decided apart from the markup so each case is
 * testable: a live plan with its cards, a plan that ended, or no plan at all. A subscription
 * waiting for its first payment counts as live: the subscriber must see it and finish paying.
 */
export type Overview =
  | { kind: 'failed' }
  | { kind: 'none' }
  | { kind: 'ended'; subscription: SubscriptionDetail }
  | {
      kind: 'live';
      subscription: SubscriptionDetail;
      daysLeft: number | null;
      /** The renewal the card will be charged for; null when nothing renews (trial, cancelled, enterprise). */
      nextCharge: SubscriptionDetail['renewal'];
      /** The certificate exists once the first payment is complete (decision 044). */
      licenceReady: boolean;
    };

export function overviewOf(subscription: SubscriptionDetail | null, failed: boolean, now: number): Overview {
  if (failed) return { kind: 'failed' };
  if (!subscription) return { kind: 'none' };
  if (subscription.status === 'ended') return { kind: 'ended', subscription };
  return {
    kind: 'live',
    subscription,
    daysLeft: daysLeft(subscription.nextPayTS, now),
    nextCharge: subscription.status === 'active' ? subscription.renewal : null,
    licenceReady: subscription.status !== 'pending',
  };
}

/** The other sections the overview leads to: the same list as the dashboard's side navigation. */
export function overviewSections(me: Me): NavLink[] {
  return dashboardNavFor(me).filter((section) => section.url !== DASHBOARD_PATH);
}
