import type { ReactNode } from 'react';
import { CreditCard, Layers, MonitorPlay } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import type { Channel } from '@cuewave/contract/licence';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { useFormat, type Formatters } from '../../i18n/format';
import { useLocalizedPath } from '../shell/edition';
import { cardLabel } from '../subscription/next-payment';
import { BILLING_PATH, CHOOSE_PLAN_PATH, SUBSCRIPTION_PATH } from '../subscription/paths';
import {
  channelLabel,
  dateLabel,
  daysLeftText,
  planTitle,
  statusLabel,
  STATUS_TONES,
  statusExplanation,
  type SubscriptionT,
} from '../subscription/status';
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
  const { t } = useTranslation('dashboard');
  const { t: st } = useTranslation('subscription');
  const format = useFormat();
  const days = daysLeftText(daysLeft, st);
  const date = subscription.nextPayTS ? `${dateLabel(subscription, st)} ${format.date(subscription.nextPayTS)}` : null;
  return (
    <OverviewCard
      title={t('planCard.title')}
      icon={<Layers aria-hidden="true" />}
      testId="overview-plan"
      badge={
        <span
          className={cx(styles.badge, styles[STATUS_TONES[subscription.status]])}
          data-testid="overview-plan-status"
        >
          {statusLabel(subscription.status, st)}
        </span>
      }
      foot={
        <>
          <ButtonLink to={SUBSCRIPTION_PATH} variant="secondary" size="sm">
            {t('planCard.manage')}
          </ButtonLink>
          {subscription.planType === 'trial' ? (
            <ButtonLink to={localized(CHOOSE_PLAN_PATH)} size="sm" data-testid="overview-upgrade">
              {t('planCard.choosePlan')}
            </ButtonLink>
          ) : null}
        </>
      }
    >
      <p className={styles.value} data-testid="overview-plan-name">
        {planTitle(subscription.planType, st)}
      </p>
      <p className={styles.detail} data-testid="overview-plan-days">
        {[date, days].filter(Boolean).join(' · ') || st(`tiers.${subscription.planType}`, { count: TRIAL_DAYS })}
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
  const { t } = useTranslation('dashboard');
  const { t: st } = useTranslation('subscription');
  const format = useFormat();
  return (
    <OverviewCard
      title={t('paymentCard.title')}
      icon={<CreditCard aria-hidden="true" />}
      testId="overview-payment"
      foot={
        needsAction ? (
          <ButtonLink to={SUBSCRIPTION_PATH} size="sm">
            {t(subscription.status === 'pending' ? 'paymentCard.completePayment' : 'paymentCard.retryPayment')}
          </ButtonLink>
        ) : showBilling ? (
          <ButtonLink to={BILLING_PATH} variant="secondary" size="sm">
            {t('paymentCard.billing')}
          </ButtonLink>
        ) : null
      }
    >
      {nextCharge ? (
        <>
          <p className={styles.value} data-testid="overview-payment-amount">
            {format.money(nextCharge.total, nextCharge.currency)}
          </p>
          <p className={styles.detail} data-testid="overview-payment-date">
            {t('paymentCard.on', { date: format.date(nextCharge.dueTS) })} ·{' '}
            {card ? cardLabel(card) : t('paymentCard.noCard')}
          </p>
        </>
      ) : (
        <>
          <p className={styles.value} data-testid="overview-payment-amount">
            {needsAction ? statusLabel(subscription.status, st) : t('paymentCard.nothingDue')}
          </p>
          <p className={styles.detail}>{noChargeReason(subscription, t, st, format.date)}</p>
        </>
      )}
    </OverviewCard>
  );
}

function noChargeReason(
  subscription: SubscriptionDetail,
  t: TFunction<'dashboard'>,
  st: SubscriptionT,
  formatDate: Formatters['date'],
): string {
  if (subscription.status !== 'active') return statusExplanation(subscription, st, formatDate);
  if (subscription.planType === 'trial') return t('paymentCard.trialFree');
  if (subscription.planType === 'enterprise') return t('paymentCard.enterprise');
  return t('paymentCard.noRenewal');
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
  const { t } = useTranslation('dashboard');
  const { t: st } = useTranslation('subscription');
  const format = useFormat();
  const shown = channels.slice(0, 3);
  const share = limit > 0 ? Math.min(100, Math.round((channels.length / limit) * 100)) : 0;
  return (
    <OverviewCard
      title={t('channelsCard.title')}
      icon={<MonitorPlay aria-hidden="true" />}
      testId="overview-channels"
      foot={
        <ButtonLink to={SUBSCRIPTION_PATH} variant="secondary" size="sm">
          {t(channels.length < limit ? 'channelsCard.addOrManage' : 'channelsCard.manage')}
        </ButtonLink>
      }
    >
      {failed ? (
        <p className={styles.detail} role="alert">
          {t('channelsCard.failed')}
        </p>
      ) : (
        <>
          <p className={styles.value} data-testid="overview-channels-used">
            {t('channelsCard.used', { used: format.number(channels.length), limit: format.number(limit) })}
          </p>
          <div
            className={styles.meter}
            role="meter"
            aria-label={t('channelsCard.meter')}
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
                  {channelLabel(channel.type, st)} · {channel.url.replace(/^https:\/\//, '')}
                </li>
              ))}
              {channels.length > shown.length ? (
                <li>{t('channelsCard.more', { count: channels.length - shown.length })}</li>
              ) : null}
            </ul>
          ) : (
            <p className={styles.detail}>{t('channelsCard.empty')}</p>
          )}
        </>
      )}
    </OverviewCard>
  );
}
