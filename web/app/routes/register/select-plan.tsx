import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, PlanName } from '@cuewave/contract/account';
import { buysFirstPlan } from '../../features/auth/guards';
import { getMe } from '../../features/auth/session.server';
import { DETAILS_PATH } from '../../features/checkout/plan-choice-target';
import { listPriceOf } from '../../features/pricing/plan-price';
import { PricesUnavailable } from '../../features/pricing/prices-unavailable';
import { loadPricing } from '../../features/pricing/pricing.server';
import { useCurrency } from '../../features/pricing/use-currency';
import { errorCode, useApiErrorText } from '../../features/registration/error-messages';
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
import type { Route } from './+types/select-plan';
import { requestTexts } from '../../i18n/request-texts.server';

export const handle: RegisterHandle = { wide: true };

const PAID_PLANS: PlanName[] = ['start', 'advanced', 'professional', 'enterprise'];

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/** Plans with prices in the account's currency (spec §4: subscription, billing country, location). */
export async function loader({ request }: Route.LoaderArgs) {
  const { me } = await getMe(request);
  // With the page's title in the request's language (meta runs outside React).
  return { ...(await loadPricing(request, me)), title: requestTexts(request, 'registration').t('meta.selectPlan') };
}

/**
 * /register/select-plan: the plan the account signs up for (saved as signupPlan / signupPeriod on
 * the account and in the signup state). Defaults: the plan chosen earlier, else professional, yearly.
 */
export default function SelectPlanPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('registration');
  const friendlyError = useApiErrorText();
  const viewer = useRegisterViewer();
  const signup = useSignup();
  const goTo = useGoTo();
  // The register layout re-checks the session on every address change, so choices stay out of the URL.
  const [currency, setCurrency] = useCurrency({
    currency: loaderData.currency,
    source: loaderData.currencySource,
    remembered: signup.signupCurrency,
    remember: (next) => updateSignup({ signupCurrency: next }),
    syncUrl: false,
  });
  const [billingType, setBillingType] = useState<BillingType | null>(null);
  const [pending, setPending] = useState<PlanName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  if (!viewer) return null;

  const { signupPlan, signupPeriod } = viewer.account;
  // One trial per account (decision 045), and only for new customers: the server sets isTrialUsed
  // once the account had its trial or a paid plan, and then only the paid plans are offered.
  const hadPaidPlan = viewer.access.hadPaidPlan ?? false;
  const trialUsed = (viewer.access.isTrialUsed ?? false) || hadPaidPlan;
  const onTrial = buysFirstPlan(viewer);
  // Nothing chosen yet: no card is marked, and professional (the default, spec §3) leads as most popular.
  // A member on the trial still has signupPlan 'trial' from registration: nothing paid is chosen yet.
  const selected = onTrial && signupPlan === 'trial' ? null : (signupPlan ?? signup.signupPlan);
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
      const priced = loaderData.plans?.find((p) => p.name === plan);
      updateSignup({
        plan,
        billingType: period,
        signupPlan: plan,
        signupPlanPeriod: patch.signupPeriod,
        signupCurrency: currency,
        signupPrice: priced && patch.signupPeriod ? listPriceOf(priced, patch.signupPeriod, currency) : null,
      });
      // A member on the trial goes straight to the checkout; anyone else follows the registration order.
      await goTo(buysFirstPlan(viewer) && plan !== 'trial' ? DETAILS_PATH : stepPath(nextStepAfter(viewer, patch)));
    } catch (err) {
      setError(
        errorCode(err) === 'account not confirmed'
          ? friendlyError(err)
          : t('selectPlan.saveFailed', { reason: friendlyError(err) }),
      );
      window.setTimeout(() => errorRef.current?.focus(), 0);
    } finally {
      setPending(null);
    }
  }

  return (
    <>
      <header className={styles.pageHeader}>
        <p className={shared.eyebrow}>{t('selectPlan.eyebrow')}</p>
        <h1 className={shared.pageTitle}>{t('selectPlan.title')}</h1>
        <p className={shared.pageLead}>{onTrial || trialUsed ? t('selectPlan.leadPaying') : t('selectPlan.lead')}</p>
      </header>
      <FormAlert ref={errorRef} testId="select-plan-error">
        {error}
      </FormAlert>
      {loaderData.plans ? null : <PricesUnavailable />}
      <PlanCards
        selected={selected}
        billingType={period}
        onBillingTypeChange={(value) => {
          setBillingType(value);
          updateSignup({ billingType: value });
        }}
        onChoose={(plan) => void choose(plan)}
        pending={pending}
        plans={loaderData.plans}
        currency={currency}
        onCurrencyChange={setCurrency}
        planNames={trialUsed ? PAID_PLANS : undefined}
      />
      <p className={styles.note} data-testid="select-plan-note">
        {onTrial
          ? t('selectPlan.noteOnTrial')
          : hadPaidPlan
            ? t('selectPlan.noteHadPaid')
            : trialUsed
              ? t('selectPlan.noteTrialEnded')
              : t('selectPlan.noteNew')}
      </p>
    </>
  );
}
