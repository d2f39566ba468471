import { AlertCircle, CalendarClock, Layers } from 'lucide-react';
import { CHANNEL_LIMITS, type SubscriptionSummary } from '@cuewave/contract/account';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { EmptyState } from '../../components/ui/empty-state';
import { AccountSection } from '../../features/account/account-section';
import { dateLabel, daysLeft, daysLeftText, STATUS_LABELS } from '../../features/account/subscription-status';
import { planInfo } from '../../features/registration/plans';
import { apiGet } from '../../lib/api';
import { formatDate } from '../../lib/format';
import type { Route } from './+types/licenses';
import styles from '../../features/account/account.module.css';

export const meta = () => [{ title: 'Subscription · Cuewave' }, { name: 'robots', content: 'noindex' }];

/** The layout's guard has run; this reads the subscription with the same session. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const subscription = await apiGet<SubscriptionSummary | null>('/v1/subscription', { request });
    // "Now" comes from the server so the days left print the same in the server render and the browser.
    return { subscription: subscription ?? null, now: Date.now(), failed: false };
  } catch {
    return { subscription: null, now: Date.now(), failed: true };
  }
}

/** /dashboard/licenses ("Subscription"): the current plan, its state and its next date. */
export default function LicensesPage({ loaderData }: Route.ComponentProps) {
  const { subscription, now, failed } = loaderData;
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Subscription</h1>
        <p className={styles.pageLead}>Your plan, what it covers and when it renews.</p>
      </header>
      {failed ? (
        <EmptyState
          role="alert"
          icon={<AlertCircle />}
          title="We couldn’t load your subscription"
          description="Please reload the page in a moment."
        />
      ) : subscription && subscription.status !== 'ended' ? (
        <CurrentPlan subscription={subscription} now={now} />
      ) : (
        <EmptyState
          icon={<Layers />}
          title={subscription ? 'Your plan has ended' : 'You don’t have a plan yet'}
          description="Choose a plan to download tracks and license them for your channels."
          actions={
            <ButtonLink to="/register/select-plan" data-testid="choose-plan">
              Choose a plan
            </ButtonLink>
          }
        />
      )}
    </div>
  );
}

function CurrentPlan({ subscription, now }: { subscription: SubscriptionSummary; now: number }) {
  const plan = planInfo(subscription.planType);
  const days = daysLeft(subscription.nextPayTS, now);
  const isTrial = subscription.planType === 'trial';
  const ok = subscription.status === 'active';
  return (
    <AccountSection title="Current plan" testId="current-plan">
      <div className={styles.plan}>
        <div className={styles.planHead}>
          <div>
            <p className={styles.planTier}>{plan.tier}</p>
            <p className={styles.planName} data-testid="plan-name">
              {plan.title}
            </p>
          </div>
          <span className={cx(styles.badge, ok ? styles.badgeOk : styles.badgeWarn)} data-testid="plan-status">
            {STATUS_LABELS[subscription.status]}
          </span>
        </div>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Channels</dt>
            <dd>{CHANNEL_LIMITS[subscription.planType]}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{dateLabel(subscription)}</dt>
            <dd data-testid="plan-date">{subscription.nextPayTS ? formatDate(subscription.nextPayTS) : '—'}</dd>
          </div>
          <div className={styles.fact}>
            <dt>{isTrial ? 'Trial' : 'Billing'}</dt>
            <dd data-testid="plan-days-left">
              {isTrial
                ? (daysLeftText(days) ?? '—')
                : subscription.payPeriod === 'monthly'
                  ? 'Monthly'
                  : subscription.payPeriod === 'yearly'
                    ? 'Yearly'
                    : '—'}
            </dd>
          </div>
        </dl>
        {!isTrial && days !== null ? (
          <p className={cx(styles.muted, styles.withIcon)}>
            <CalendarClock aria-hidden="true" />
            {daysLeftText(days)} until {dateLabel(subscription).toLowerCase()}.
          </p>
        ) : null}
        {isTrial ? (
          <p className={styles.muted}>
            When your trial ends, choose a plan to keep downloading. Plan changes and billing arrive here soon.
          </p>
        ) : null}
      </div>
    </AccountSection>
  );
}
