import { Link } from 'react-router';
import { CHANNEL_LIMITS, TRIAL_DAYS } from '@cuewave/contract/account';
import type { LegalFacts } from '@cuewave/contract/contact';
import { DEFAULT_DOWNLOADS_PER_DAY } from '@cuewave/contract/downloads';
import { LICENCE_PERPETUAL_TERM, LICENCE_TERMS } from '@cuewave/contract/licence';
import { CURRENCIES } from '@cuewave/contract/pricing';
import { useLocalizedPath, type Edition } from '../shell/edition';
import styles from './pages.module.css';

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
  const localized = useLocalizedPath();
  const seller = facts
    ? `${facts.seller.name}, ${facts.seller.addressLines.join(', ')} (VAT ${facts.seller.vatId})`
    : null;
  return (
    <div className={styles.prose}>
      <h2>1. Who you contract with</h2>
      <p>
        These terms are an agreement between you and{' '}
        {seller ? <strong>{seller}</strong> : 'the company named on your receipts'} (“Cuewave”, “we”) for the use of
        this website and the licences you buy on it.
        {facts ? (
          <>
            {' '}
            Questions: <a href={`mailto:${facts.supportEmail}`}>{facts.supportEmail}</a>.
          </>
        ) : null}
      </p>

      <h2>2. Your account</h2>
      <p>
        You need an account, with a confirmed email address, to download; a confirmed phone number before a plan starts.
        Keep your password to yourself: you are responsible for what is done with your account. One person or one
        business per account.
      </p>

      <h2>3. Plans, the free trial and renewal</h2>
      <ul>
        <li>
          The free trial lasts {TRIAL_DAYS} days, covers {CHANNEL_LIMITS.trial} channel, needs no card and ends by
          itself. It is for new customers: one per account and per card, and none after a paid plan.
        </li>
        <li>
          Paid plans run monthly or yearly and renew automatically, charged to your default card, until you turn renewal
          off in your dashboard. The plan then runs to the end of the paid period.
        </li>
        <li>
          An upgrade starts at once; you pay the difference for the rest of the period. A downgrade or a change of
          billing period takes effect at the end of the current period.
        </li>
        <li>
          If a renewal charge fails, we retry it 1, 3 and 7 days after the due date while your plan keeps working; if
          the last retry fails, the subscription ends.
        </li>
        <li>
          Enterprise is agreed in writing with our team, paid by invoice, and those terms prevail where they differ from
          these.
        </li>
      </ul>

      <h2>4. Prices, tax and payment</h2>
      <p>
        Prices are shown before tax in {CURRENCIES.map((c) => c.toUpperCase()).join(', ')}; checkout shows the tax and
        total before you pay.{' '}
        {edition === 'us'
          ? 'In the US edition prices are shown in US dollars first; sales tax is added where your state requires it.'
          : 'VAT is charged at your country’s rate in the EU; a business with a valid EU VAT number outside Poland pays none under the reverse charge.'}{' '}
        Payment is by card. Each payment has a receipt, or a VAT invoice for a business, in your dashboard. Amounts
        already paid for a period are not refunded when you turn off renewal or downgrade; a discount code applies as
        its terms say.
      </p>

      <h2>5. The licence</h2>
      <p>
        While your plan is valid, we grant you a non-exclusive, non-transferable licence to synchronise music and sound
        effects from the Cuewave catalogue with your content and publish it on the channels registered to your plan, as
        your plan allows:
      </p>
      <ul>
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <strong>{plan.name}</strong> (up to {CHANNEL_LIMITS[plan.id]}{' '}
            {CHANNEL_LIMITS[plan.id] === 1 ? 'channel' : 'channels'}): {LICENCE_TERMS[plan.id].join(' ')}
          </li>
        ))}
      </ul>
      <p>
        {LICENCE_PERPETUAL_TERM} Each licence has a certificate with a code anyone can check at /licenses/verify.
        Playing music to the public in a shop, restaurant or venue is not part of the creator plans: see{' '}
        <Link to="/in-store">in-store music</Link>.
      </p>

      <h2>6. Downloads and fair use</h2>
      <p>
        Downloads are for the licensee’s own use under the licence. Fair use is up to {DEFAULT_DOWNLOADS_PER_DAY}{' '}
        different tracks per account per day. You may not download the catalogue in bulk, share your account or files,
        register the tracks with a content-identification system, train AI models on them, or resell or redistribute
        them on their own.
      </p>

      <h2>7. Acceptable use</h2>
      <p>
        Do not misuse the site: no automated scraping, no attempts to bypass limits, captchas or security, no unlawful,
        hateful or misleading content set to our music.
      </p>

      <h2>8. Liability</h2>
      <p>
        We provide the site with care but cannot promise it is always available. Apart from liability the law does not
        let us limit, our liability to a business is limited to what it paid us in the 12 months before the claim.
        Nothing in these terms limits the rights consumers have under the law of the country they live in.
      </p>

      <h2>9. Ending the agreement</h2>
      <p>
        You can turn off renewal or delete your account at any time (a paid plan that still renews has to be cancelled
        first). We may suspend an account that breaks these terms after telling you why. Content you published while
        your licence was valid stays licensed.
      </p>

      <h2>10. Law and disputes</h2>
      <p>
        {edition === 'us'
          ? 'These terms are governed by the law of Poland, without depriving you of the protection of the mandatory consumer laws of your US state. Write to us first: most problems are solved by email.'
          : 'These terms are governed by Polish law; consumers keep the protection of the mandatory law of their country and may go to the courts there, or use the EU’s online dispute resolution platform. Write to us first: most problems are solved by email.'}
      </p>
      <p>
        Our <Link to={localized('/privacy-policy')}>privacy policy</Link> explains what we keep about you.
      </p>
    </div>
  );
}
