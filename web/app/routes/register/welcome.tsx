import { useEffect } from 'react';
import { Download, LayoutDashboard, ListMusic, Music, PartyPopper } from 'lucide-react';
import { TRIAL_DAYS } from '@cuewave/contract/account';
import { ButtonLink } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { clearSignup } from '../../features/registration/signup-store';
import { useRegisterViewer } from '../../features/registration/use-register-viewer';
import { planTitle } from '../../features/registration/plans';
import { formatDate } from '../../lib/format';
import { NextSteps } from '../../features/registration/next-steps';
import { licencePdfUrl } from '../../features/checkout/api';
import checkout from '../../features/checkout/checkout-page.module.css';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';

export const meta = () => [{ title: 'Welcome to Cuewave' }, { name: 'robots', content: 'noindex' }];

/**
 * /register/welcome: the registration is complete. The signup state has done its job. A paid plan
 * shows what was bought and its licence certificate, ready to download.
 */
export default function WelcomePage() {
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
        <h1 className={shared.stepTitle}>You’re all set!</h1>
        <p className={styles.lead}>
          {subscription
            ? isTrial
              ? `Your ${TRIAL_DAYS}-day free trial has started${
                  subscription.nextPayTS ? ` and runs until ${formatDate(subscription.nextPayTS)}` : ''
                }.`
              : `Your ${planTitle(subscription.planType)} plan${period ? `, billed ${period},` : ''} is active.`
            : 'Your account is ready.'}{' '}
          Here’s what to do next.
        </p>
      </header>
      {subscription && !isTrial ? (
        <dl className={styles.summary} data-testid="welcome-plan">
          <div className={styles.summaryRow}>
            <dt>Plan</dt>
            <dd>{planTitle(subscription.planType)}</dd>
          </div>
          {period ? (
            <div className={styles.summaryRow}>
              <dt>Billing</dt>
              <dd>{period === 'monthly' ? 'Monthly' : 'Yearly'}</dd>
            </div>
          ) : null}
          {subscription.nextPayTS ? (
            <div className={styles.summaryRow}>
              <dt>Renews on</dt>
              <dd>{formatDate(subscription.nextPayTS)}</dd>
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
            Download licence (PDF)
          </a>
          <span>Your licence certificate, with a code anyone can verify. Add your channels in the dashboard.</span>
        </p>
      ) : null}
      <NextSteps
        steps={[
          {
            to: '/c/genres',
            icon: <Music aria-hidden="true" />,
            title: 'Browse music',
            text: 'Preview any track by genre, mood or sound effect.',
          },
          {
            to: '/c/playlists',
            icon: <ListMusic aria-hidden="true" />,
            title: 'Find playlists',
            text: 'Start from curated playlists and collect your favourites.',
          },
          {
            to: '/dashboard/licenses',
            icon: <LayoutDashboard aria-hidden="true" />,
            title: 'Your dashboard',
            text: 'See your subscription and manage your account.',
          },
        ]}
      />
      <ButtonLink to="/c/genres" size="lg" fullWidth data-testid="welcome-browse">
        Start browsing
      </ButtonLink>
    </div>
  );
}
