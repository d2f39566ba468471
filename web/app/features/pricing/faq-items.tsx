import { Link } from 'react-router';
import { CHANNEL_LIMITS, TRIAL_DAYS } from '@cuewave/contract/account';
import { LICENCE_PERPETUAL_TERM } from '@cuewave/contract/licence';
import { CURRENCIES } from '@cuewave/contract/pricing';
import type { FaqItem } from './faq';
import { LicenceCodeForm } from './licence-code-form';

/** The pricing page's questions (issue 4): what a licence covers, channels, cancelling, tax, trial, proof. */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    id: 'covers',
    question: 'What does a licence cover?',
    answer: (
      <>
        <p>
          Every plan licenses the whole Cuewave catalogue of music and sound effects for videos on the channels you
          register, monetisation included. Plans differ in how many channels they cover and what for: Start is for your
          own content, Advanced adds podcasts, live streams and your company’s channels, Professional (commercial plus)
          adds client work, paid advertising, websites and apps, and Enterprise adds broadcast, TV and games as agreed.
        </p>
        <p>Reselling or redistributing the tracks on their own is never allowed.</p>
      </>
    ),
  },
  {
    id: 'channels',
    question: 'What is a channel, and how many can I add?',
    answer: (
      <>
        <p>
          A channel is one place you publish: a YouTube channel, a TikTok, Instagram, Facebook or Twitch account, a
          podcast or a website. You add them in your dashboard and they are printed on your licence certificate.
        </p>
        <p>
          Start covers {CHANNEL_LIMITS.start}, Advanced {CHANNEL_LIMITS.advanced}, Professional{' '}
          {CHANNEL_LIMITS.professional} and Enterprise {CHANNEL_LIMITS.enterprise} channels; the free trial covers{' '}
          {CHANNEL_LIMITS.trial}. Need more? Upgrade at any time.
        </p>
      </>
    ),
  },
  {
    id: 'cancel',
    question: 'Can I cancel any time?',
    answer: (
      <p>
        Yes. Turn off renewal in your dashboard with one click: your plan keeps running until the end of the period you
        paid for and is not charged again. Changed your mind before then? Renew with one click, at no charge.
      </p>
    ),
  },
  {
    id: 'tax',
    question: 'Do the prices include VAT or sales tax?',
    answer: (
      <>
        <p>
          Prices on this page are before tax. Checkout shows the exact tax for your billing country before you pay: VAT
          at your country’s rate in the EU (businesses outside Poland with a valid VAT number pay no VAT under the
          reverse charge), sales tax where your US state charges it, and none elsewhere.
        </p>
        <p>You can pay in {CURRENCIES.map((c) => c.toUpperCase()).join(', ')}.</p>
      </>
    ),
  },
  {
    id: 'trial',
    question: 'How does the free trial work?',
    answer: (
      <p>
        The trial gives you the whole catalogue for {TRIAL_DAYS} days on {CHANNEL_LIMITS.trial} channel, with no card
        needed and nothing charged. When it ends, choose a plan to keep downloading. The trial is for new customers: one
        per account, and none after a paid plan.
      </p>
    ),
  },
  {
    id: 'after-cancel',
    question: 'What happens to my videos after I cancel?',
    answer: (
      <>
        <p>{LICENCE_PERPETUAL_TERM}</p>
        <p>
          You don’t have to take anything down. Only videos you publish after your licence ends need an active plan to
          use Cuewave tracks.
        </p>
      </>
    ),
  },
  {
    id: 'switch',
    question: 'Can I change my plan or billing period later?',
    answer: (
      <p>
        Yes, from your dashboard. An upgrade starts at once and you pay only the difference for the rest of your period.
        A downgrade or a switch between monthly and yearly billing takes effect when your current period ends.
      </p>
    ),
  },
  {
    id: 'verify',
    question: 'How do I prove my licence when a platform claims a video?',
    answer: (
      <>
        <p>
          Every licence certificate (a PDF in your dashboard) carries a code and a QR code. Anyone can check it at{' '}
          <code>/licenses/verify/your-code</code>: the page shows whether it is genuine, the period and the channels it
          covers. Send that link with your dispute.
        </p>
        <LicenceCodeForm />
        <p>
          Lost your certificate? Download it again from <Link to="/dashboard/licenses">your subscription page</Link>.
        </p>
      </>
    ),
  },
];
