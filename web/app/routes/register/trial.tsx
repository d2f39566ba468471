import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Check, Gift } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, TRIAL_DAYS } from '@cuewave/contract/account-rules';
import type { SubscriptionSummary } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { errorCode, useApiErrorText } from '../../features/registration/error-messages';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { useLocalizedPath } from '../../features/shell/edition';
import { apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';
import { requestTexts } from '../../i18n/request-texts.server';
import type { Route } from './+types/trial';

/** The page's title in the request's language (meta runs outside React). */
export function loader({ request }: Route.LoaderArgs) {
  return { title: requestTexts(request, 'registration').t('meta.trial') };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/** /register/trial: the last step for the trial plan. Starting it completes the registration. */
export default function TrialPage() {
  const { t } = useTranslation('registration');
  const friendlyError = useApiErrorText();
  const viewer = useRegisterViewer();
  const goTo = useGoTo();
  const localized = useLocalizedPath();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<{ message: string; used: boolean } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  if (!viewer) return null;

  async function start() {
    setStarting(true);
    setError(null);
    try {
      await apiSend<SubscriptionSummary>('POST', '/v1/subscription/new/trial');
      await goTo('/register/welcome');
    } catch (err) {
      const used = errorCode(err) === 'TRIAL_ALREADY_USED';
      setError({
        used,
        message: used ? friendlyError(err) : t('trial.failed', { reason: friendlyError(err) }),
      });
      setStarting(false);
      window.setTimeout(() => errorRef.current?.focus(), 0);
    }
  }

  const channels = CHANNEL_LIMITS.trial;
  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <Gift />
        </span>
        <p className={shared.eyebrow}>{t('trial.eyebrow')}</p>
        <h1 className={shared.stepTitle}>{t('trial.title', { days: TRIAL_DAYS })}</h1>
        <p className={styles.lead}>{t('trial.lead')}</p>
      </header>
      <ul className={styles.checks} data-testid="trial-includes">
        <li>
          <Check aria-hidden="true" />
          <p>
            <strong>{t('trial.catalogueTitle')}</strong>
            <span>{t('trial.catalogueText')}</span>
          </p>
        </li>
        <li>
          <Check aria-hidden="true" />
          <p>
            <strong>{t('trial.channelsTitle', { count: channels })}</strong>
            <span>{t('trial.channelsText', { count: channels })}</span>
          </p>
        </li>
        <li>
          <Check aria-hidden="true" />
          <p>
            <strong>{t('trial.daysTitle', { days: TRIAL_DAYS })}</strong>
            <span>{t('trial.daysText')}</span>
          </p>
        </li>
      </ul>
      {error ? (
        <FormAlert ref={errorRef} testId="trial-error">
          {error.message}{' '}
          {error.used ? <Link to={localized('/register/select-plan')}>{t('trial.choosePlan')}</Link> : null}
        </FormAlert>
      ) : null}
      <div className={shared.stack}>
        <Button size="lg" fullWidth loading={starting} onClick={() => void start()} data-testid="start-trial">
          {t('trial.start')}
        </Button>
      </div>
      <p className={shared.switch}>
        <Trans
          t={t}
          i18nKey="trial.moreChannels"
          components={{ plans: <Link to={localized('/register/select-plan')} /> }}
        />
      </p>
    </div>
  );
}
