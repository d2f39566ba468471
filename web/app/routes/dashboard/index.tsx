import { guardDashboard } from '../../features/auth/guards.server';
import type { Route } from './+types/index';

export const meta = () => [{ title: 'Dashboard · Cuewave' }];

/** /dashboard: the dashboard guard sends it on to /dashboard/licenses (decision 031). */
export async function loader({ request }: Route.LoaderArgs) {
  await guardDashboard(request);
  return null;
}

export default function DashboardIndex() {
  return null;
}
