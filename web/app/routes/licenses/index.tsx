import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import { getMe } from '../../features/auth/session.server';
import { requestTexts } from '../../i18n/request-texts.server';
import { useViewer } from '../../features/auth/use-viewer';
import { LicensesPage } from '../../features/pricing/licenses-page';
import { loadPricing } from '../../features/pricing/pricing.server';
import { changedBeyond } from '../../features/pricing/use-search-choice';
import type { Route } from './+types/index';

/** Plans and the currency to show them in, on the server so the prices are in the HTML (spec §4). */
export async function loader({ request }: Route.LoaderArgs) {
  const { me } = await getMe(request);
  const { t } = requestTexts(request, 'pricing');
  const meta = { title: t('meta.title'), description: t('meta.description', { count: TRIAL_DAYS }) };
  return { ...(await loadPricing(request, me)), meta };
}

/** Every price is already in the loader's answer: switching currency or period needs no new request. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && !changedBeyond(currentUrl, nextUrl, ['currency', 'period'])) return false;
  return defaultShouldRevalidate;
}

/** The title and description in the request's language, from the loader (meta runs outside React). */
export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: 'description', content: data.meta.description }] : [];

export default function LicensesRoute({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  return <LicensesPage data={loaderData} viewer={viewer} />;
}
