import { Link, useRouteLoaderData } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import {
  REFRESH_TOKEN_COOKIE,
  REFRESH_TOKEN_DAYS,
  USER_TOKEN_COOKIE,
  USER_TOKEN_COOKIE_DAYS,
} from '@cuewave/contract/account-rules';
import type { LegalFacts } from '@cuewave/contract/contact';
import type { Edition } from '../shell/edition';
import { COUNTRY_COOKIE, EDITION_COOKIE, EDITION_COOKIE_DAYS } from '../shell/edition-choice';
import { CONSENT_CATEGORIES_COOKIE, CONSENT_COOKIE, CONSENT_COOKIE_DAYS } from '../consent/consent';
import { openCookieSettings } from '../consent/consent-editing';
import { NO_TELEMETRY, type PageTelemetry } from '../../lib/telemetry';
import styles from './pages.module.css';

/**
 * Every cookie this site sets (grep set-cookie / serializeCookie); all are essential, none track. Its
 * purpose is the `privacy.cookies.<id>` text; `days` null means it ends with the browser session.
 */
const COOKIES: Array<{ id: string; name: string; days: number | null }> = [
  { id: 'userToken', name: USER_TOKEN_COOKIE, days: USER_TOKEN_COOKIE_DAYS },
  { id: 'refreshToken', name: REFRESH_TOKEN_COOKIE, days: REFRESH_TOKEN_DAYS },
  { id: 'refreshFailed', name: 'cm-refresh-failed', days: 30 },
  { id: 'country', name: COUNTRY_COOKIE, days: null },
  { id: 'edition', name: EDITION_COOKIE, days: EDITION_COOKIE_DAYS },
  { id: 'consent', name: CONSENT_COOKIE, days: CONSENT_COOKIE_DAYS },
  { id: 'consentCategories', name: CONSENT_CATEGORIES_COOKIE, days: CONSENT_COOKIE_DAYS },
  { id: 'client', name: 'cw-client', days: 30 },
];

/** The `privacy.processors.<id>` texts of the processors this installation is configured with. */
const processorIds = (facts: LegalFacts): string[] => {
  const p = facts.processors;
  const ids: string[] = [];
  if (p.payments === 'stripe') ids.push('stripe');
  if (p.email === 'smtp') ids.push('email');
  if (p.sms === 'http') ids.push('sms');
  if (p.captcha === 'recaptcha') ids.push('recaptcha');
  if (p.storage === 's3') ids.push('storage');
  if (p.embeddings === 'external') ids.push('embeddings');
  return ids;
};

/**
 * The privacy policy, true to this store: what the tables hold (server/src/db/migrations), the cookies
 * it sets, and only the processors this installation is configured with (GET /v1/site/legal).
 */
export function PrivacyPolicy({ facts, edition }: { facts: LegalFacts | null; edition: Edition }) {
  const { t } = useTranslation('pages');
  const processors = facts ? processorIds(facts) : [];
  const telemetry = useRouteLoaderData<{ telemetry: PageTelemetry }>('root')?.telemetry ?? NO_TELEMETRY;
  const strong = { strong: <strong /> };
  return (
    <div className={styles.prose}>
      <h2>{t('privacy.who.title')}</h2>
      {facts ? (
        <p>
          <Trans
            t={t}
            i18nKey="privacy.who.seller"
            values={{
              name: facts.seller.name,
              address: facts.seller.addressLines.join(', '),
              vat: facts.seller.vatId,
              email: facts.supportEmail,
            }}
            components={{
              ...strong,
              mail: <a href={`mailto:${facts.supportEmail}`} />,
              contact: <Link to="/contact" />,
            }}
          />
        </p>
      ) : (
        <p>
          <Trans t={t} i18nKey="privacy.who.generic" components={{ contact: <Link to="/contact" /> }} />
        </p>
      )}

      <h2>{t('privacy.keep.title')}</h2>
      <ul>
        {['account', 'billing', 'subscription', 'yours', 'messages', 'outbox', 'videos', 'security'].map((id) => (
          <li key={id}>
            <Trans t={t} i18nKey={`privacy.keep.${id}`} components={strong} />
          </li>
        ))}
      </ul>

      <h2>{t('privacy.cookies.title')}</h2>
      <p>{t('privacy.cookies.intro')}</p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('privacy.cookies.name')}</th>
              <th scope="col">{t('privacy.cookies.purpose')}</th>
              <th scope="col">{t('privacy.cookies.lifetime')}</th>
            </tr>
          </thead>
          <tbody>
            {COOKIES.map((cookie) => (
              <tr key={cookie.name}>
                <td>
                  <code>{cookie.name}</code>
                </td>
                <td>{t(`privacy.cookies.purposes.${cookie.id}`)}</td>
                <td>
                  {cookie.days === null
                    ? t('privacy.cookies.session')
                    : t('privacy.cookies.days', { count: cookie.days })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AnalyticsTools telemetry={telemetry} />
      <p>{t('privacy.cookies.storage')}</p>

      <h2>{t('privacy.processors.title')}</h2>
      {processors.length ? (
        <>
          <p>{t('privacy.processors.intro')}</p>
          <ul>
            {processors.map((id) => (
              <li key={id}>{t(`privacy.processors.${id}`)}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('privacy.processors.none')}</p>
      )}
      <p>{t('privacy.processors.neverSell')}</p>

      <h2>{t('privacy.retention.title')}</h2>
      <p>{t('privacy.retention.text')}</p>

      <h2>{t('privacy.rights.title')}</h2>
      <p>
        {t('privacy.rights.text')} {edition === 'us' ? t('privacy.rights.us') : t('privacy.rights.eu')}
      </p>

      <h2>{t('privacy.changes.title')}</h2>
      <p>{t('privacy.changes.text')}</p>
    </div>
  );
}

/**
 * The tag manager, session recording and error reporting run only when the operator configures them
 * (decision 071): the policy says which ones this installation has, and that the first two wait for
 * consent.
 */
function AnalyticsTools({ telemetry }: { telemetry: PageTelemetry }) {
  const { t } = useTranslation('pages');
  const any = telemetry.gtmId || telemetry.hotjarId || telemetry.sentry;
  const strong = { strong: <strong /> };
  return (
    <>
      <h3>{t('privacy.tools.title')}</h3>
      <p>{t('privacy.tools.intro')}</p>
      {any ? (
        <ul>
          {telemetry.gtmId ? (
            <li>
              <Trans t={t} i18nKey="privacy.tools.gtm" components={strong} />
            </li>
          ) : null}
          {telemetry.hotjarId ? (
            <li>
              <Trans t={t} i18nKey="privacy.tools.hotjar" components={strong} />
            </li>
          ) : null}
          {telemetry.sentry ? (
            <li>
              <Trans t={t} i18nKey="privacy.tools.sentry" components={strong} />
            </li>
          ) : null}
        </ul>
      ) : (
        <p>{t('privacy.tools.none')}</p>
      )}
      <p>
        <Trans
          t={t}
          i18nKey="privacy.tools.settings"
          components={{
            settings: <button type="button" className={styles.inlineButton} onClick={openCookieSettings} />,
          }}
        />
      </p>
    </>
  );
}
