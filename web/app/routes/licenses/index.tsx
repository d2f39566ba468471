import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { TRIAL_DAYS } from '@cuewave/contract/account';
import { getMe } from '../../features/auth/session.server';
import { useViewer } from '../../features/auth/use-viewer';
import { LicensesPage } from '../../features/pricing/licenses-page';
import { loadPricing } from '../../features/pricing/pricing.server';
import { changedBeyond } from '../../features/pricing/use-search-choice';
import type { Route } from './+types/index';

/** Plans and the currency to show them in, on the server so the prices are in the HTML (spec §4). */
export async function loader({ request }: Route.LoaderArgs) {
  const { me } = await getMe(request);
  return loadPricing(request, me);
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

export const meta: Route.MetaFunction = () => [
  { title: 'Licenses & Pricing · Cuewave' },
  {
    name: 'description',
    content: `Cuewave plans and prices: license the whole music and sound-effects catalogue for your channels, monthly or yearly, or try it free for ${TRIAL_DAYS} days.`,
  },
];

export default function LicensesRoute({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  return <LicensesPage data={loaderData} viewer={viewer} />;
}
