import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS, TRIAL_DAYS } from '@cuewave/contract/account-rules';
import { CURRENCIES } from '@cuewave/contract/pricing';
import type { FaqItem } from './faq';
import { LicenceCodeForm } from './licence-code-form';

/**
 * One text of the `pricing` namespace. The FAQ is a list shared with the FAQ pages (features/pages), built
 * once outside React; each of its texts is this small component, so it renders in the language of the
 * page that shows it.
 */
function Text({
  k,
  values,
  ns = 'pricing',
}: {
  k: string;
  values?: Record<string, unknown>;
  ns?: 'pricing' | 'licence';
}) {
  const { t } = useTranslation(ns);
  return <>{t(k, values)}</>;
}

function VerifyAnswer() {
  const { t } = useTranslation('pricing');
  return (
    <>
      <p>
        <Trans t={t} i18nKey="faq.verify.check" components={{ code: <code /> }} />
      </p>
      <LicenceCodeForm />
      <p>
        <Trans t={t} i18nKey="faq.verify.lost" components={{ page: <Link to="/dashboard/licenses" /> }} />
      </p>
    </>
  );
}

/** The pricing page's questions (issue 4): what a licence covers, channels, cancelling, tax, trial, proof. */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    id: 'covers',
    question: <Text k="faq.covers.question" />,
    answer: (
      <>
        <p>
          <Text k="faq.covers.plans" />
        </p>
        <p>
          <Text k="faq.covers.resale" />
        </p>
      </>
    ),
  },
  {
    id: 'channels',
    question: <Text k="faq.channels.question" />,
    answer: (
      <>
        <p>
          <Text k="faq.channels.what" />
        </p>
        <p>
          <Text
            k="faq.channels.limits"
            values={{
              start: CHANNEL_LIMITS.start,
              advanced: CHANNEL_LIMITS.advanced,
              professional: CHANNEL_LIMITS.professional,
              enterprise: CHANNEL_LIMITS.enterprise,
              trial: CHANNEL_LIMITS.trial,
            }}
          />
        </p>
      </>
    ),
  },
  {
    id: 'cancel',
    question: <Text k="faq.cancel.question" />,
    answer: (
      <p>
        <Text k="faq.cancel.answer" />
      </p>
    ),
  },
  {
    id: 'tax',
    question: <Text k="faq.tax.question" />,
    answer: (
      <>
        <p>
          <Text k="faq.tax.answer" />
        </p>
        <p>
          <Text k="faq.tax.currencies" values={{ currencies: CURRENCIES.map((c) => c.toUpperCase()).join(', ') }} />
        </p>
      </>
    ),
  },
  {
    id: 'trial',
    question: <Text k="faq.trial.question" />,
    answer: (
      <p>
        <Text k="faq.trial.answer" values={{ days: TRIAL_DAYS, count: CHANNEL_LIMITS.trial }} />
      </p>
    ),
  },
  {
    id: 'after-cancel',
    question: <Text k="faq.afterCancel.question" />,
    answer: (
      <>
        <p>
          {/* The certificate's own words (features/licence/licence-terms.ts). */}
          <Text k="perpetualTerm" ns="licence" />
        </p>
        <p>
          <Text k="faq.afterCancel.takeDown" />
        </p>
      </>
    ),
  },
  {
    id: 'switch',
    question: <Text k="faq.switch.question" />,
    answer: (
      <p>
        <Text k="faq.switch.answer" />
      </p>
    ),
  },
  {
    id: 'verify',
    question: <Text k="faq.verify.question" />,
    answer: <VerifyAnswer />,
  },
];
