import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Check, Gift } from 'lucide-react';
import { CHANNEL_LIMITS, TRIAL_DAYS, type SubscriptionSummary } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { errorCode, friendlyError } from '../../features/registration/error-messages';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { useLocalizedPath } from '../../features/shell/edition';
import { apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';

export const meta = () => [{ title: 'Start your free trial · Cuewave' }, { name: 'robots', content: 'noindex' }];

/** /register/trial: the last step for the trial plan. Starting it completes the registration. */
export default function TrialPage() {
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
        message: used ? friendlyError(err) : `We couldn’t start your trial. ${friendlyError(err)}`,
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
        <p className={shared.eyebrow}>Last step</p>
        <h1 className={shared.stepTitle}>Your {TRIAL_DAYS}-day free trial</h1>
        <p className={styles.lead}>Everything you need to try Cuewave in your own videos.</p>
      </header>
      <ul className={styles.checks} data-testid="trial-includes">
        <li>
          <Check aria-hidden="true" />
          <p>
            <strong>The whole catalogue</strong>
            <span>Every song and sound effect, with new music added every week.</span>
          </p>
        </li>
        <li>
          <Check aria-hidden="true" />
          <p>
            <strong>
              {channels} channel{channels === 1 ? '' : 's'}
            </strong>
            <span>Use tracks on one YouTube, social or podcast channel of yours.</span>
          </p>
        </li>
        <li>
          <Check aria-hidden="true" />
          <p>
            <strong>{TRIAL_DAYS} days, no charge today</strong>
            <span>No card needed. When the trial ends, choose a plan to keep going.</span>
          </p>
        </li>
      </ul>
      {error ? (
        <FormAlert ref={errorRef} testId="trial-error">
          {error.message} {error.used ? <Link to={localized('/register/select-plan')}>Choose a plan</Link> : null}
        </FormAlert>
      ) : null}
      <div className={shared.stack}>
        <Button size="lg" fullWidth loading={starting} onClick={() => void start()} data-testid="start-trial">
          Start my free trial
        </Button>
      </div>
      <p className={shared.switch}>
        Need more channels? <Link to={localized('/register/select-plan')}>Choose another plan</Link>
      </p>
    </div>
  );
}
