import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, TRIAL_DAYS } from '@cuewave/contract/account';
import type { LegalFacts } from '@cuewave/contract/contact';
import { DEFAULT_DOWNLOADS_PER_DAY } from '@cuewave/contract/downloads';
import { CURRENCIES } from '@cuewave/contract/pricing';
import { licencePerpetualTerm, licenceTerms } from '../licence/licence-terms';
import { useLocalizedPath, type Edition } from '../shell/edition';
import styles from './pages.module.css';

// Plan names are product names, the same in every language.
const PLANS = [
  { id: 'start', name: 'Start' },
  { id: 'advanced', name: 'Advanced' },
  { id: 'professional', name: 'Professional' },
  { id: 'enterprise', name: 'Enterprise' },
] as const;

/**
 * The terms and conditions, true to how the store works: plans, channel limits and licence terms
 * from the contract, renewals and retries as the renewal job runs them (decision 045), fair use
 * (decision 055). The US edition differs in tax and the currency it shows first.
 */
export function Terms({ facts, edition }: { facts: LegalFacts | null; edition: Edition }) {
  const { t } = useTranslation(['pages', 'licence']);
  const localized = useLocalizedPath();
  const strong = { strong: <strong /> };
  return (
    <div className={styles.prose}>
      <h2>{t('terms.parties.title')}</h2>
      <p>
        {facts ? (
          <Trans
            t={t}
            i18nKey="terms.parties.seller"
            values={{
              seller: `${facts.seller.name}, ${facts.seller.addressLines.join(', ')} (VAT ${facts.seller.vatId})`,
              email: facts.supportEmail,
            }}
            components={{ ...strong, mail: <a href={`mailto:${facts.supportEmail}`} /> }}
          />
        ) : (
          t('terms.parties.generic')
        )}
      </p>

      <h2>{t('terms.account.title')}</h2>
      <p>{t('terms.account.text')}</p>

      <h2>{t('terms.plans.title')}</h2>
      <ul>
        <li>{t('terms.plans.trial', { days: TRIAL_DAYS, count: CHANNEL_LIMITS.trial })}</li>
        <li>{t('terms.plans.renewal')}</li>
        <li>{t('terms.plans.change')}</li>
        <li>{t('terms.plans.retries')}</li>
        <li>{t('terms.plans.enterprise')}</li>
      </ul>

      <h2>{t('terms.prices.title')}</h2>
      <p>
        {t('terms.prices.shown', { currencies: CURRENCIES.map((c) => c.toUpperCase()).join(', ') })}{' '}
        {edition === 'us' ? t('terms.prices.us') : t('terms.prices.eu')} {t('terms.prices.payment')}
      </p>

      <h2>{t('terms.licence.title')}</h2>
      <p>{t('terms.licence.grant')}</p>
      <ul>
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <Trans
              t={t}
              i18nKey="terms.licence.plan"
              values={{ name: plan.name, count: CHANNEL_LIMITS[plan.id], terms: licenceTerms(t, plan.id).join(' ') }}
              components={strong}
            />
          </li>
        ))}
      </ul>
      <p>
        <Trans
          t={t}
          i18nKey="terms.licence.after"
          values={{ perpetual: licencePerpetualTerm(t) }}
          components={{ inStore: <Link to="/in-store" /> }}
        />
      </p>

      <h2>{t('terms.downloads.title')}</h2>
      <p>{t('terms.downloads.text', { count: DEFAULT_DOWNLOADS_PER_DAY })}</p>

      <h2>{t('terms.use.title')}</h2>
      <p>{t('terms.use.text')}</p>

      <h2>{t('terms.liability.title')}</h2>
      <p>{t('terms.liability.text')}</p>

      <h2>{t('terms.ending.title')}</h2>
      <p>{t('terms.ending.text')}</p>

      <h2>{t('terms.law.title')}</h2>
      <p>{edition === 'us' ? t('terms.law.us') : t('terms.law.eu')}</p>
      <p>
        <Trans t={t} i18nKey="terms.privacy" components={{ privacy: <Link to={localized('/privacy-policy')} /> }} />
      </p>
    </div>
  );
}
