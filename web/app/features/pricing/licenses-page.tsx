import { useCallback } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { ArrowRight, ShieldCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRIAL_DAYS, type PlanName } from '@cuewave/contract/account-rules';
import type { Currency } from '@cuewave/contract/pricing';
import type { Me } from '@cuewave/contract/account';
import { Button, ButtonLink } from '../../components/ui/button';
import { VisuallyHidden } from '../../components/ui/visually-hidden';
import { PlanCards } from '../registration/plan-cards';
import { licencePerpetualTerm, licenceTerms } from '../licence/licence-terms';
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
  const { t } = useTranslation(['pricing', 'licence']);

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
  // Who the closing section speaks to: `page.closing.{trial,returning,member,visitor}{Title,Lead}`.
  const closing = paidOnly
    ? currentPlan === 'trial'
      ? 'trial'
      : 'returning'
    : audience.kind === 'member'
      ? 'member'
      : 'visitor';
  const trialCta = (where: 'hero' | 'closing') =>
    paidOnly ? (
      <ButtonLink
        to={localized(CHOOSE_PLAN_PATH)}
        size="lg"
        iconRight={<ArrowRight />}
        data-testid={`${where}-choose-plan`}
      >
        {t('page.chooseYourPlan')}
      </ButtonLink>
    ) : audience.kind === 'member' ? (
      <ButtonLink to="/dashboard/licenses" size="lg" iconRight={<ArrowRight />} data-testid={`${where}-manage`}>
        {t(currentPlan ? 'page.manageSubscription' : 'page.chooseInDashboard')}
      </ButtonLink>
    ) : (
      <Button size="lg" icon={<Sparkles />} onClick={() => start('trial')} data-testid={`${where}-start-trial`}>
        {t(audience.kind === 'visitor' ? 'page.startTrial' : 'page.continueTrial')}
      </Button>
    );

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="licenses-title">
        <p className={styles.eyebrow}>{t('page.title')}</p>
        <h1 id="licenses-title" className={styles.title}>
          {t('page.title')}
        </h1>
        <p className={styles.lead}>{t('page.lead')}</p>
        <div className={styles.heroActions}>
          {trialCta('hero')}
          {audience.kind !== 'member' && !paidOnly ? (
            <p className={styles.heroNote}>{t('page.heroNote', { count: TRIAL_DAYS })}</p>
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
          {t('page.plansTitle')}
        </VisuallyHidden>
        {/* A code from the promo banner's link, kept for the checkout (decision 072). */}
        <PromoCodeNotice />
        {data.plans ? null : <PricesUnavailable />}
        <FormAlert testId="plan-choice-error">{error}</FormAlert>
        <PlanCards
          planNames={COMPARED_PLANS}
          selected={currentPlan}
          selectedLabel={t('page.yourPlan')}
          billingType={billingType}
          onBillingTypeChange={setBillingType}
          onChoose={start}
          pending={pending}
          actionLabel={
            audience.kind === 'member' ? (plan, title) => memberActionLabel(t, currentPlan, plan, title) : undefined
          }
          plans={data.plans}
          currency={currency}
          onCurrencyChange={setCurrency}
        />
      </section>

      <section className={styles.section} aria-labelledby="compare-title">
        <div className={styles.sectionHeader}>
          <h2 id="compare-title" className={styles.sectionTitle}>
            {t('page.compareTitle')}
          </h2>
          <p className={styles.sectionLead}>{t('page.compareLead')}</p>
        </div>
        <ComparisonTable plans={data.plans} period={period} currency={currency} />
      </section>

      <section className={styles.section} aria-labelledby="terms-title">
        <div className={styles.sectionHeader}>
          <h2 id="terms-title" className={styles.sectionTitle}>
            {t('page.termsTitle')}
          </h2>
          <p className={styles.sectionLead}>{t('page.termsLead')}</p>
        </div>
        <ul role="list" className={styles.terms} data-testid="licence-terms">
          {COMPARED_PLANS.map((plan) => (
            <li key={plan} className={styles.term}>
              <h3 className={styles.termTitle}>{data.plans?.find((p) => p.name === plan)?.title ?? plan}</h3>
              <ul role="list" className={styles.termList}>
                {licenceTerms(t, plan).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <p className={styles.perpetual}>
          <ShieldCheck aria-hidden="true" />
          <span>{licencePerpetualTerm(t)}</span>
        </p>
      </section>

      <section className={styles.section} aria-labelledby="faq-title">
        <div className={styles.sectionHeader}>
          <h2 id="faq-title" className={styles.sectionTitle}>
            {t('page.faqTitle')}
          </h2>
        </div>
        <div className={styles.faq}>
          <Faq items={PRICING_FAQ} />
        </div>
      </section>

      <section className={styles.closing} aria-labelledby="closing-title">
        <h2 id="closing-title" className={styles.sectionTitle}>
          {t(`page.closing.${closing}Title`)}
        </h2>
        <p className={styles.sectionLead}>{t(`page.closing.${closing}Lead`, { count: TRIAL_DAYS })}</p>
        {trialCta('closing')}
      </section>
    </div>
  );
}
