import { AlertCircle, Layers } from 'lucide-react';
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
import type { Route } from './+types/licenses';
import styles from '../../features/subscription/subscription.module.css';
import page from '../../features/account/account.module.css';

export const meta = () => [{ title: 'Subscription · Cuewave' }, { name: 'robots', content: 'noindex' }];

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
  const live = subscription && subscription.status !== 'ended' ? subscription : null;
  // GET /v1/subscription answers null once a plan has ended; the history still lists it.
  const hadPlan = subscription !== null || history.length > 0;
  return (
    <PlansProvider plans={plans}>
      <div className={styles.page}>
        <header className={page.pageHeader}>
          <h1 className={page.pageTitle}>Subscription</h1>
          <p className={page.pageLead}>Your plan, the channels your licence covers and your certificate.</p>
        </header>
        {failed ? (
          <EmptyState
            role="alert"
            icon={<AlertCircle />}
            title="We couldn’t load your subscription"
            description="Please reload the page in a moment."
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
            title={hadPlan ? 'Your plan has ended' : 'You don’t have a plan yet'}
            description={
              hadPlan
                ? 'Choose a plan to download tracks again and license them for your channels. Videos published while your licence was valid stay licensed.'
                : 'Start with a 30-day free trial or choose a plan to download tracks and license them for your channels.'
            }
            actions={
              <>
                <ButtonLink to={localized(CHOOSE_PLAN_PATH)} data-testid="choose-plan">
                  Choose a plan
                </ButtonLink>
                <ButtonLink to={localized(PRICING_PATH)} variant="secondary">
                  Compare plans
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
