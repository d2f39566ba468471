import { AlertCircle, Layers } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import type { Me } from '@cuewave/contract/account';
import type { Channel } from '@cuewave/contract/licence';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useLocalizedPath } from '../shell/edition';
import { CHOOSE_PLAN_PATH } from '../subscription/paths';
import { LicenceOverviewCard } from './licence-overview-card';
import { ChannelsOverviewCard, PaymentOverviewCard, PlanOverviewCard } from './overview-cards';
import { overviewOf, overviewSections } from './overview-model';
import { SectionLinks } from './section-links';
import styles from './overview.module.css';

export type DashboardOverviewProps = {
  me: Me;
  subscription: SubscriptionDetail | null;
  failed: boolean;
  channels: Channel[];
  channelsFailed: boolean;
  card: StoredPaymentMethod | null;
  now: number;
};

/**
 * /dashboard (decision 053): the subscriber's plan, what it costs next and when, the channels their
 * licence covers and the certificate, then the way into every other section. Without a plan, a clear
 * way to choose one.
 */
export function DashboardOverview({
  me,
  subscription,
  failed,
  channels,
  channelsFailed,
  card,
  now,
}: DashboardOverviewProps) {
  const localized = useLocalizedPath();
  const { t } = useTranslation('dashboard');
  const overview = overviewOf(subscription, failed, now);
  const showBilling = overviewSections(me).some((section) => section.url === '/dashboard/billing');

  return (
    <div className={styles.page} data-testid="dashboard-overview">
      <header className={styles.header}>
        <h1 className={styles.title}>{t('overview.title')}</h1>
        <p className={styles.lead}>
          <Trans
            t={t}
            i18nKey="overview.lead"
            values={{ email: me.account.email }}
            components={{ email: <strong data-testid="overview-email" /> }}
          />
        </p>
      </header>

      {overview.kind === 'failed' ? (
        <EmptyState
          role="alert"
          icon={<AlertCircle />}
          title={t('overview.failedTitle')}
          description={t('overview.failedText')}
        />
      ) : overview.kind === 'live' ? (
        <div className={styles.grid}>
          <PlanOverviewCard subscription={overview.subscription} daysLeft={overview.daysLeft} />
          <PaymentOverviewCard
            subscription={overview.subscription}
            nextCharge={overview.nextCharge}
            card={card}
            showBilling={showBilling}
          />
          <ChannelsOverviewCard
            channels={channels}
            limit={overview.subscription.channelLimit}
            failed={channelsFailed}
          />
          <LicenceOverviewCard subscription={overview.subscription} ready={overview.licenceReady} />
        </div>
      ) : (
        <EmptyState
          icon={<Layers />}
          title={t(overview.kind === 'ended' ? 'overview.endedTitle' : 'overview.noneTitle')}
          description={
            overview.kind === 'ended' ? t('overview.endedText') : t('overview.noneText', { count: TRIAL_DAYS })
          }
          actions={
            <ButtonLink to={localized(CHOOSE_PLAN_PATH)} data-testid="overview-choose-plan">
              {t('overview.choosePlan')}
            </ButtonLink>
          }
        />
      )}

      <SectionLinks sections={overviewSections(me)} />
    </div>
  );
}
