import { useMemo } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, TRIAL_DAYS, USER_TOKEN_COOKIE_DAYS } from '@cuewave/contract/account-rules';
import { DEFAULT_DOWNLOADS_PER_DAY, STEM_NAMES } from '@cuewave/contract/downloads';
import { CURRENCIES } from '@cuewave/contract/pricing';
import { PLAYLIST_ITEMS_MAX } from '@cuewave/contract/playlists';
import type { FaqItem } from '../pricing/faq';
import { PRICING_FAQ } from '../pricing/faq-items';
import { licencePerpetualTerm, licenceTerms } from '../licence/licence-terms';
import type { FaqTab } from './faq-tabs';

/** The pricing page's own answers, reused where a tab asks the same question (one wording, one place). */
const pricing = (id: string): FaqItem => {
  const item = PRICING_FAQ.find((entry) => entry.id === id);
  if (!item) throw new Error(`pricing FAQ has no item ${id}`);
  return item;
};

const PLANS = ['start', 'advanced', 'professional', 'enterprise'] as const;
const STEMS = Object.keys(STEM_NAMES) as Array<keyof typeof STEM_NAMES>;

/**
 * The answers of each FAQ tab in the page's language (`faq.answers.<id>` of the `pages` texts), true
 * to how this store works: the plans and channel limits, licence terms, the trial, downloads and their
 * fair-use limit come from the same constants the API uses.
 */
export function useFaqContent(): Record<FaqTab, readonly FaqItem[]> {
  const { t } = useTranslation(['pages', 'licence']);
  return useMemo(() => {
    const item = (id: string, values: Record<string, unknown> = {}, links: Record<string, string> = {}): FaqItem => ({
      id,
      question: t(`faq.answers.${id}.question`),
      answer: (
        <p>
          <Trans
            t={t}
            i18nKey={`faq.answers.${id}.answer`}
            values={values}
            components={Object.fromEntries(
              Object.entries(links).map(([name, to]) => [name, <Link key={name} to={to} />]),
            )}
          />
        </p>
      ),
    });
    const stems = STEMS.map((stem) => t(`faq.stems.${stem}`)).join(t('faq.stems.and'));
    return {
      rights: [
        pricing('covers'),
        {
          id: 'per-plan',
          question: t('faq.answers.per-plan.question'),
          answer: (
            <ul>
              {PLANS.map((plan) => (
                <li key={plan}>
                  <Trans
                    t={t}
                    i18nKey={`faq.answers.per-plan.${plan}`}
                    values={{ count: CHANNEL_LIMITS[plan], terms: licenceTerms(t, plan).join(' ') }}
                    components={{ strong: <strong /> }}
                  />
                </li>
              ))}
            </ul>
          ),
        },
        pricing('channels'),
        pricing('after-cancel'),
        pricing('verify'),
        item('in-store', {}, { inStore: '/in-store' }),
      ],
      subscriptions: [
        pricing('trial'),
        item('trial-end', { days: TRIAL_DAYS }),
        pricing('switch'),
        pricing('cancel'),
        item('enterprise', {}, { enterprise: '/enterprise' }),
      ],
      payments: [
        item('cards'),
        pricing('tax'),
        item('renewal-failed'),
        item('invoices', {}, { billing: '/dashboard/billing' }),
        item('refunds', {}, { contact: '/contact' }),
      ],
      downloads: [
        item('formats', { stems }),
        item('who'),
        item('limit', { count: DEFAULT_DOWNLOADS_PER_DAY }),
        item('playlists', { count: PLAYLIST_ITEMS_MAX }),
        item('history', { perpetual: licencePerpetualTerm(t) }, { downloads: '/dashboard/downloads' }),
      ],
      account: [
        item('verify'),
        item('password', {}, { login: '/auth/login' }),
        item('devices', { count: USER_TOKEN_COOKIE_DAYS }),
        item('email-change', {}, { account: '/dashboard/account' }),
        item('delete', {}, { account: '/dashboard/account', privacy: '/privacy-policy' }),
        item('currencies', { currencies: CURRENCIES.map((c) => c.toUpperCase()).join(', ') }),
      ],
    };
  }, [t]);
}
