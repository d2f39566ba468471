import type { ReactNode } from 'react';
import { CreditCard, Layers, MonitorPlay } from 'lucide-react';
import { CHANNEL_LABELS, type Channel } from '@cuewave/contract/licence';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import { formatMoney } from '@cuewave/contract/pricing';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { formatDate } from '../../lib/format';
import { planInfo } from '../registration/plans';
import { useLocalizedPath } from '../shell/edition';
import { cardLabel } from '../subscription/next-payment';
import { BILLING_PATH, CHOOSE_PLAN_PATH, SUBSCRIPTION_PATH } from '../subscription/paths';
import { dateLabel, daysLeftText, STATUS_LABELS, STATUS_TONES, statusExplanation } from '../subscription/status';
import styles from './overview.module.css';

/** One card of the overview: a small titled box with a headline value, a line of detail and links. */
export function OverviewCard({
  title,
  icon,
  badge,
  children,
  foot,
  testId,
}: {
  title: string;
  icon: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
  foot?: ReactNode;
  testId: string;
}) {
  return (
    <section className={styles.card} aria-label={title} data-testid={testId}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>
          {icon}
          {title}
        </h2>
        {badge}
      </div>
      {children}
      {foot ? <div className={styles.cardFoot}>{foot}</div> : null}
    </section>
  );
}

/** The plan, its state and how long the current period or trial still runs. */
export function PlanOverviewCard({
  subscription,
  daysLeft,
}: {
  subscription: SubscriptionDetail;
  daysLeft: number | null;
}) {
  const localized = useLocalizedPath();
  const plan = planInfo(subscription.planType);
  const days = daysLeftText(daysLeft);
  const date = subscription.nextPayTS ? `${dateLabel(subscription)} ${formatDate(subscription.nextPayTS)}` : null;
  return (
    <OverviewCard
      title="Plan"
      icon={<Layers aria-hidden="true" />}
      testId="overview-plan"
      badge={
        <span
          className={cx(styles.badge, styles[STATUS_TONES[subscription.status]])}
          data-testid="overview-plan-status"
        >
          {STATUS_LABELS[subscription.status]}
        </span>
      }
      foot={
        <>
          <ButtonLink to={SUBSCRIPTION_PATH} variant="secondary" size="sm">
            Manage subscription
          </ButtonLink>
          {subscription.planType === 'trial' ? (
            <ButtonLink to={localized(CHOOSE_PLAN_PATH)} size="sm" data-testid="overview-upgrade">
              Choose a plan
            </ButtonLink>
          ) : null}
        </>
      }
    >
      <p className={styles.value} data-testid="overview-plan-name">
        {plan.title}
      </p>
      <p className={styles.detail} data-testid="overview-plan-days">
        {[date, days].filter(Boolean).join(' · ') || plan.tier}
      </p>
    </OverviewCard>
  );
}

/** What the next renewal charges and when, or why nothing is due. */
export function PaymentOverviewCard({
  subscription,
  nextCharge,
  card,
  showBilling,
}: {
  subscription: SubscriptionDetail;
  nextCharge: SubscriptionDetail['renewal'];
  card: StoredPaymentMethod | null;
  showBilling: boolean;
}) {
  const needsAction = subscription.status === 'payment' || subscription.status === 'pending';
  return (
    <OverviewCard
      title="Next payment"
      icon={<CreditCard aria-hidden="true" />}
      testId="overview-payment"
      foot={
        needsAction ? (
          <ButtonLink to={SUBSCRIPTION_PATH} size="sm">
            {subscription.status === 'pending' ? 'Complete payment' : 'Retry payment'}
          </ButtonLink>
        ) : showBilling ? (
          <ButtonLink to={BILLING_PATH} variant="secondary" size="sm">
            Billing and receipts
          </ButtonLink>
        ) : null
      }
    >
      {nextCharge ? (
        <>
          <p className={styles.value} data-testid="overview-payment-amount">
            {formatMoney(nextCharge.total, nextCharge.currency)}
          </p>
          <p className={styles.detail} data-testid="overview-payment-date">
            on {formatDate(nextCharge.dueTS)} · {card ? cardLabel(card) : 'no card on file'}
          </p>
        </>
      ) : (
        <>
          <p className={styles.value} data-testid="overview-payment-amount">
            {needsAction ? STATUS_LABELS[subscription.status] : 'Nothing due'}
          </p>
          <p className={styles.detail}>{noChargeReason(subscription)}</p>
        </>
      )}
    </OverviewCard>
  );
}

function noChargeReason(subscription: SubscriptionDetail): string {
  if (subscription.status !== 'active') return statusExplanation(subscription);
  if (subscription.planType === 'trial') return 'The free trial costs nothing. You pay only once you choose a plan.';
  if (subscription.planType === 'enterprise') return 'Billed under your enterprise agreement.';
  return 'Nothing renews automatically.';
}

/** How many of the plan's channels are used, and the first few of them. */
export function ChannelsOverviewCard({
  channels,
  limit,
  failed,
}: {
  channels: Channel[];
  limit: number;
  failed: boolean;
}) {
  const shown = channels.slice(0, 3);
  const share = limit > 0 ? Math.min(100, Math.round((channels.length / limit) * 100)) : 0;
  return (
    <OverviewCard
      title="Channels"
      icon={<MonitorPlay aria-hidden="true" />}
      testId="overview-channels"
      foot={
        <ButtonLink to={SUBSCRIPTION_PATH} variant="secondary" size="sm">
          {channels.length < limit ? 'Add or manage channels' : 'Manage channels'}
        </ButtonLink>
      }
    >
      {failed ? (
        <p className={styles.detail} role="alert">
          We couldn’t load your channels. Please reload the page in a moment.
        </p>
      ) : (
        <>
          <p className={styles.value} data-testid="overview-channels-used">
            {channels.length} of {limit}
          </p>
          <div
            className={styles.meter}
            role="meter"
            aria-label="Channels used"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={channels.length}
          >
            <div className={styles.meterFill} style={{ width: `${share}%` }} />
          </div>
          {shown.length ? (
            <ul role="list" className={styles.channelList}>
              {shown.map((channel) => (
                <li key={channel.id} title={channel.url}>
                  {CHANNEL_LABELS[channel.type]} · {channel.url.replace(/^https:\/\//, '')}
                </li>
              ))}
              {channels.length > shown.length ? <li>and {channels.length - shown.length} more</li> : null}
            </ul>
          ) : (
            <p className={styles.detail}>Add the channels you publish on, so your licence covers them.</p>
          )}
        </>
      )}
    </OverviewCard>
  );
}
