import { useOutletContext } from 'react-router';
import type { Me } from '@cuewave/contract/account';

/** What the dashboard layout hands its pages: the viewer its guard read. */
export type DashboardContext = { me: Me };

/** The signed-in viewer on a dashboard page; refreshed with useRefreshViewer() after each change. */
export function useDashboardViewer(): Me {
  return useOutletContext<DashboardContext>().me;
}
