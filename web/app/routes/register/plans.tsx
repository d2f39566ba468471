import { Link, useNavigate } from 'react-router';
import type { PlanName } from '@cuewave/contract/account';
import { TRIAL_DAYS } from '@cuewave/contract/account';
import { getMe } from '../../features/auth/session.server';
import { PricesUnavailable } from '../../features/pricing/prices-unavailable';
import { listPriceOf } from '../../features/pricing/plan-price';
import { loadPricing } from '../../features/pricing/pricing.server';
import { useCurrency } from '../../features/pricing/use-currency';
import { PlanCards } from '../../features/registration/plan-cards';
import { periodOf, updateSignup, useSignup } from '../../features/registration/signup-store';
import { useRegisterViewer } from '../../features/registration/use-register-viewer';
import { useLocalizedPath } from '../../features/shell/edition';
import type { RegisterHandle } from '../../layouts/register-layout';
import type { Route } from './+types/plans';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';

export const handle: RegisterHandle = { wide: true };

export const meta = () => [
  { title: 'Plans · Cuewave' },
  {
    name: 'description',
    content: `Compare Cuewave plans by price, channels and use, or start a ${TRIAL_DAYS}-day free trial of the whole catalogue.`,
  },
];

/** Plans with prices in the visitor's currency (spec §4), rendered on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const { me } = await getMe(request);
  return loadPricing(request, me);
}

/**
 * /register/plans (public): the plans side by side with their prices. Choosing one remembers it,
 * with the period, currency and list price, in the signup state (spec §3) and moves on to sign-up;
 * a signed-in user goes to the plan step instead.
 */
export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const signup = useSignup();
  const viewer = useRegisterViewer();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const period = signup.billingType;
  // The register layout re-checks the session on every address change, so choices stay out of the URL.
  const [currency, setCurrency] = useCurrency({
    currency: loaderData.currency,
    source: loaderData.currencySource,
    remembered: signup.signupCurrency,
    remember: (next) => updateSignup({ signupCurrency: next }),
    syncUrl: false,
  });

  function choose(plan: PlanName) {
    const priced = loaderData.plans?.find((p) => p.name === plan);
    const signupPlanPeriod = plan === 'trial' ? null : periodOf(period);
    updateSignup({
      plan,
      billingType: period,
      signupPlan: plan,
      signupPlanPeriod,
      signupCurrency: currency,
      signupPrice: priced && signupPlanPeriod ? listPriceOf(priced, signupPlanPeriod, currency) : null,
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
      {loaderData.plans ? null : <PricesUnavailable />}
      <PlanCards
        selected={signup.signupPlan}
        billingType={period}
        onBillingTypeChange={(value) => updateSignup({ billingType: value })}
        onChoose={choose}
        plans={loaderData.plans}
        currency={currency}
        onCurrencyChange={setCurrency}
      />
      <p className={styles.note}>
        Cancel any time; what you published while subscribed stays licensed. Already have an account?{' '}
        <Link to="/auth/login" className={shared.switchLink}>
          Log in
        </Link>
      </p>
    </>
  );
}
