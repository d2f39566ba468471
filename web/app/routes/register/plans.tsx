import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlanName } from '@cuewave/contract/account';
import { TRIAL_DAYS } from '@cuewave/contract/account-rules';
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
import { requestTexts } from '../../i18n/request-texts.server';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';

export const handle: RegisterHandle = { wide: true };

export const meta = ({ data }: Route.MetaArgs) => [
  { title: data?.title },
  { name: 'description', content: data?.description },
];

/**
 * Plans with prices in the visitor's currency (spec §4), rendered on the server, and the page's
 * title and description in the request's language (meta runs outside React).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { t } = requestTexts(request, 'registration');
  const { me } = await getMe(request);
  return {
    ...(await loadPricing(request, me)),
    title: t('meta.plans'),
    description: t('meta.plansDescription', { days: TRIAL_DAYS }),
  };
}

/**
 * /register/plans (public): the plans side by side with their prices. Choosing one remembers it,
 * with the period, currency and list price, in the signup state (spec §3) and moves on to sign-up;
 * a signed-in user goes to the plan step instead.
 */
export default function PlansPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('registration');
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
        <p className={shared.eyebrow}>{t('plansPage.eyebrow')}</p>
        <h1 className={shared.pageTitle}>{t('plansPage.title')}</h1>
        <p className={shared.pageLead}>{t('plansPage.lead', { days: TRIAL_DAYS })}</p>
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
        {t('plansPage.note')}{' '}
        <Link to="/auth/login" className={shared.switchLink}>
          {t('plansPage.logIn')}
        </Link>
      </p>
    </>
  );
}
