import { useEffect, useRef, type RefObject } from 'react';
import {
  data,
  Link,
  Outlet,
  useBlocker,
  useLocation,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../components/ui/button';
import { cx } from '../components/ui/cx';
import { guardRegisterStep } from '../features/auth/guards.server';
import { stepOfPath } from '../features/auth/guards';
import { getMe } from '../features/auth/session.server';
import { useAuth } from '../features/auth/use-auth';
import { AbandonModal } from '../features/registration/abandon-modal';
import { shouldConfirmLeave } from '../features/registration/abandon-rule';
import type { RegisterContext } from '../features/registration/use-register-viewer';
import { RegisterSteps } from '../features/registration/register-steps';
import { useReturningCustomer } from '../features/registration/returning-customer';
import { useLocalizedPath } from '../features/shell/edition';
import { Logo } from '../features/shell/logo';
import type { Me } from '@cuewave/contract/account';
import type { Route } from './+types/register-layout';
import styles from './layouts.module.css';

/** What a register page can ask of the layout through its route `handle`. */
export type RegisterHandle = { wide?: boolean };

/** The register guard (decision 031), including its exception for emailed verification links. */
export async function loader({ request }: Route.LoaderArgs) {
  await guardRegisterStep(request);
  // Pass on refreshed session cookies, also when this loader runs without the root one.
  const { me, headers } = await getMe(request);
  return data({ me }, { headers });
}

/** The guard must see every move between steps, not only the first page load. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

/**
 * Registration frame: brand header, the step indicator of the registration order (spec §4) and
 * the step's page. Leaving the flow half-way asks first (spec §2 abandon-registration modal).
 */
export default function RegisterLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('registration');
  const localized = useLocalizedPath();
  // Fresh on every step (see shouldRevalidate), unlike the root loader's copy.
  const viewer = loaderData.me;
  const { pathname } = useLocation();
  const matches = useMatches();
  const wide = matches.some((match) => (match.handle as RegisterHandle | undefined)?.wide);
  const step = stepOfPath(pathname);
  const mainRef = useRef<HTMLElement>(null);

  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    shouldConfirmLeave({
      from: currentLocation.pathname,
      to: nextLocation.pathname,
      signedIn: viewer !== null,
      registrationComplete: viewer?.registrationStep === null,
    }),
  );

  // A former subscriber buying a plan again is asked about leaving the checkout (decision 051).
  const returning = useReturningCustomer(viewer);

  useMoveFocusOnStepChange(pathname, mainRef);

  return (
    <div className={styles.authPage}>
      <header className={styles.authHeader}>
        <Link to={localized('/')} className={styles.brandLink} aria-label={t('layout.home')}>
          <Logo />
        </Link>
        <RegisterHeaderActions viewer={viewer} />
      </header>
      <div className={cx(styles.register, wide && styles.registerWide)}>
        {step && viewer ? (
          <div className={styles.steps}>
            <RegisterSteps current={step} forced={viewer.registrationStep} />
          </div>
        ) : null}
        <main id="main" ref={mainRef} className={styles.registerMain}>
          <Outlet context={{ viewer } satisfies RegisterContext} />
        </main>
      </div>
      <footer className={styles.authFooter}>
        <span>© {new Date().getFullYear()} Cuewave</span>
        <Link to={localized('/terms-conditions')}>{t('layout.terms')}</Link>
        <Link to={localized('/privacy-policy')}>{t('layout.privacy')}</Link>
        <Link to="/contact">{t('layout.help')}</Link>
      </footer>
      <AbandonModal
        open={blocker.state === 'blocked'}
        returning={returning === true}
        onLeave={() => blocker.proceed?.()}
        onStay={() => blocker.reset?.()}
      />
    </div>
  );
}

function RegisterHeaderActions({ viewer }: { viewer: Me | null }) {
  const { t } = useTranslation('registration');
  const { signOut } = useAuth();
  const localized = useLocalizedPath();
  if (!viewer) {
    return (
      <ButtonLink to="/auth/login" variant="ghost" size="sm">
        {t('layout.logIn')}
      </ButtonLink>
    );
  }
  return (
    <div className={styles.registerAccount}>
      <span className={styles.registerEmail} title={viewer.account.email}>
        {viewer.account.email}
      </span>
      {viewer.registrationStep === null ? (
        <ButtonLink to={localized('/')} variant="ghost" size="sm">
          {t('layout.homeButton')}
        </ButtonLink>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => void signOut()} data-testid="register-sign-out">
        {t('layout.logOut')}
      </Button>
    </div>
  );
}

/**
 * After a client-side move to another step, focus goes to the new page's heading so screen
 * readers announce it and keyboard users start at the top (not on the first load).
 */
function useMoveFocusOnStepChange(pathname: string, mainRef: RefObject<HTMLElement | null>) {
  // Compared with the previous path rather than a "first run" flag, so StrictMode's double effects don't count.
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const heading = mainRef.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [pathname, mainRef]);
}
