import { useState } from 'react';
import { Link } from 'react-router';
import { CreditCard, Info } from 'lucide-react';
import { CHANNEL_LIMITS, TRIAL_DAYS, type Account } from '@cuewave/contract/account';
import { Button } from '../../components/ui/button';
import { friendlyError } from '../../features/registration/error-messages';
import { planInfo } from '../../features/registration/plans';
import { updateSignup } from '../../features/registration/signup-store';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { useLocalizedPath } from '../../features/shell/edition';
import { apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';

export const meta = () => [{ title: 'Your plan · Cuewave' }, { name: 'robots', content: 'noindex' }];

/**
 * /register/details: the last step for a paid plan. Card checkout arrives with the payments issue;
 * until then the page says so and offers the free trial instead of pretending to take a card.
 */
export default function DetailsPage() {
  const viewer = useRegisterViewer();
  const goTo = useGoTo();
  const localized = useLocalizedPath();
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!viewer) return null;

  const plan = planInfo(viewer.account.signupPlan ?? 'professional');
  const period = viewer.account.signupPeriod === 'month' ? 'Monthly' : 'Yearly';

  async function switchToTrial() {
    setSwitching(true);
    setError(null);
    try {
      await apiSend<Account>('POST', '/v1/account', { json: { signupPlan: 'trial', signupPeriod: null } });
      updateSignup({ plan: 'trial', signupPlan: 'trial', signupPlanPeriod: null });
      await goTo('/register/trial');
    } catch (err) {
      setError(`We couldn’t switch you to the free trial. ${friendlyError(err)}`);
      setSwitching(false);
    }
  }

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <CreditCard />
        </span>
        <p className={shared.eyebrow}>Last step</p>
        <h1 className={shared.stepTitle}>Your {plan.title} plan</h1>
        <p className={styles.lead}>{plan.audience}</p>
      </header>
      <dl className={styles.summary} data-testid="details-summary">
        <div className={styles.summaryRow}>
          <dt>Plan</dt>
          <dd>
            {plan.title} · {plan.tier}
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>Billing</dt>
          <dd>{period}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>Channels</dt>
          <dd>{CHANNEL_LIMITS[plan.name]}</dd>
        </div>
      </dl>
      <p className={shared.alertInfo} role="note">
        <Info aria-hidden="true" />
        <span>
          Card checkout for paid plans opens soon. You can start today with the {TRIAL_DAYS}-day free trial and move to{' '}
          {plan.title} once checkout is open — nothing is charged now.
        </span>
      </p>
      <FormAlert>{error}</FormAlert>
      <div className={`${shared.stack} ${shared.spaced}`}>
        <Button
          size="lg"
          fullWidth
          loading={switching}
          onClick={() => void switchToTrial()}
          data-testid="switch-to-trial"
        >
          Start with the free trial instead
        </Button>
      </div>
      <p className={shared.switch}>
        Want a different plan? <Link to={localized('/register/select-plan')}>Change plan</Link>
      </p>
    </div>
  );
}
