import { Link, Outlet } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { useLocalizedPath } from '../features/shell/edition';
import { Logo } from '../features/shell/logo';
import { guardRestricted } from '../features/auth/guards.server';
import styles from './layouts.module.css';
import type { Route } from './+types/auth-layout';

/**
 * Guard restricted (spec §2, decision 031): these pages are for people who are not signed in; a
 * signed-in user goes to the forced registration step, or home once registration is complete.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await guardRestricted(request);
  return null;
}

/** Sign-in and account-recovery pages: a minimal brand header and a centred card. */
export default function AuthLayout() {
  const { t } = useTranslation('auth');
  const localized = useLocalizedPath();
  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Link to={localized('/')} className={styles.brandLink} aria-label={t('layout.home')}>
          <Logo />
        </Link>
        <ButtonLink to="/c/genres" variant="ghost" size="sm" icon={<ArrowLeft />}>
          {t('layout.backToMusic')}
        </ButtonLink>
      </header>
      <main id="main" className={styles.authMain}>
        <div className={styles.authCard}>
          <Outlet />
        </div>
      </main>
      <footer className={styles.authFooter}>
        <span>© {new Date().getFullYear()} Cuewave</span>
        <Link to={localized('/terms-conditions')}>{t('layout.terms')}</Link>
        <Link to={localized('/privacy-policy')}>{t('layout.privacy')}</Link>
        <Link to="/contact">{t('layout.help')}</Link>
      </footer>
    </div>
  );
}
