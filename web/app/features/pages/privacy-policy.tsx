import { Link, useRouteLoaderData } from 'react-router';
import {
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_DAYS,
  USER_TOKEN_COOKIE,
  USER_TOKEN_COOKIE_DAYS,
} from '@cuewave/contract/account';
import type { LegalFacts } from '@cuewave/contract/contact';
import type { Edition } from '../shell/edition';
import { COUNTRY_COOKIE, EDITION_COOKIE, EDITION_COOKIE_DAYS } from '../shell/edition-choice';
import { CONSENT_CATEGORIES_COOKIE, CONSENT_COOKIE, CONSENT_COOKIE_DAYS } from '../consent/consent';
import { openCookieSettings } from '../consent/consent-editing';
import { NO_TELEMETRY, type PageTelemetry } from '../../lib/telemetry';
import styles from './pages.module.css';

type Cookie = { name: string; purpose: string; lifetime: string };

/** Every cookie this site sets (grep set-cookie / serializeCookie); all are essential, none track. */
const COOKIES: Cookie[] = [
  {
    name: USER_TOKEN_COOKIE,
    purpose: 'Keeps you signed in (your access token).',
    lifetime: `${USER_TOKEN_COOKIE_DAYS} days`,
  },
  {
    name: REFRESH_TOKEN_COOKIE,
    purpose: 'Renews your sign-in without asking for your password; not readable by scripts.',
    lifetime: `${REFRESH_TOKEN_DAYS} days`,
  },
  {
    name: 'cm-refresh-failed',
    purpose: 'Remembers that a sign-in could not be renewed, so we stop retrying it.',
    lifetime: '30 days',
  },
  {
    name: COUNTRY_COOKIE,
    purpose: 'Your country, looked up once from your IP address, to pick the US or EU edition.',
    lifetime: 'until you close the browser',
  },
  {
    name: EDITION_COOKIE,
    purpose: 'The edition you chose with the switch in the footer.',
    lifetime: `${EDITION_COOKIE_DAYS} days`,
  },
  {
    name: CONSENT_COOKIE,
    purpose: 'Your cookie choice: “granted” when you allowed every category, otherwise “denied”.',
    lifetime: `${CONSENT_COOKIE_DAYS} days`,
  },
  {
    name: CONSENT_CATEGORIES_COOKIE,
    purpose: 'Which optional categories (advertising, analytics, functionality) you allowed, if not all of them.',
    lifetime: `${CONSENT_COOKIE_DAYS} days`,
  },
  {
    name: 'cw-client',
    purpose: 'Lets a visitor who is not signed in follow their own AI video match.',
    lifetime: '30 days',
  },
];

const processorLines = (facts: LegalFacts): string[] => {
  const p = facts.processors;
  const lines: string[] = [];
  if (p.payments === 'stripe')
    lines.push('Stripe, Inc. and its affiliates: card payments. Your card number goes to Stripe, never to us.');
  if (p.email === 'smtp') lines.push('Our email delivery provider: sends account, receipt and support emails.');
  if (p.sms === 'http') lines.push('Our SMS gateway: sends the verification codes to your phone.');
  if (p.captcha === 'recaptcha')
    lines.push(
      'Google reCAPTCHA (Google LLC): checks that forms are sent by a person; Google receives your IP address and browser data.',
    );
  if (p.storage === 's3') lines.push('Our cloud storage provider: keeps audio files and the zips you download.');
  if (p.embeddings === 'external')
    lines.push(
      'Our AI search provider: receives the text of AI search prompts (not who typed them) to match them by meaning.',
    );
  return lines;
};

/**
 * The privacy policy, true to this store: what the tables hold (server/src/db/migrations), the cookies
 * it sets, and only the processors this installation is configured with (GET /v1/site/legal).
 */
export function PrivacyPolicy({ facts, edition }: { facts: LegalFacts | null; edition: Edition }) {
  const processors = facts ? processorLines(facts) : [];
  const telemetry = useRouteLoaderData<{ telemetry: PageTelemetry }>('root')?.telemetry ?? NO_TELEMETRY;
  return (
    <div className={styles.prose}>
      <h2>Who we are</h2>
      {facts ? (
        <p>
          Cuewave is run by <strong>{facts.seller.name}</strong>, {facts.seller.addressLines.join(', ')} (VAT{' '}
          {facts.seller.vatId}), the controller of your personal data. Write to{' '}
          <a href={`mailto:${facts.supportEmail}`}>{facts.supportEmail}</a> or use our{' '}
          <Link to="/contact">contact form</Link> for anything in this policy.
        </p>
      ) : (
        <p>
          Cuewave is run by the company named on your receipts. Use our <Link to="/contact">contact form</Link> for
          anything in this policy.
        </p>
      )}

      <h2>What we keep, and why</h2>
      <ul>
        <li>
          <strong>Your account:</strong> email address, a hash of your password (never the password), your phone number
          once you add it, whether both are confirmed, your newsletter and text-message choices and any rating you give
          us. Needed to run your account (the contract with you).
        </li>
        <li>
          <strong>Billing and payments:</strong> the billing details you enter (name, company, address, tax number,
          phone), the payments, receipts and invoices, and for saved cards only the brand, last four digits, expiry, a
          fingerprint (so one card gets one free trial) and the processor’s reference. Needed for the contract and kept
          for the periods tax law requires.
        </li>
        <li>
          <strong>Your subscription and licences:</strong> plan, period, dates, the channels you register and the
          licence certificates we issue, and your download history. A certificate’s code shows its channels and period
          to anyone who checks it at /licenses/verify: that is its purpose.
        </li>
        <li>
          <strong>What you make here:</strong> playlists, favourites and notes; the last searches you typed while signed
          in (at most 20). A visitor’s search history stays in their own browser. A reference link you search with is
          kept only as what was derived from it (its sound profile or title), not tied to you, until it expires.
        </li>
        <li>
          <strong>Messages:</strong> what you send us through the contact or support form (name, email, topic, message),
          to answer you. Support requests stay in your dashboard’s history.
        </li>
        <li>
          <strong>Emails and text messages we send you</strong> are kept in our outbox as a record of delivery.
        </li>
        <li>
          <strong>Videos for AI video match</strong> are analysed and deleted as soon as the analysis ends or fails; we
          keep only the numbers it produced. Audio from reference links is never kept.
        </li>
        <li>
          <strong>Security:</strong> your IP address is counted, not stored, to limit repeated attempts (sign-in,
          forms); counters expire within a day. Your IP address is also used once to look up your country for the
          edition, in a database on our own server.
        </li>
      </ul>

      <h2>Cookies</h2>
      <p>
        We set only the cookies below. All are needed for the site to work or to remember a choice you made; none are
        for advertising or analytics, and no third-party cookies are set while no analytics or advertising tool is
        switched on.
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Cookie</th>
              <th scope="col">What it is for</th>
              <th scope="col">Kept for</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map((cookie) => (
              <tr key={cookie.name}>
                <td>
                  <code>{cookie.name}</code>
                </td>
                <td>{cookie.purpose}</td>
                <td>{cookie.lifetime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AnalyticsTools telemetry={telemetry} />
      <p>
        The site also keeps a few items in your browser’s own storage: your sign-up progress (until you close the tab),
        your access state and, when you are not signed in, your recent searches.
      </p>

      <h2>Who else receives data</h2>
      {processors.length ? (
        <>
          <p>We use these processors, under contracts that let them use the data only for us:</p>
          <ul>
            {processors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          Nobody: this installation processes everything on its own servers. Card payments, email, text messages and
          storage are handled without outside processors.
        </p>
      )}
      <p>We never sell your data or share it for advertising.</p>

      <h2>How long we keep it</h2>
      <p>
        As long as your account exists. When you delete your account (dashboard, account page) we delete your profile,
        billing details, saved cards, channels, playlists, download history, search history, support requests and the
        emails and texts we sent you, at once. Payments, receipts and invoices are kept, without your account, for as
        long as tax law requires (in Poland, five years from the end of the year). Messages sent through the contact
        form are kept to follow up on them; ask us and we delete yours.
      </p>

      <h2>Your rights</h2>
      <p>
        You can see and correct your data in your dashboard, download your invoices and licences, delete your account,
        and ask us for a copy of your data, to restrict or object to its use, or to move it elsewhere.{' '}
        {edition === 'us'
          ? 'If you live in California or another US state with a consumer privacy law, you have the right to know, correct and delete your personal information; we do not sell or share it for cross-context behavioural advertising, and we will not treat you differently for using these rights.'
          : 'You can also complain to a data protection authority; ours is the Polish President of the Personal Data Protection Office (UODO), ul. Stawki 2, 00-193 Warszawa.'}
      </p>

      <h2>Changes</h2>
      <p>When this policy changes in substance, we email account holders before the change takes effect.</p>
    </div>
  );
}

/**
 * The tag manager, session recording and error reporting run only when the operator configures them
 * (decision 071): the policy says which ones this installation has, and that the first two wait for
 * consent.
 */
function AnalyticsTools({ telemetry }: { telemetry: PageTelemetry }) {
  const any = telemetry.gtmId || telemetry.hotjarId || telemetry.sentry;
  return (
    <>
      <h3>Analytics, session recording and error reports</h3>
      <p>
        This software can use three outside tools, each only when the operator of this store configures it: Google Tag
        Manager (which may load analytics or advertising tags), Hotjar session recording, and Sentry error reports.
        Until you choose, Google’s consent mode tells every tag that only security storage is allowed; analytics and
        advertising tags follow your choice, and session recording starts only after you allow analytics.
      </p>
      {any ? (
        <ul>
          {telemetry.gtmId ? (
            <li>
              <strong>Google Tag Manager</strong> (Google LLC) is configured: it loads on every page and reads your
              consent choice; the tags in it set their own cookies only in the categories you allow.
            </li>
          ) : null}
          {telemetry.hotjarId ? (
            <li>
              <strong>Hotjar</strong> (Hotjar Ltd.) is configured: with analytics allowed, it records clicks, scrolling
              and page changes (form fields masked) to show us how pages are used, and sets its own _hj cookies.
            </li>
          ) : null}
          {telemetry.sentry ? (
            <li>
              <strong>Sentry</strong> (Functional Software, Inc.) is configured: when a page or our server fails, it
              receives the address of the page, the time, your browser and its version and the error, never your
              cookies, password or what you typed. Needed to keep the site working (legitimate interest).
            </li>
          ) : null}
        </ul>
      ) : (
        <p>None of them is configured on this installation: your browser talks to our servers only.</p>
      )}
      <p>
        <button type="button" className={styles.inlineButton} onClick={openCookieSettings}>
          Change your cookie settings
        </button>{' '}
        at any time; the link is also at the bottom of every page.
      </p>
    </>
  );
}
