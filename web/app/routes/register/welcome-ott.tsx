import { LayoutDashboard, ListMusic, LogIn, Music } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { stepPath } from '../../features/registration/registration-paths';
import { useRegisterViewer } from '../../features/registration/use-register-viewer';
import { useLocalizedPath } from '../../features/shell/edition';
import { NextSteps } from '../../features/registration/next-steps';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/welcome-ott';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'registration').t('meta.welcome') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/**
 * /register/welcome/ott: where a one-time sign-in link lands (always open to a signed-in user,
 * decision 031). A registration that isn't finished is offered its next step.
 */
export default function WelcomeOttPage() {
  const { t } = useTranslation('registration');
  const viewer = useRegisterViewer();
  const localized = useLocalizedPath();
  const step = viewer?.registrationStep ?? null;

  return (
    <div className={cx(styles.card, styles.cardWide)} data-testid="welcome-ott">
      <header className={cx(styles.header, styles.centered)}>
        <span className={cx(styles.icon, styles.iconSuccess)} aria-hidden="true">
          <LogIn />
        </span>
        <h1 className={shared.stepTitle}>{t('welcomeOtt.title')}</h1>
        <p className={styles.lead}>
          {viewer ? (
            <>
              <Trans
                t={t}
                i18nKey="welcomeOtt.greeting"
                values={{ email: viewer.account.email }}
                components={{ strong: <strong /> }}
              />{' '}
            </>
          ) : null}
          {step ? t('welcomeOtt.unfinished') : t('welcomeOtt.pickUp')}
        </p>
      </header>
      {step ? (
        <ButtonLink to={localized(stepPath(step))} size="lg" fullWidth data-testid="welcome-ott-continue">
          {t('welcomeOtt.finish')}
        </ButtonLink>
      ) : (
        <>
          <NextSteps
            steps={[
              {
                to: '/c/genres',
                icon: <Music aria-hidden="true" />,
                title: t('welcomeOtt.browseTitle'),
                text: t('welcomeOtt.browseText'),
              },
              {
                to: '/c/playlists',
                icon: <ListMusic aria-hidden="true" />,
                title: t('welcomeOtt.playlistsTitle'),
                text: t('welcomeOtt.playlistsText'),
              },
              {
                to: '/dashboard/account',
                icon: <LayoutDashboard aria-hidden="true" />,
                title: t('welcomeOtt.accountTitle'),
                text: t('welcomeOtt.accountText'),
              },
            ]}
          />
          <ButtonLink to={localized('/')} size="lg" fullWidth>
            {t('welcomeOtt.home')}
          </ButtonLink>
        </>
      )}
    </div>
  );
}
