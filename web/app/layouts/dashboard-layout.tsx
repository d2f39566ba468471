import { NavLink, Outlet } from 'react-router';
import { cx } from '../components/ui/cx';
import { Footer } from '../features/shell/footer';
import { Header } from '../features/shell/header';
import styles from './layouts.module.css';

/** Dashboard sections (spec §2). Billing is hidden from enterprise users once accounts exist. */
const SECTIONS = [
  { label: 'Playlists', url: '/dashboard/playlists' },
  { label: 'Subscription', url: '/dashboard/licenses' },
  { label: 'Billing & payment', url: '/dashboard/billing' },
  { label: 'Account', url: '/dashboard/account' },
  { label: 'Support', url: '/dashboard/support' },
];

/**
 * Dashboard frame: header, section navigation at the side, the page. Structure only — its pages
 * arrive with the accounts issue and it is not routed yet.
 */
export default function DashboardLayout() {
  return (
    <>
      <Header />
      <div className={styles.dashboard}>
        <nav aria-label="Dashboard" className={styles.sideNav}>
          <ul role="list">
            {SECTIONS.map((section) => (
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
        <main id="main" className={styles.main}>
          <Outlet />
        </main>
      </div>
      <Footer />
    </>
  );
}
