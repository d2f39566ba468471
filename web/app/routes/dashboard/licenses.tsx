import { AlertCircle, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import type { Channel } from '@cuewave/contract/licence';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import type { Plan } from '@cuewave/contract/pricing';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useLocalizedPath } from '../../features/shell/edition';
import { getPaymentMethods } from '../../features/checkout/api';
import * as api from '../../features/subscription/api';
import { ChannelsSection } from '../../features/subscription/channels-section';
import { HistorySection } from '../../features/subscription/history-section';
import { LicenceSection } from '../../features/subscription/licence-section';
import { PlanCard } from '../../features/subscription/plan-card';
import { CHOOSE_PLAN_PATH, PRICING_PATH } from '../../features/subscription/paths';
import { PlansProvider } from '../../features/subscription/plans-context';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/licenses';
import styles from '../../features/subscription/subscription.module.css';
import page from '../../features/account/account.module.css';

/** The title in the request's language comes with the loader's data (meta runs outside React). */
export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: 'robots', content: 'noindex' },
];

/** A part of the page that failed to load is shown as missing, not as an error page for everything. */
const settle = <T,>(p: Promise<T>, fallback: T): Promise<{ value: T; failed: boolean }> =>
  p.then(
    (value) => ({ value, failed: false }),
    () => ({ value: fallback, failed: true }),
  );

/** The layout's guard has run; this reads the subscription and what the page shows beside it. */
export async function loader({ request }: Route.LoaderArgs) {
  const options = { request };
  const [subscription, channels, methods, plans, history] = await Promise.all([
    settle<SubscriptionDetail | null>(api.getSubscription(options), null),
    settle<Channel[]>(api.getChannels(options), []),
    settle<StoredPaymentMethod[]>(getPaymentMethods(options), []),
    settle<Plan[]>(api.getPlans(options), []),
    settle<SubscriptionDetail[]>(api.getHistory(options), []),
  ]);
  const card = methods.value.find((m) => m.isDefault) ?? methods.value[0] ?? null;
  return {
    title: requestTexts(request, 'dashboard').t('meta.licensesTitle'),
    subscription: subscription.value ?? null,
    failed: subscription.failed,
    channels: channels.value,
    channelsFailed: channels.failed,
    card,
    plans: plans.value,
    history: history.value,
    // "Now" comes from the server so the days left print the same in the server render and the browser.
    now: Date.now(),
  };
}

/** /dashboard/licenses ("Subscription"): the plan, its state, changes, channels and the certificate. */
export default function LicensesPage({ loaderData }: Route.ComponentProps) {
  const { subscription, failed, channels, channelsFailed, card, plans, history, now } = loaderData;
  const localized = useLocalizedPath();
  const { t } = useTranslation('dashboard');
  const live = subscription && subscription.status !== 'ended' ? subscription : null;
  // GET /v1/subscription answers null once a plan has ended; the history still lists it.
  const hadPlan = subscription !== null || history.length > 0;
  return (
    <PlansProvider plans={plans}>
      <div className={styles.page}>
        <header className={page.pageHeader}>
          <h1 className={page.pageTitle}>{t('subscriptionPage.title')}</h1>
          <p className={page.pageLead}>{t('subscriptionPage.lead')}</p>
        </header>
        {failed ? (
          <EmptyState
            role="alert"
            icon={<AlertCircle />}
            title={t('overview.failedTitle')}
            description={t('overview.failedText')}
          />
        ) : live ? (
          <>
            <PlanCard subscription={live} now={now} card={card} channels={channels} />
            <ChannelsSection
              channels={channels}
              limit={live.channelLimit}
              canAdd={live.status !== 'pending'}
              failed={channelsFailed}
              pendingChange={live.pendingChange}
            />
            <LicenceSection subscription={live} />
          </>
        ) : (
          <EmptyState
            icon={<Layers />}
            title={t(hadPlan ? 'overview.endedTitle' : 'overview.noneTitle')}
            description={hadPlan ? t('overview.endedText') : t('overview.noneText', { count: TRIAL_DAYS })}
            actions={
              <>
                <ButtonLink to={localized(CHOOSE_PLAN_PATH)} data-testid="choose-plan">
                  {t('overview.choosePlan')}
                </ButtonLink>
                <ButtonLink to={localized(PRICING_PATH)} variant="secondary">
                  {t('subscriptionPage.compare')}
                </ButtonLink>
              </>
            }
          />
        )}
        <HistorySection history={history} />
      </div>
    </PlansProvider>
  );
}
