import type { Channel } from '@cuewave/contract/licence';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import { cx } from '../../components/ui/cx';
import { useFormat } from '../../i18n/format';
import { AccountSection } from '../account/account-section';
import { NextPayment } from './next-payment';
import { PendingChangeNotice } from './pending-change';
import { PlanActions } from './plan-actions';
import { StatusNotice } from './status-notice';
import { dateLabel, daysLeft, daysLeftText, planTitle, statusLabel, STATUS_TONES, statusExplanation } from './status';
import styles from './subscription.module.css';

export type PlanCardProps = {
  subscription: SubscriptionDetail;
  now: number;
  card: StoredPaymentMethod | null;
  channels: Channel[];
};

/** The current plan: what it is, its state in plain words, what happens next and what can be done. */
export function PlanCard({ subscription, now, card, channels }: PlanCardProps) {
  const { t } = useTranslation('subscription');
  const format = useFormat();
  const tier = t(`tiers.${subscription.planType}`, { count: TRIAL_DAYS });
  const isTrial = subscription.planType === 'trial';
  const days = daysLeft(subscription.nextPayTS, now);
  return (
    <AccountSection title={t('card.title')} testId="current-plan">
      <div className={styles.planHead}>
        <div>
          <p className={styles.planTier}>{tier}</p>
          <p className={styles.planName} data-testid="plan-name">
            {planTitle(subscription.planType, t)}
          </p>
        </div>
        <span className={cx(styles.badge, styles[STATUS_TONES[subscription.status]])} data-testid="plan-status">
          {statusLabel(subscription.status, t)}
        </span>
      </div>
      <p className={styles.explanation} data-testid="plan-explanation">
        {statusExplanation(subscription, t, format.date)}
      </p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('card.billing')}</dt>
          <dd data-testid="plan-period">
            {isTrial ? t('card.free') : subscription.period ? t(`period.${subscription.period}Title`) : '—'}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('card.channels')}</dt>
          <dd>{format.number(subscription.channelLimit)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{dateLabel(subscription, t)}</dt>
          <dd data-testid="plan-date">{subscription.nextPayTS ? format.date(subscription.nextPayTS) : '—'}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t(isTrial ? 'card.trial' : 'card.thisPeriod')}</dt>
          <dd data-testid="plan-days-left">{daysLeftText(days, t) ?? '—'}</dd>
        </div>
      </dl>
      <StatusNotice subscription={subscription} />
      {subscription.pendingChange ? (
        <PendingChangeNotice change={subscription.pendingChange} current={subscription} />
      ) : null}
      {subscription.renewal && subscription.status === 'active' ? (
        <NextPayment renewal={subscription.renewal} card={card} manageCard={subscription.planType !== 'enterprise'} />
      ) : null}
      <PlanActions subscription={subscription} channels={channels} />
    </AccountSection>
  );
}
