import { useEffect, useState } from 'react';
import { Link, redirect } from 'react-router';
import { AlertCircle } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, TRIAL_DAYS, type BillingPeriod, type PlanName } from '@cuewave/contract/account-rules';
import type { Country } from '@cuewave/contract/billing';
import { ButtonLink } from '../../components/ui/button';
import { SkeletonText } from '../../components/ui/skeleton';
import { buysFirstPlan } from '../../features/auth/guards';
import { getMe } from '../../features/auth/session.server';
import { getBilling, getCountries, getPaymentMethods } from '../../features/checkout/api';
import { localizedCountries } from '../../features/checkout/countries';
import { CheckoutPayment } from '../../features/checkout/checkout-payment';
import { checkoutSelection } from '../../features/checkout/checkout-selection';
import { CouponField } from '../../features/checkout/coupon-field';
import { QuoteSummary } from '../../features/checkout/quote-summary';
import { useQuote } from '../../features/checkout/use-quote';
import { FormAlert } from '../../features/auth/form-alert';
import { planInfo, planTexts, type RegistrationT } from '../../features/registration/plans';
import { useFormat } from '../../i18n/format';
import { requestTexts } from '../../i18n/request-texts.server';
import { updateSignup, useSignup } from '../../features/registration/signup-store';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import type { RegisterHandle } from '../../layouts/register-layout';
import { editionOfPath, localizedPath, useLocalizedPath } from '../../features/shell/edition';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/checkout/checkout-page.module.css';
import type { Route } from './+types/billing';

export const handle: RegisterHandle = { wide: true };

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/**
 * The billing details and saved cards of the signed-in buyer. Without billing details there is
 * nothing to tax or invoice yet: back to the details step. (The layout's guard handles visitors.)
 */
export async function loader({ request }: Route.LoaderArgs) {
  // The page's title in the request's language (meta runs outside React).
  const { language, t } = requestTexts(request, 'registration');
  const title = t('meta.billing');
  const { me } = await getMe(request);
  if (!me) return { title, billing: null, methods: [], countryName: null };
  const billing = await getBilling({ request });
  if (!billing) throw redirect(localizedPath('/register/details', editionOfPath(new URL(request.url).pathname)));
  const [methods, countries] = await Promise.all([
    getPaymentMethods({ request }).catch(() => []),
    getCountries('business', false).catch((): Country[] => []),
  ]);
  const countryName = localizedCountries(countries, language).find((c) => c.value === billing.country)?.label ?? null;
  return { title, billing, methods, countryName };
}

/**
 * /register/billing: the order (plan, period, currency of the signup state), the live quote with
 * tax and an optional discount code, and the card payment. Success completes the registration.
 */
export default function BillingPage({ loaderData }: Route.ComponentProps) {
  const { billing, methods, countryName } = loaderData;
  const viewer = useRegisterViewer();
  const { t } = useTranslation('registration');
  const format = useFormat();
  const signup = useSignup();
  const goTo = useGoTo();
  const localized = useLocalizedPath();
  const [coupon, setCoupon] = useState<string | null>(null);
  // The signup state lives in session storage, read once the page runs in the browser.
  useEffect(() => {
    if (signup.hasCoupon && signup.coupon) setCoupon((current) => current ?? signup.coupon);
  }, [signup.hasCoupon, signup.coupon]);

  const selection = viewer && billing ? checkoutSelection(viewer.account, signup, billing.country) : null;
  const request = selection?.purchasable ? { ...selection, coupon } : null;
  const { quote, loading, error } = useQuote(request);
  if (!viewer || !billing || !selection) return null;

  if (!selection.purchasable) return <NotSoldByCard plan={selection.plan} />;

  const plan = planTexts(planInfo(selection.plan).name, t);
  const couponStatus = quote?.coupon ?? null;
  // A code the quote refused is not sent with the payment: the buyer pays the price shown.
  const validCoupon = coupon && couponStatus?.valid ? coupon : null;

  function applyCoupon(code: string | null) {
    setCoupon(code);
    updateSignup({ hasCoupon: code !== null, coupon: code });
  }

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={shared.eyebrow}>{t('billing.eyebrow')}</p>
        <h1 className={shared.pageTitle}>{t('billing.title', { plan: plan.title })}</h1>
        <p className={shared.pageLead}>{t('billing.lead')}</p>
      </header>
      <div className={styles.columns}>
        <section className={`${styles.panel} ${styles.summaryPanel}`} aria-labelledby="order-title">
          <h2 id="order-title" className={styles.panelTitle}>
            {t('billing.order')}
          </h2>
          <dl className={styles.facts} data-testid="order-facts">
            <Fact label={t('summary.plan')} value={`${plan.title} · ${plan.tier}`} />
            <Fact label={t('summary.billing')} value={periodLabel(selection.period, t)} />
            <Fact label={t('summary.currency')} value={selection.currency.toUpperCase()} />
            <Fact label={t('summary.channels')} value={format.number(CHANNEL_LIMITS[selection.plan])} />
          </dl>
          <div className={styles.billedTo} data-testid="billed-to">
            <p className={styles.billedToHead}>
              <span>{t('billing.billedTo')}</span>
              <Link to={localized('/register/details')} data-testid="edit-details">
                {t('billing.edit')}
              </Link>
            </p>
            <p>
              {billing.type === 'business' && billing.companyName
                ? billing.companyName
                : `${billing.firstName} ${billing.lastName}`}
            </p>
            <p>
              {billing.line1}, {billing.postalCode} {billing.city}, {countryName ?? billing.country}
            </p>
            {billing.taxNumber && billing.type === 'business' ? (
              <p>{t('billing.taxNumber', { number: billing.taxNumber })}</p>
            ) : null}
          </div>
          <CouponField
            applied={coupon}
            status={couponStatus}
            onApply={applyCoupon}
            onRemove={() => applyCoupon(null)}
            disabled={loading}
          />
          <div aria-live="polite" aria-busy={loading || undefined}>
            {quote ? (
              <QuoteSummary quote={quote} />
            ) : loading ? (
              <div className={styles.quoteLoading} data-testid="quote-loading">
                <SkeletonText lines={4} />
                <span className="visually-hidden">{t('billing.gettingPrice')}</span>
              </div>
            ) : null}
            <FormAlert testId="quote-error">{error}</FormAlert>
          </div>
          <p className={styles.fine}>{t(`billing.renews.${selection.period}`)}</p>
          {buysFirstPlan(viewer) ? (
            <p className={styles.fine} data-testid="trial-ends-note">
              {t('billing.trialEnds')}
            </p>
          ) : null}
        </section>

        <section className={`${styles.panel} ${styles.paymentPanel}`} aria-label={t('billing.payment')}>
          <CheckoutPayment
            methods={methods}
            purchase={quote && !loading ? { ...selection, coupon: validCoupon } : null}
            total={quote && !loading ? format.money(quote.total, quote.currency) : null}
            onSuccess={() => goTo('/register/welcome')}
          />
          <p className={styles.fine}>
            <Trans t={t} i18nKey="billing.agree" components={{ terms: <Link to={localized('/terms-conditions')} /> }} />
          </p>
        </section>
      </div>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function periodLabel(period: BillingPeriod, t: RegistrationT): string {
  return period === 'month' ? t('summary.monthly') : t('summary.yearly');
}

/** The trial and enterprise are not bought by card (decision 041). */
function NotSoldByCard({ plan }: { plan: PlanName }) {
  const { t } = useTranslation('registration');
  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <h1 className={shared.stepTitle}>
          {plan === 'trial' ? t('billing.trialNoCard') : t('billing.enterpriseQuoted')}
        </h1>
        <p className={shared.pageLead}>
          <AlertCircle aria-hidden="true" width={16} height={16} />{' '}
          {plan === 'trial' ? t('billing.trialNoCardText', { days: TRIAL_DAYS }) : t('billing.enterpriseText')}
        </p>
        <ButtonLink to={plan === 'trial' ? '/register/trial' : '/enterprise'} size="lg">
          {plan === 'trial' ? t('billing.startTrial') : t('billing.contactSales')}
        </ButtonLink>
        <p className={shared.switch}>
          {t('details.differentPlan')} <Link to="/register/select-plan">{t('details.changePlan')}</Link>
        </p>
      </div>
    </div>
  );
}
