import type { Channel } from '@cuewave/contract/licence';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { cx } from '../../components/ui/cx';
import { formatDate } from '../../lib/format';
import { AccountSection } from '../account/account-section';
import { planInfo } from '../registration/plans';
import { NextPayment } from './next-payment';
import { PendingChangeNotice } from './pending-change';
import { PlanActions } from './plan-actions';
import { StatusNotice } from './status-notice';
import { dateLabel, daysLeft, daysLeftText, STATUS_LABELS, STATUS_TONES, statusExplanation } from './status';
import styles from './subscription.module.css';

export type PlanCardProps = {
  subscription: SubscriptionDetail;
  now: number;
  card: StoredPaymentMethod | null;
  channels: Channel[];
};

const PERIOD_WORDS = { month: 'Monthly', year: 'Yearly' } as const;

/** The current plan: what it is, its state in plain words, what happens next and what can be done. */
export function PlanCard({ subscription, now, card, channels }: PlanCardProps) {
  const plan = planInfo(subscription.planType);
  const isTrial = subscription.planType === 'trial';
  const days = daysLeft(subscription.nextPayTS, now);
  return (
    <AccountSection title="Current plan" testId="current-plan">
      <div className={styles.planHead}>
        <div>
          <p className={styles.planTier}>{plan.tier}</p>
          <p className={styles.planName} data-testid="plan-name">
            {plan.title}
          </p>
        </div>
        <span className={cx(styles.badge, styles[STATUS_TONES[subscription.status]])} data-testid="plan-status">
          {STATUS_LABELS[subscription.status]}
        </span>
      </div>
      <p className={styles.explanation} data-testid="plan-explanation">
        {statusExplanation(subscription)}
      </p>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>Billing</dt>
          <dd data-testid="plan-period">
            {isTrial ? 'Free' : subscription.period ? PERIOD_WORDS[subscription.period] : '—'}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>Channels</dt>
          <dd>{subscription.channelLimit}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{dateLabel(subscription)}</dt>
          <dd data-testid="plan-date">{subscription.nextPayTS ? formatDate(subscription.nextPayTS) : '—'}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{isTrial ? 'Trial' : 'This period'}</dt>
          <dd data-testid="plan-days-left">{daysLeftText(days) ?? '—'}</dd>
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
