import { Link, Outlet } from 'react-router';
import { useLocalizedPath } from '../features/shell/edition';
import { Logo } from '../features/shell/logo';
import styles from './layouts.module.css';

/**
 * Registration frame: brand header, a step area (the registration order of spec §4 is drawn there
 * by the registration issue), the step's page. Structure only; not routed yet.
 */
export default function RegisterLayout() {
  const localized = useLocalizedPath();
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Link to={localized('/')} className={styles.brandLink} aria-label="Cuewave home">
          <Logo />
        </Link>
      </header>
      <div className={styles.register}>
        <div className={styles.steps} data-slot="register-steps" />
        <main id="main" className={styles.main}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
