import type { SubscriptionSummary } from '@cuewave/contract/account';
import { daysLeft } from './status';

/**
 * The root shell's subscription banner (spec §2 Screens): for a signed-in user, not on register
 * paths, and hidden on any path containing 'dashboard' (the subscription page says it in full
 * there). Only states that need the subscriber to act show one; an active paid plan shows nothing.
 */
export type BannerState =
  | { kind: 'trial'; daysLeft: number | null; endsTS: string | null }
  | { kind: 'payment' }
  | { kind: 'pending' }
  | { kind: 'cancelled'; plan: SubscriptionSummary['planType']; endsTS: string | null };

export function bannerFor(
  subscription: SubscriptionSummary | null | undefined,
  pathname: string,
  now: number,
): BannerState | null {
  if (!subscription) return null;
  if (pathname.includes('register') || pathname.includes('dashboard')) return null;
  switch (subscription.status) {
    case 'active':
      return subscription.planType === 'trial'
        ? { kind: 'trial', daysLeft: daysLeft(subscription.nextPayTS, now), endsTS: subscription.nextPayTS }
        : null;
    case 'payment':
      return { kind: 'payment' };
    case 'pending':
      return { kind: 'pending' };
    case 'cancelled':
      // A cancelled trial simply runs out; there is nothing to renew.
      return subscription.planType === 'trial'
        ? { kind: 'trial', daysLeft: daysLeft(subscription.nextPayTS, now), endsTS: subscription.nextPayTS }
        : { kind: 'cancelled', plan: subscription.planType, endsTS: subscription.nextPayTS };
    case 'ended':
      return null;
  }
}
