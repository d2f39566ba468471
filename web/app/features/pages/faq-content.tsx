import { Link } from 'react-router';
import { CHANNEL_LIMITS, TRIAL_DAYS, USER_TOKEN_COOKIE_DAYS } from '@cuewave/contract/account';
import { DEFAULT_DOWNLOADS_PER_DAY, STEM_NAMES } from '@cuewave/contract/downloads';
import { LICENCE_PERPETUAL_TERM, LICENCE_TERMS } from '@cuewave/contract/licence';
import { CURRENCIES } from '@cuewave/contract/pricing';
import { PLAYLIST_ITEMS_MAX } from '@cuewave/contract/playlists';
import type { FaqItem } from '../pricing/faq';
import { PRICING_FAQ } from '../pricing/faq-items';
import type { FaqTab } from './faq-tabs';

/** The pricing page's own answers, reused where a tab asks the same question (one wording, one place). */
const pricing = (id: string): FaqItem => {
  const item = PRICING_FAQ.find((entry) => entry.id === id);
  if (!item) throw new Error(`pricing FAQ has no item ${id}`);
  return item;
};

const stems = Object.values(STEM_NAMES).join(' and ').toLowerCase();

/**
 * The answers of each FAQ tab, true to how this store works: the plans and channel limits, licence
 * terms, the trial, downloads and their fair-use limit come from the same constants the API uses.
 */
export const FAQ_CONTENT: Record<FaqTab, readonly FaqItem[]> = {
  rights: [
    pricing('covers'),
    {
      id: 'per-plan',
      question: 'What exactly does each plan allow?',
      answer: (
        <ul>
          <li>
            <strong>Start</strong> ({CHANNEL_LIMITS.start} channel): {LICENCE_TERMS.start.join(' ')}
          </li>
          <li>
            <strong>Advanced</strong> ({CHANNEL_LIMITS.advanced} channels): {LICENCE_TERMS.advanced.join(' ')}
          </li>
          <li>
            <strong>Professional</strong> ({CHANNEL_LIMITS.professional} channels):{' '}
            {LICENCE_TERMS.professional.join(' ')}
          </li>
          <li>
            <strong>Enterprise</strong> ({CHANNEL_LIMITS.enterprise} channels or more):{' '}
            {LICENCE_TERMS.enterprise.join(' ')}
          </li>
        </ul>
      ),
    },
    pricing('channels'),
    pricing('after-cancel'),
    pricing('verify'),
    {
      id: 'in-store',
      question: 'Can I play the music in my shop, restaurant or venue?',
      answer: (
        <p>
          Not with a creator plan: they cover videos on your channels, not music played to customers on your premises.
          Playing music in a venue is licensed under an agreement made for your locations:{' '}
          <Link to="/in-store">see in-store music</Link>.
        </p>
      ),
    },
  ],
  subscriptions: [
    pricing('trial'),
    {
      id: 'trial-end',
      question: 'What happens when my trial ends?',
      answer: (
        <p>
          The trial simply ends after {TRIAL_DAYS} days: nothing is charged, because no card is taken for it. Videos you
          published during the trial stay licensed. To keep downloading, choose a plan in your dashboard; we email you
          before the trial ends.
        </p>
      ),
    },
    pricing('switch'),
    pricing('cancel'),
    {
      id: 'enterprise',
      question: 'How do I buy Enterprise?',
      answer: (
        <p>
          Enterprise is not bought by card: <Link to="/enterprise">tell us what you need</Link> and our team replies
          within one business day with an agreement and a price. It is paid by invoice.
        </p>
      ),
    },
  ],
  payments: [
    {
      id: 'cards',
      question: 'How can I pay?',
      answer: (
        <p>
          By card (Visa, Mastercard and the others our card processor accepts). You can keep several cards in your
          dashboard and choose the default one. We never see or store your full card number: the card processor keeps it
          and gives us a reference.
        </p>
      ),
    },
    pricing('tax'),
    {
      id: 'renewal-failed',
      question: 'What if a renewal payment fails?',
      answer: (
        <p>
          Your plan keeps working and a banner asks you to update your card. We try the charge again 1, 3 and 7 days
          after the due date; if the last try fails, the subscription ends. You can pay at any time before that from
          your dashboard.
        </p>
      ),
    },
    {
      id: 'invoices',
      question: 'Where are my invoices?',
      answer: (
        <p>
          Every payment has a receipt, or a VAT invoice for a business with a valid tax number, as a PDF on your{' '}
          <Link to="/dashboard/billing">billing page</Link>, made out to the billing details you gave.
        </p>
      ),
    },
    {
      id: 'refunds',
      question: 'Can I get a refund?',
      answer: (
        <p>
          Plans are not refunded for the part of a period you do not use; instead you can turn off renewal at any time
          and keep the plan until the period ends. An upgrade is charged only for the difference. If you were charged by
          mistake, <Link to="/contact">write to us</Link>.
        </p>
      ),
    },
  ],
  downloads: [
    {
      id: 'formats',
      question: 'Which files can I download?',
      answer: (
        <p>
          Each song as MP3 (320 kbps) or WAV (in the master’s own quality), with its vocal or instrumental version where
          there is one, and its {stems} stems where the track has them. Sound effects download the same way. Several
          formats at once arrive as one zip.
        </p>
      ),
    },
    {
      id: 'who',
      question: 'Who can download?',
      answer: (
        <p>
          Anyone with an active plan or trial. Visitors can preview every track in the player; downloading needs a plan.
          If a payment is pending or your plan has ended, the download button tells you what to do next.
        </p>
      ),
    },
    {
      id: 'limit',
      question: 'Is there a download limit?',
      answer: (
        <p>
          Fair use is up to {DEFAULT_DOWNLOADS_PER_DAY} different tracks per account per day (UTC). Downloading a track
          again, in another format or version, does not count twice.
        </p>
      ),
    },
    {
      id: 'playlists',
      question: 'Can I download a whole playlist?',
      answer: (
        <p>
          Yes: a playlist (up to {PLAYLIST_ITEMS_MAX} tracks) downloads as one zip, prepared on our side while a
          progress window shows how far it is. Each track in it is recorded in your download history like a single
          download.
        </p>
      ),
    },
    {
      id: 'history',
      question: 'Where do I find what I downloaded?',
      answer: (
        <p>
          In <Link to="/dashboard/downloads">your downloads</Link>: every track, the licence that covers it and a
          certificate for it, which you can send a platform that claims your video. {LICENCE_PERPETUAL_TERM}
        </p>
      ),
    },
  ],
  account: [
    {
      id: 'verify',
      question: 'Why do you need my email and phone number?',
      answer: (
        <p>
          We confirm your email so sign-in links, receipts and licences reach you, and your phone number with a text
          message code before a plan starts, which keeps one free trial per person. We do not send marketing texts
          unless you switch them on in your account.
        </p>
      ),
    },
    {
      id: 'password',
      question: 'I forgot my password',
      answer: (
        <p>
          Use “Forgot password” on the <Link to="/auth/login">sign-in page</Link>: we email a link to set a new one.
          Setting it signs you out on your other devices.
        </p>
      ),
    },
    {
      id: 'devices',
      question: 'Can I use Cuewave on several devices?',
      answer: (
        <p>
          Yes, sign in on as many browsers and devices as you like. A session stays signed in for{' '}
          {USER_TOKEN_COOKIE_DAYS} days of use; signing out in one tab signs out the others in that browser.
        </p>
      ),
    },
    {
      id: 'email-change',
      question: 'How do I change my email address?',
      answer: (
        <p>
          In <Link to="/dashboard/account">your account</Link>. We send a confirmation link to the new address and a
          note to the old one with a link to undo the change, in case it was not you.
        </p>
      ),
    },
    {
      id: 'delete',
      question: 'How do I delete my account?',
      answer: (
        <p>
          In <Link to="/dashboard/account">your account</Link>, with your password. A paid plan that still renews has to
          be cancelled first. Deleting removes your profile, billing details, saved cards, playlists, channels,
          downloads history and support requests at once; receipts and invoices are kept, without your account, as
          accounting records. See the <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      ),
    },
    {
      id: 'currencies',
      question: 'Which currency will I pay in?',
      answer: (
        <p>
          You can pay in {CURRENCIES.map((c) => c.toUpperCase()).join(', ')}. We suggest one from your country (US
          dollars in the US, złoty in Poland, koruna in the Czech Republic, pounds in the UK, euro elsewhere) and you
          can change it on the pricing page before you buy.
        </p>
      ),
    },
  ],
};
