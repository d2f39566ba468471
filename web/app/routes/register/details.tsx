import { useState } from 'react';
import { Link, redirect } from 'react-router';
import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, TRIAL_DAYS } from '@cuewave/contract/account-rules';
import type { Account } from '@cuewave/contract/account';
import type { Country } from '@cuewave/contract/billing';
import { buysFirstPlan } from '../../features/auth/guards';
import { getMe } from '../../features/auth/session.server';
import { getBilling, getCountries } from '../../features/checkout/api';
import { localizedCountries } from '../../features/checkout/countries';
import { BillingForm } from '../../features/checkout/billing-form';
import { useApiErrorText } from '../../features/registration/error-messages';
import { planInfo, planTexts } from '../../features/registration/plans';
import { updateSignup } from '../../features/registration/signup-store';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { editionOfPath, localizedPath, useLocalizedPath } from '../../features/shell/edition';
import { apiGet, apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import checkout from '../../features/checkout/checkout-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';
import type { Route } from './+types/details';
import { requestTexts } from '../../i18n/request-texts.server';

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title }, { name: 'robots', content: 'noindex' }];

/**
 * Saved details to prefill, the country list (business names of the tax number) and a first guess at
 * the country: the us edition's US, else the visitor's location. The layout's guard handles visitors.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const usEdition = editionOfPath(new URL(request.url).pathname) === 'us';
  const { me } = await getMe(request);
  // A member on the trial who has not picked a paid plan yet (an old bookmark, a shared link) picks one first.
  if (me && buysFirstPlan(me) && (me.account.signupPlan ?? 'trial') === 'trial') {
    throw redirect(localizedPath('/register/select-plan', editionOfPath(new URL(request.url).pathname)));
  }
  const [billing, countries, located] = await Promise.all([
    me ? getBilling({ request }).catch(() => null) : null,
    getCountries('business', usEdition).catch((): Country[] => []),
    usEdition
      ? { countryCode: 'US' }
      : apiGet<{ countryCode: string | null }>('/v1/geolocation', { request }).catch(() => ({ countryCode: null })),
  ]);
  const guess = located.countryCode ?? '';
  const { language, t } = requestTexts(request, 'registration');
  return {
    // The page's title in the request's language (meta runs outside React).
    title: t('meta.details'),
    billing,
    countries: localizedCountries(countries, language),
    defaultCountry: countries.some((c) => c.value === guess) ? guess : '',
  };
}

/**
 * /register/details: the billing details of a paid plan (spec §3 Billing form), the last step
 * before the payment. Saved details are prefilled; Continue saves them and opens /register/billing.
 */
export default function DetailsPage({ loaderData }: Route.ComponentProps) {
  const { billing, countries, defaultCountry } = loaderData;
  const { t } = useTranslation('registration');
  const friendlyError = useApiErrorText();
  const viewer = useRegisterViewer();
  const goTo = useGoTo();
  const localized = useLocalizedPath();
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!viewer) return null;

  const plan = planInfo(viewer.account.signupPlan ?? 'professional');
  const texts = planTexts(plan.name, t);
  const period = viewer.account.signupPeriod === 'month' ? t('summary.monthly') : t('summary.yearly');

  async function switchToTrial() {
    setSwitching(true);
    setError(null);
    try {
      await apiSend<Account>('POST', '/v1/account', { json: { signupPlan: 'trial', signupPeriod: null } });
      updateSignup({ plan: 'trial', signupPlan: 'trial', signupPlanPeriod: null });
      await goTo('/register/trial');
    } catch (err) {
      setError(t('details.switchFailed', { reason: friendlyError(err) }));
      setSwitching(false);
    }
  }

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <Receipt />
        </span>
        <p className={shared.eyebrow}>{t('details.eyebrow')}</p>
        <h1 className={shared.stepTitle}>{t('details.title')}</h1>
        <p className={styles.lead}>{t('details.lead', { plan: texts.title })}</p>
      </header>
      <dl className={styles.summary} data-testid="details-summary">
        <div className={styles.summaryRow}>
          <dt>{t('summary.plan')}</dt>
          <dd>
            {texts.title} · {texts.tier}
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>{t('summary.billing')}</dt>
          <dd>{period}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>{t('summary.channels')}</dt>
          <dd>{CHANNEL_LIMITS[plan.name]}</dd>
        </div>
      </dl>
      <BillingForm
        initial={billing}
        countries={countries}
        defaultCountry={defaultCountry}
        submitLabel={t('details.submit')}
        onDone={() => goTo('/register/billing')}
      />
      <FormAlert>{error}</FormAlert>
      {viewer.access.isTrialUsed ? (
        <p className={shared.switch}>
          {buysFirstPlan(viewer) ? t('details.trialEnds') : t('details.differentPlan')}{' '}
          <Link to={localized('/register/select-plan')}>{t('details.changePlan')}</Link>
        </p>
      ) : (
        <p className={shared.switch}>
          {t('details.notReady')}{' '}
          <button
            type="button"
            className={`${shared.switchLink} ${checkout.textButton}`}
            onClick={() => void switchToTrial()}
            disabled={switching}
            data-testid="switch-to-trial"
          >
            {t('details.trialInstead', { days: TRIAL_DAYS })}
          </button>{' '}
          · <Link to={localized('/register/select-plan')}>{t('details.changePlan')}</Link>
        </p>
      )}
    </div>
  );
}
