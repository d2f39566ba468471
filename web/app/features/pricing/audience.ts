import type { TFunction } from 'i18next';
import type { Me, PlanName } from '@cuewave/contract/account';

/**
 * Who is looking at the prices, which decides where the buttons go: a visitor signs up, a user half-way
 * through registration continues it, and anyone with a finished registration changes plans in the
 * dashboard (spec §4: completed registrations are sent away from register pages).
 */
export type Audience = { kind: 'visitor' } | { kind: 'registering' } | { kind: 'member'; currentPlan: PlanName | null };

export function audienceOf(me: Me | null): Audience {
  if (!me) return { kind: 'visitor' };
  if (me.registrationStep !== null) return { kind: 'registering' };
  const live = me.subscription && me.subscription.status !== 'ended' ? me.subscription : null;
  return { kind: 'member', currentPlan: live?.planType ?? null };
}

/** Listing order of the plans (decision 041: a plan's tier is its place in the listing). */
const ORDER: readonly PlanName[] = ['trial', 'start', 'advanced', 'professional', 'enterprise'];

/** A member's button on a plan card, in the `pricing` namespace's words (`memberAction.*`). */
export function memberActionLabel(
  t: TFunction<'pricing'>,
  currentPlan: PlanName | null,
  plan: PlanName,
  title: string,
): string {
  if (currentPlan === null) return t('memberAction.choose', { plan: title });
  if (currentPlan === plan) return t('memberAction.manage');
  return ORDER.indexOf(plan) > ORDER.indexOf(currentPlan)
    ? t('memberAction.upgrade', { plan: title })
    : t('memberAction.switch', { plan: title });
}
