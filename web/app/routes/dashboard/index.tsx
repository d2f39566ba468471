import type { Channel } from '@cuewave/contract/licence';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import type { SubscriptionDetail } from '@cuewave/contract/subscription';
import { useDashboardViewer } from '../../features/account/use-dashboard-viewer';
import { getPaymentMethods } from '../../features/checkout/api';
import { DashboardOverview } from '../../features/dashboard/dashboard-overview';
import * as api from '../../features/subscription/api';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/index';

/** The title in the request's language comes with the loader's data (meta runs outside React). */
export const meta: Route.MetaFunction = ({ data }) => [
  ...(data ? [{ title: data.title }] : []),
  { name: 'robots', content: 'noindex' },
];

/** A part that failed to load is shown as missing, not as an error page for the whole overview. */
const settle = <T,>(p: Promise<T>, fallback: T): Promise<{ value: T; failed: boolean }> =>
  p.then(
    (value) => ({ value, failed: false }),
    () => ({ value: fallback, failed: true }),
  );

/** The layout's guard has run (signed in); the overview reads the same calls as the subscription page. */
export async function loader({ request }: Route.LoaderArgs) {
  const options = { request };
  const [subscription, channels, methods] = await Promise.all([
    settle<SubscriptionDetail | null>(api.getSubscription(options), null),
    settle<Channel[]>(api.getChannels(options), []),
    settle<StoredPaymentMethod[]>(getPaymentMethods(options), []),
  ]);
  return {
    title: requestTexts(request, 'dashboard').t('meta.title'),
    subscription: subscription.value ?? null,
    failed: subscription.failed,
    channels: channels.value,
    channelsFailed: channels.failed,
    card: methods.value.find((m) => m.isDefault) ?? methods.value[0] ?? null,
    // "Now" from the server, so the days left print the same in the server render and the browser.
    now: Date.now(),
  };
}

/** /dashboard: the overview of the subscriber's plan and the way into every section (decision 053). */
export default function DashboardIndex({ loaderData }: Route.ComponentProps) {
  const me = useDashboardViewer();
  const { title: _title, ...data } = loaderData;
  return <DashboardOverview me={me} {...data} />;
}
