import { LayoutDashboard, ListMusic, LogIn, Music } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { stepPath } from '../../features/registration/registration-paths';
import { useRegisterViewer } from '../../features/registration/use-register-viewer';
import { useLocalizedPath } from '../../features/shell/edition';
import { NextSteps } from '../../features/registration/next-steps';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';

export const meta = () => [{ title: 'Welcome to Cuewave' }, { name: 'robots', content: 'noindex' }];

/**
 * /register/welcome/ott: where a one-time sign-in link lands (always open to a signed-in user,
 * decision 031). A registration that isn't finished is offered its next step.
 */
export default function WelcomeOttPage() {
  const viewer = useRegisterViewer();
  const localized = useLocalizedPath();
  const step = viewer?.registrationStep ?? null;

  return (
    <div className={cx(styles.card, styles.cardWide)} data-testid="welcome-ott">
      <header className={cx(styles.header, styles.centered)}>
        <span className={cx(styles.icon, styles.iconSuccess)} aria-hidden="true">
          <LogIn />
        </span>
        <h1 className={shared.stepTitle}>You’re signed in</h1>
        <p className={styles.lead}>
          {viewer ? (
            <>
              Welcome to Cuewave, <strong>{viewer.account.email}</strong>.{' '}
            </>
          ) : null}
          {step ? 'Your account isn’t fully set up yet — it only takes a minute.' : 'Pick up right where you left off.'}
        </p>
      </header>
      {step ? (
        <ButtonLink to={localized(stepPath(step))} size="lg" fullWidth data-testid="welcome-ott-continue">
          Finish setting up
        </ButtonLink>
      ) : (
        <>
          <NextSteps
            steps={[
              {
                to: '/c/genres',
                icon: <Music aria-hidden="true" />,
                title: 'Browse music',
                text: 'Preview and download tracks for your videos.',
              },
              {
                to: '/c/playlists',
                icon: <ListMusic aria-hidden="true" />,
                title: 'Playlists',
                text: 'Curated playlists for every mood.',
              },
              {
                to: '/dashboard/account',
                icon: <LayoutDashboard aria-hidden="true" />,
                title: 'Your account',
                text: 'Subscription, email, phone and password.',
              },
            ]}
          />
          <ButtonLink to={localized('/')} size="lg" fullWidth>
            Go to the home page
          </ButtonLink>
        </>
      )}
    </div>
  );
}
