import { useEffect, useState } from 'react';
import { Link, redirect } from 'react-router';
import { AlertCircle } from 'lucide-react';
import { CHANNEL_LIMITS, type BillingPeriod, type PlanName } from '@cuewave/contract/account';
import type { Country } from '@cuewave/contract/billing';
import { formatMoney } from '@cuewave/contract/pricing';
import { ButtonLink } from '../../components/ui/button';
import { SkeletonText } from '../../components/ui/skeleton';
import { buysFirstPlan } from '../../features/auth/guards';
import { getMe } from '../../features/auth/session.server';
import { getBilling, getCountries, getPaymentMethods } from '../../features/checkout/api';
import { CheckoutPayment } from '../../features/checkout/checkout-payment';
import { checkoutSelection } from '../../features/checkout/checkout-selection';
import { CouponField } from '../../features/checkout/coupon-field';
import { QuoteSummary } from '../../features/checkout/quote-summary';
import { useQuote } from '../../features/checkout/use-quote';
import { FormAlert } from '../../features/auth/form-alert';
import { planInfo } from '../../features/registration/plans';
import { updateSignup, useSignup } from '../../features/registration/signup-store';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import type { RegisterHandle } from '../../layouts/register-layout';
import { editionOfPath, localizedPath, useLocalizedPath } from '../../features/shell/edition';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/checkout/checkout-page.module.css';
import type { Route } from './+types/billing';

export const handle: RegisterHandle = { wide: true };

export const meta = () => [{ title: 'Payment · Cuewave' }, { name: 'robots', content: 'noindex' }];

/**
 * The billing details and saved cards of the signed-in buyer. Without billing details there is
 * nothing to tax or invoice yet: back to the details step. (The layout's guard handles visitors.)
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { me } = await getMe(request);
  if (!me) return { billing: null, methods: [], countryName: null };
  const billing = await getBilling({ request });
  if (!billing) throw redirect(localizedPath('/register/details', editionOfPath(new URL(request.url).pathname)));
  const [methods, countries] = await Promise.all([
    getPaymentMethods({ request }).catch(() => []),
    getCountries('business', false).catch((): Country[] => []),
  ]);
  const countryName = countries.find((c) => c.value === billing.country)?.label ?? null;
  return { billing, methods, countryName };
}

/**
 * /register/billing: the order (plan, period, currency of the signup state), the live quote with
 * tax and an optional discount code, and the card payment. Success completes the registration.
 */
export default function BillingPage({ loaderData }: Route.ComponentProps) {
  const { billing, methods, countryName } = loaderData;
  const viewer = useRegisterViewer();
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

  const plan = planInfo(selection.plan);
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
        <p className={shared.eyebrow}>Last step</p>
        <h1 className={shared.pageTitle}>Pay for your {plan.title} plan</h1>
        <p className={shared.pageLead}>Your licence starts as soon as the payment goes through.</p>
      </header>
      <div className={styles.columns}>
        <section className={`${styles.panel} ${styles.summaryPanel}`} aria-labelledby="order-title">
          <h2 id="order-title" className={styles.panelTitle}>
            Your order
          </h2>
          <dl className={styles.facts} data-testid="order-facts">
            <Fact label="Plan" value={`${plan.title} · ${plan.tier}`} />
            <Fact label="Billing" value={periodLabel(selection.period)} />
            <Fact label="Currency" value={selection.currency.toUpperCase()} />
            <Fact label="Channels" value={String(CHANNEL_LIMITS[selection.plan])} />
          </dl>
          <div className={styles.billedTo} data-testid="billed-to">
            <p className={styles.billedToHead}>
              <span>Billed to</span>
              <Link to={localized('/register/details')} data-testid="edit-details">
                Edit
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
            {billing.taxNumber && billing.type === 'business' ? <p>Tax number {billing.taxNumber}</p> : null}
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
                <span className="visually-hidden">Getting your price…</span>
              </div>
            ) : null}
            <FormAlert testId="quote-error">{error}</FormAlert>
          </div>
          <p className={styles.fine}>
            Renews automatically every {selection.period} at the list price with the tax of the day. Cancel renewal any
            time in your dashboard.
          </p>
          {buysFirstPlan(viewer) ? (
            <p className={styles.fine} data-testid="trial-ends-note">
              Your free trial ends when this payment goes through; the channels you added stay on your licence.
            </p>
          ) : null}
        </section>

        <section className={`${styles.panel} ${styles.paymentPanel}`} aria-label="Payment">
          <CheckoutPayment
            methods={methods}
            purchase={quote && !loading ? { ...selection, coupon: validCoupon } : null}
            total={quote && !loading ? formatMoney(quote.total, quote.currency) : null}
            onSuccess={() => goTo('/register/welcome')}
          />
          <p className={styles.fine}>
            By paying you agree to the <Link to={localized('/terms-conditions')}>terms and conditions</Link> and
            authorise Cuewave to charge this card for each renewal until you cancel.
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

function periodLabel(period: BillingPeriod): string {
  return period === 'month' ? 'Monthly' : 'Yearly';
}

/** The trial and enterprise are not bought by card (decision 041). */
function NotSoldByCard({ plan }: { plan: PlanName }) {
  return (
    <div className={styles.page}>
      <div className={styles.panel}>
        <h1 className={shared.stepTitle}>
          {plan === 'trial' ? 'The free trial needs no card' : 'Enterprise is quoted personally'}
        </h1>
        <p className={shared.pageLead}>
          <AlertCircle aria-hidden="true" width={16} height={16} />{' '}
          {plan === 'trial'
            ? 'Start your 30 days without paying anything.'
            : 'Tell us about your team and we’ll send you an offer.'}
        </p>
        <ButtonLink to={plan === 'trial' ? '/register/trial' : '/enterprise'} size="lg">
          {plan === 'trial' ? 'Start the free trial' : 'Contact sales'}
        </ButtonLink>
        <p className={shared.switch}>
          Want a different plan? <Link to="/register/select-plan">Change plan</Link>
        </p>
      </div>
    </div>
  );
}
