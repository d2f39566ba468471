import { Link, useNavigate } from 'react-router';
import type { PlanName } from '@cuewave/contract/account';
import { TRIAL_DAYS } from '@cuewave/contract/account';
import { PlanCards } from '../../features/registration/plan-cards';
import { periodOf, updateSignup, useSignup } from '../../features/registration/signup-store';
import { useRegisterViewer } from '../../features/registration/use-register-viewer';
import { useLocalizedPath } from '../../features/shell/edition';
import type { RegisterHandle } from '../../layouts/register-layout';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';

export const handle: RegisterHandle = { wide: true };

export const meta = () => [
  { title: 'Plans · Cuewave' },
  {
    name: 'description',
    content: `Compare Cuewave plans by channels and use, or start a ${TRIAL_DAYS}-day free trial of the whole catalogue.`,
  },
];

/**
 * /register/plans (public): the plans side by side. Choosing one remembers it in the signup state
 * (spec §3) and moves on to sign-up; a signed-in user goes to the plan step instead.
 */
export default function PlansPage() {
  const signup = useSignup();
  const viewer = useRegisterViewer();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const period = signup.billingType;

  function choose(plan: PlanName) {
    updateSignup({
      plan,
      billingType: period,
      signupPlan: plan,
      signupPlanPeriod: plan === 'trial' ? null : periodOf(period),
    });
    navigate(localized(viewer ? '/register/select-plan' : '/register/signup'));
  }

  return (
    <>
      <header className={styles.pageHeader}>
        <p className={shared.eyebrow}>Plans</p>
        <h1 className={shared.pageTitle}>One subscription, every track</h1>
        <p className={shared.pageLead}>
          Every plan includes the whole catalogue of music and sound effects. Plans differ in how many channels you use
          it on and what for. Not sure yet? Start with {TRIAL_DAYS} days free.
        </p>
      </header>
      <PlanCards
        selected={signup.signupPlan}
        billingType={period}
        onBillingTypeChange={(value) => updateSignup({ billingType: value })}
        onChoose={choose}
      />
      <p className={styles.note}>
        Prices and card checkout open soon; today every account starts with the free trial. Already have an account?{' '}
        <Link to="/auth/login" className={shared.switchLink}>
          Log in
        </Link>
      </p>
    </>
  );
}
