import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { data, NavLink, Outlet, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Me } from '@cuewave/contract/account';
import type { DashboardContext } from '../features/account/use-dashboard-viewer';
import { layoutMeta, RouteError } from '../features/errors/route-error';
import { cx } from '../components/ui/cx';
import { guardDashboard } from '../features/auth/guards.server';
import { getMe } from '../features/auth/session.server';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import { DASHBOARD_PATH, dashboardNavFor, navLabel } from '../features/shell/nav-links';
import type { Route } from './+types/dashboard-layout';
import styles from './layouts.module.css';

export const meta: Route.MetaFunction = layoutMeta;

/** The dashboard guard (decision 031); refreshed session cookies are passed on. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await guardDashboard(request);
  const { headers } = await getMe(request);
  return data({ me }, { headers });
}

/** The guard (no-plan allowed list) must see every move between sections. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

/** Dashboard frame: header, section navigation at the side, the page. */
export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { me } = loaderData;
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previous = useRef(pathname);

  // A move between sections puts focus on the new page's heading (not on the first load; compared
  // with the previous path so StrictMode's double effects don't count).
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const heading = mainRef.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [pathname]);

  return (
    <DashboardFrame me={me} mainRef={mainRef}>
      <Outlet context={{ me } satisfies DashboardContext} />
    </DashboardFrame>
  );
}

/** Header, the section navigation at the side (when the viewer is known), the page, footer. */
function DashboardFrame({
  me,
  mainRef,
  children,
}: {
  me: Me | null;
  mainRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  // While the next section loads, the current one dims and says it is busy (no blank flash between pages).
  const loading = useNavigation().state === 'loading';
  const { t } = useTranslation('shell');
  return (
    <>
      <Header />
      <div className={styles.dashboard}>
        {me ? (
          <nav aria-label={t('dashboardNav')} className={styles.sideNav}>
            <ul role="list">
              {dashboardNavFor(me).map((section) => (
                <li key={section.url}>
                  <NavLink
                    to={section.url}
                    end={section.url === DASHBOARD_PATH}
                    className={({ isActive }) => cx(styles.sideLink, isActive && styles.sideLinkActive)}
                  >
                    {t(navLabel(section))}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main
          id="main"
          ref={mainRef}
          className={cx(styles.dashboardMain, loading && styles.dashboardLoading)}
          aria-busy={loading || undefined}
        >
          {children}
        </main>
      </div>
      <Footer />
    </>
  );
}

/**
 * An unknown dashboard path or a failing section keeps the dashboard's frame and navigation (the
 * guard has already run: a visitor was sent to sign in), so the subscriber is one click from any
 * section (decision 053).
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <DashboardFrame me={loaderData?.me ?? null}>
      <RouteError error={error} cards={false} />
    </DashboardFrame>
  );
}
