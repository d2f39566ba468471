import { useRef, useState } from 'react';
import type { Account, PlanName } from '@cuewave/contract/account';
import { errorCode, friendlyError } from '../../features/registration/error-messages';
import { PlanCards } from '../../features/registration/plan-cards';
import { nextStepAfter, stepPath } from '../../features/registration/registration-paths';
import {
  billingTypeOf,
  periodOf,
  updateSignup,
  useSignup,
  type BillingType,
} from '../../features/registration/signup-store';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import type { RegisterHandle } from '../../layouts/register-layout';
import { apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';

export const handle: RegisterHandle = { wide: true };

export const meta = () => [{ title: 'Choose your plan · Cuewave' }, { name: 'robots', content: 'noindex' }];

/**
 * /register/select-plan: the plan the account signs up for (saved as signupPlan / signupPeriod on
 * the account and in the signup state). Defaults: the plan chosen earlier, else professional, yearly.
 */
export default function SelectPlanPage() {
  const viewer = useRegisterViewer();
  const signup = useSignup();
  const goTo = useGoTo();
  const [billingType, setBillingType] = useState<BillingType | null>(null);
  const [pending, setPending] = useState<PlanName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  if (!viewer) return null;

  const { signupPlan, signupPeriod } = viewer.account;
  // Nothing chosen yet: no card is marked, and professional (the default, spec §3) leads as most popular.
  const selected = signupPlan ?? signup.signupPlan;
  const period = billingType ?? (signupPeriod ? billingTypeOf(signupPeriod) : signup.billingType);

  async function choose(plan: PlanName) {
    if (!viewer) return;
    setPending(plan);
    setError(null);
    const patch = {
      signupPlan: plan,
      signupPeriod: plan === 'trial' ? null : periodOf(period),
    } satisfies Partial<Account>;
    try {
      await apiSend<Account>('POST', '/v1/account', { json: patch });
      updateSignup({ plan, billingType: period, signupPlan: plan, signupPlanPeriod: patch.signupPeriod });
      await goTo(stepPath(nextStepAfter(viewer, patch)));
    } catch (err) {
      setError(
        errorCode(err) === 'account not confirmed'
          ? 'Confirm your email address first.'
          : `We couldn’t save your plan. ${friendlyError(err)}`,
      );
      window.setTimeout(() => errorRef.current?.focus(), 0);
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <header className={styles.pageHeader}>
        <p className={shared.eyebrow}>Your plan</p>
        <h1 className={shared.pageTitle}>Choose how you’ll use Cuewave</h1>
        <p className={shared.pageLead}>
          Pick the plan that fits your channels. You can change it before you start, and upgrade any time later.
        </p>
      </header>
      <FormAlert ref={errorRef} testId="select-plan-error">
        {error}
      </FormAlert>
      <PlanCards
        selected={selected}
        billingType={period}
        onBillingTypeChange={(value) => {
          setBillingType(value);
          updateSignup({ billingType: value });
        }}
        onChoose={(plan) => void choose(plan)}
        pending={pending}
      />
      <p className={styles.note}>Prices and card checkout open soon; the free trial starts today with no card.</p>
    </>
  );
}
