import { useEffect, useRef } from 'react';
import { data, NavLink, Outlet, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { DashboardContext } from '../features/account/use-dashboard-viewer';
import { cx } from '../components/ui/cx';
import { guardDashboard } from '../features/auth/guards.server';
import { getMe } from '../features/auth/session.server';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import { dashboardNavFor } from '../features/shell/nav-links';
import type { Route } from './+types/dashboard-layout';
import styles from './layouts.module.css';

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
    <>
      <Header />
      <div className={styles.dashboard}>
        <nav aria-label="Dashboard" className={styles.sideNav}>
          <ul role="list">
            {dashboardNavFor(me).map((section) => (
              <li key={section.url}>
                <NavLink
                  to={section.url}
                  className={({ isActive }) => cx(styles.sideLink, isActive && styles.sideLinkActive)}
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" ref={mainRef} className={styles.dashboardMain}>
          <Outlet context={{ me } satisfies DashboardContext} />
        </main>
      </div>
      <Footer />
    </>
  );
}
