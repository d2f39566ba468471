import { useEffect } from 'react';
import { Download, LayoutDashboard, ListMusic, Music, PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { clearSignup } from '../../features/registration/signup-store';
import { useRegisterViewer } from '../../features/registration/use-register-viewer';
import { planTitleText } from '../../features/registration/plans';
import { useFormat } from '../../i18n/format';
import { NextSteps } from '../../features/registration/next-steps';
import { licencePdfUrl } from '../../features/checkout/api';
import checkout from '../../features/checkout/checkout-page.module.css';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/welcome';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'registration').t('meta.welcome') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/**
 * /register/welcome: the registration is complete. The signup state has done its job. A paid plan
 * shows what was bought and its licence certificate, ready to download.
 */
export default function WelcomePage() {
  const { t } = useTranslation('registration');
  const format = useFormat();
  const viewer = useRegisterViewer();
  useEffect(() => clearSignup(), []);
  const subscription = viewer?.subscription ?? null;
  const isTrial = subscription?.planType === 'trial';
  const period =
    subscription?.payPeriod === 'monthly' ? 'monthly' : subscription?.payPeriod === 'yearly' ? 'yearly' : null;
  const canDownload = subscription !== null && subscription.status !== 'pending' && subscription.status !== 'ended';

  return (
    <div className={cx(styles.card, styles.cardWide)} data-testid="welcome">
      <header className={cx(styles.header, styles.centered)}>
        <span className={cx(styles.icon, styles.iconSuccess)} aria-hidden="true">
          <PartyPopper />
        </span>
        <h1 className={shared.stepTitle}>{t('welcome.title')}</h1>
        <p className={styles.lead}>
          {subscription
            ? isTrial
              ? subscription.nextPayTS
                ? t('welcome.trialUntil', { days: TRIAL_DAYS, date: format.date(subscription.nextPayTS) })
                : t('welcome.trialStarted', { days: TRIAL_DAYS })
              : period
                ? t(`welcome.planActiveBilled.${period}`, { plan: planTitleText(subscription.planType, t) })
                : t('welcome.planActive', { plan: planTitleText(subscription.planType, t) })
            : t('welcome.accountReady')}{' '}
          {t('welcome.next')}
        </p>
      </header>
      {subscription && !isTrial ? (
        <dl className={styles.summary} data-testid="welcome-plan">
          <div className={styles.summaryRow}>
            <dt>{t('summary.plan')}</dt>
            <dd>{planTitleText(subscription.planType, t)}</dd>
          </div>
          {period ? (
            <div className={styles.summaryRow}>
              <dt>{t('summary.billing')}</dt>
              <dd>{period === 'monthly' ? t('summary.monthly') : t('summary.yearly')}</dd>
            </div>
          ) : null}
          {subscription.nextPayTS ? (
            <div className={styles.summaryRow}>
              <dt>{t('summary.renewsOn')}</dt>
              <dd>{format.date(subscription.nextPayTS)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {canDownload && subscription ? (
        <p className={checkout.licenceLine}>
          <a
            href={licencePdfUrl(subscription.id)}
            download
            className={checkout.licenceLink}
            data-testid="welcome-licence"
          >
            <Download aria-hidden="true" />
            {t('welcome.downloadLicence')}
          </a>
          <span>{t('welcome.licenceText')}</span>
        </p>
      ) : null}
      <NextSteps
        steps={[
          {
            to: '/c/genres',
            icon: <Music aria-hidden="true" />,
            title: t('welcome.browseTitle'),
            text: t('welcome.browseText'),
          },
          {
            to: '/c/playlists',
            icon: <ListMusic aria-hidden="true" />,
            title: t('welcome.playlistsTitle'),
            text: t('welcome.playlistsText'),
          },
          {
            to: '/dashboard/licenses',
            icon: <LayoutDashboard aria-hidden="true" />,
            title: t('welcome.dashboardTitle'),
            text: t('welcome.dashboardText'),
          },
        ]}
      />
      <ButtonLink to="/c/genres" size="lg" fullWidth data-testid="welcome-browse">
        {t('welcome.startBrowsing')}
      </ButtonLink>
    </div>
  );
}
