import { useState } from 'react';
import { Link, redirect } from 'react-router';
import { Receipt } from 'lucide-react';
import { CHANNEL_LIMITS, TRIAL_DAYS, type Account } from '@cuewave/contract/account';
import type { Country } from '@cuewave/contract/billing';
import { buysFirstPlan } from '../../features/auth/guards';
import { getMe } from '../../features/auth/session.server';
import { getBilling, getCountries } from '../../features/checkout/api';
import { BillingForm } from '../../features/checkout/billing-form';
import { friendlyError } from '../../features/registration/error-messages';
import { planInfo } from '../../features/registration/plans';
import { updateSignup } from '../../features/registration/signup-store';
import { useGoTo, useRegisterViewer } from '../../features/registration/use-register-viewer';
import { editionOfPath, localizedPath, useLocalizedPath } from '../../features/shell/edition';
import { apiGet, apiSend } from '../../lib/api';
import shared from '../../features/auth/auth-forms.module.css';
import styles from '../../features/registration/register-page.module.css';
import checkout from '../../features/checkout/checkout-page.module.css';
import { FormAlert } from '../../features/auth/form-alert';
import type { Route } from './+types/details';

export const meta = () => [{ title: 'Billing details · Cuewave' }, { name: 'robots', content: 'noindex' }];

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
  return { billing, countries, defaultCountry: countries.some((c) => c.value === guess) ? guess : '' };
}

/**
 * /register/details: the billing details of a paid plan (spec §3 Billing form), the last step
 * before the payment. Saved details are prefilled; Continue saves them and opens /register/billing.
 */
export default function DetailsPage({ loaderData }: Route.ComponentProps) {
  const { billing, countries, defaultCountry } = loaderData;
  const viewer = useRegisterViewer();
  const goTo = useGoTo();
  const localized = useLocalizedPath();
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!viewer) return null;

  const plan = planInfo(viewer.account.signupPlan ?? 'professional');
  const period = viewer.account.signupPeriod === 'month' ? 'Monthly' : 'Yearly';

  async function switchToTrial() {
    setSwitching(true);
    setError(null);
    try {
      await apiSend<Account>('POST', '/v1/account', { json: { signupPlan: 'trial', signupPeriod: null } });
      updateSignup({ plan: 'trial', signupPlan: 'trial', signupPlanPeriod: null });
      await goTo('/register/trial');
    } catch (err) {
      setError(`We couldn’t switch you to the free trial. ${friendlyError(err)}`);
      setSwitching(false);
    }
  }

  return (
    <div className={styles.card}>
      <header className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          <Receipt />
        </span>
        <p className={shared.eyebrow}>Last step</p>
        <h1 className={shared.stepTitle}>Billing details</h1>
        <p className={styles.lead}>Who we invoice for your {plan.title} plan. Tax is worked out from this address.</p>
      </header>
      <dl className={styles.summary} data-testid="details-summary">
        <div className={styles.summaryRow}>
          <dt>Plan</dt>
          <dd>
            {plan.title} · {plan.tier}
          </dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>Billing</dt>
          <dd>{period}</dd>
        </div>
        <div className={styles.summaryRow}>
          <dt>Channels</dt>
          <dd>{CHANNEL_LIMITS[plan.name]}</dd>
        </div>
      </dl>
      <BillingForm
        initial={billing}
        countries={countries}
        defaultCountry={defaultCountry}
        submitLabel="Continue to payment"
        onDone={() => goTo('/register/billing')}
      />
      <FormAlert>{error}</FormAlert>
      {viewer.access.isTrialUsed ? (
        <p className={shared.switch}>
          {buysFirstPlan(viewer)
            ? 'Your free trial ends when this plan starts; the channels you added stay on your licence.'
            : 'Want a different plan?'}{' '}
          <Link to={localized('/register/select-plan')}>Change plan</Link>
        </p>
      ) : (
        <p className={shared.switch}>
          Not ready to pay?{' '}
          <button
            type="button"
            className={`${shared.switchLink} ${checkout.textButton}`}
            onClick={() => void switchToTrial()}
            disabled={switching}
            data-testid="switch-to-trial"
          >
            Start the {TRIAL_DAYS}-day free trial instead
          </button>{' '}
          · <Link to={localized('/register/select-plan')}>Change plan</Link>
        </p>
      )}
    </div>
  );
}
