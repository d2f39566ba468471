import { useCallback } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { ArrowRight, ShieldCheck, Sparkles } from 'lucide-react';
import { TRIAL_DAYS, type PlanName } from '@cuewave/contract/account';
import { LICENCE_PERPETUAL_TERM, LICENCE_TERMS } from '@cuewave/contract/licence';
import type { Currency } from '@cuewave/contract/pricing';
import type { Me } from '@cuewave/contract/account';
import { Button, ButtonLink } from '../../components/ui/button';
import { VisuallyHidden } from '../../components/ui/visually-hidden';
import { PlanCards } from '../registration/plan-cards';
import { PromoCodeNotice } from '../banners/promo-code-notice';
import { FormAlert } from '../auth/form-alert';
import { useChoosePlan } from '../checkout/use-choose-plan';
import { CHOOSE_PLAN_PATH } from '../subscription/paths';
import { periodOf, updateSignup, useSignup, type BillingType } from '../registration/signup-store';
import { useLocalizedPath } from '../shell/edition';
import { audienceOf, memberActionLabel } from './audience';
import { ComparisonTable } from './comparison-table';
import { COMPARED_PLANS } from './comparison';
import { Faq } from './faq';
import { PRICING_FAQ } from './faq-items';
import { listPriceOf } from './plan-price';
import { PricesUnavailable } from './prices-unavailable';
import type { PricingData } from './pricing.server';
import { useCurrency } from './use-currency';
import { usePeriod } from './use-period';
import styles from './licenses-page.module.css';

export type LicensesPageProps = { data: PricingData; viewer: Me | null };

/**
 * /licenses, "Licenses & Pricing": the plans with prices in the visitor's currency (spec §4), the
 * monthly / yearly switch, a comparison, the licence terms and the FAQ. Choosing a plan keeps plan,
 * period, currency and list price in the signup state (spec §3) and goes on to registration.
 */
export function LicensesPage({ data, viewer }: LicensesPageProps) {
  const signup = useSignup();
  const { choose, pending, error } = useChoosePlan(viewer);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const localized = useLocalizedPath();
  const audience = audienceOf(viewer);

  const rememberCurrency = useCallback((currency: Currency) => updateSignup({ signupCurrency: currency }), []);
  const rememberPeriod = useCallback((billingType: BillingType) => updateSignup({ billingType }), []);
  const [currency, setCurrency] = useCurrency({
    currency: data.currency,
    source: data.currencySource,
    remembered: signup.signupCurrency,
    remember: rememberCurrency,
  });
  const [billingType, setBillingType] = usePeriod({ remembered: signup.billingType, remember: rememberPeriod });
  const period = periodOf(billingType);
  // Fresh prices on the way (a retry, or signing in elsewhere re-ran the loader): show it.
  const refreshing = navigation.state === 'loading' && navigation.location.pathname === pathname;

  function start(plan: PlanName) {
    const priced = data.plans?.find((p) => p.name === plan);
    void choose({ plan, period, currency, price: priced ? listPriceOf(priced, period, currency) : null });
  }

  const currentPlan = audience.kind === 'member' ? audience.currentPlan : null;
  // On the trial, or past it (the trial is once per account): the way on is a paid plan (decision 051).
  const paidOnly = currentPlan === 'trial' || (audience.kind === 'registering' && Boolean(viewer?.access.isTrialUsed));
  const trialCta = (where: 'hero' | 'closing') =>
    paidOnly ? (
      <ButtonLink
        to={localized(CHOOSE_PLAN_PATH)}
        size="lg"
        iconRight={<ArrowRight />}
        data-testid={`${where}-choose-plan`}
      >
        Choose your plan
      </ButtonLink>
    ) : audience.kind === 'member' ? (
      <ButtonLink to="/dashboard/licenses" size="lg" iconRight={<ArrowRight />} data-testid={`${where}-manage`}>
        {currentPlan ? 'Manage your subscription' : 'Choose a plan in your dashboard'}
      </ButtonLink>
    ) : (
      <Button size="lg" icon={<Sparkles />} onClick={() => start('trial')} data-testid={`${where}-start-trial`}>
        {audience.kind === 'visitor' ? 'Start free trial' : 'Continue with the free trial'}
      </Button>
    );

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="licenses-title">
        <p className={styles.eyebrow}>Licenses &amp; Pricing</p>
        <h1 id="licenses-title" className={styles.title}>
          Licenses &amp; Pricing
        </h1>
        <p className={styles.lead}>
          One subscription licenses the whole catalogue of music and sound effects. Choose how many channels you publish
          on and what for; cancel any time.
        </p>
        <div className={styles.heroActions}>
          {trialCta('hero')}
          {audience.kind !== 'member' && !paidOnly ? (
            <p className={styles.heroNote}>{TRIAL_DAYS} days free · no card needed · 1 channel</p>
          ) : null}
        </div>
      </section>

      <section
        className={styles.plans}
        aria-labelledby="plans-title"
        aria-busy={refreshing || undefined}
        data-refreshing={refreshing || undefined}
      >
        {/* Named by a heading, so the plan cards' headings follow an h2, not the h1 (heading order). */}
        <VisuallyHidden as="h2" id="plans-title">
          Plans and prices
        </VisuallyHidden>
        {/* A code from the promo banner's link, kept for the checkout (decision 072). */}
        <PromoCodeNotice />
        {data.plans ? null : <PricesUnavailable />}
        <FormAlert testId="plan-choice-error">{error}</FormAlert>
        <PlanCards
          planNames={COMPARED_PLANS}
          selected={currentPlan}
          selectedLabel="Your plan"
          billingType={billingType}
          onBillingTypeChange={setBillingType}
          onChoose={start}
          pending={pending}
          actionLabel={
            audience.kind === 'member' ? (plan, title) => memberActionLabel(currentPlan, plan, title) : undefined
          }
          plans={data.plans}
          currency={currency}
          onCurrencyChange={setCurrency}
        />
      </section>

      <section className={styles.section} aria-labelledby="compare-title">
        <div className={styles.sectionHeader}>
          <h2 id="compare-title" className={styles.sectionTitle}>
            Compare plans
          </h2>
          <p className={styles.sectionLead}>
            Every plan includes the whole catalogue; they differ in channels and use.
          </p>
        </div>
        <ComparisonTable plans={data.plans} period={period} currency={currency} />
      </section>

      <section className={styles.section} aria-labelledby="terms-title">
        <div className={styles.sectionHeader}>
          <h2 id="terms-title" className={styles.sectionTitle}>
            What your licence says
          </h2>
          <p className={styles.sectionLead}>The terms printed on each plan’s licence certificate.</p>
        </div>
        <ul role="list" className={styles.terms} data-testid="licence-terms">
          {COMPARED_PLANS.map((plan) => (
            <li key={plan} className={styles.term}>
              <h3 className={styles.termTitle}>{data.plans?.find((p) => p.name === plan)?.title ?? plan}</h3>
              <ul role="list" className={styles.termList}>
                {LICENCE_TERMS[plan].map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className={styles.perpetual}>
          <ShieldCheck aria-hidden="true" />
          <span>{LICENCE_PERPETUAL_TERM}</span>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="faq-title">
        <div className={styles.sectionHeader}>
          <h2 id="faq-title" className={styles.sectionTitle}>
            Questions, answered
          </h2>
        </div>
        <div className={styles.faq}>
          <Faq items={PRICING_FAQ} />
        </div>
      </section>

      <section className={styles.closing} aria-labelledby="closing-title">
        <h2 id="closing-title" className={styles.sectionTitle}>
          {paidOnly
            ? currentPlan === 'trial'
              ? 'Keep going after your trial'
              : 'Pick up where you left off'
            : audience.kind === 'member'
              ? 'Need more channels?'
              : 'Try it on your next video'}
        </h2>
        <p className={styles.sectionLead}>
          {paidOnly
            ? currentPlan === 'trial'
              ? 'Choose a plan above. It starts as soon as your payment goes through; the free trial ends then and the channels you added stay licensed.'
              : 'Choose a plan above. It starts as soon as your payment goes through.'
            : audience.kind === 'member'
              ? 'Upgrades start at once; you pay only the difference for the rest of your period.'
              : `The whole catalogue free for ${TRIAL_DAYS} days. No card, no charge.`}
        </p>
        {trialCta('closing')}
      </section>
    </div>
  );
}
