import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { BadgeCheck, Music2, Search, ShieldCheck } from 'lucide-react';
import { CHANNEL_LIMITS, TRIAL_DAYS } from '@cuewave/contract/account-rules';
import { pageMeta } from '../../features/pages/page-meta';
import { pageTexts } from '../../features/pages/page-texts.server';
import { useLocalizedPath } from '../../features/shell/edition';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/about';

export function loader({ request }: Route.LoaderArgs) {
  return { meta: pageTexts(request, 'about', { days: TRIAL_DAYS }) };
}

export const meta = ({ data }: Route.MetaArgs) => pageMeta(data?.meta);

/** /about (spec §2): what Cuewave is and how it works, in terms the rest of the site keeps. */
export default function AboutPage() {
  const { t } = useTranslation('pages');
  const localized = useLocalizedPath();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('about.eyebrow')}</p>
        <h1 className={styles.title}>{t('about.title')}</h1>
        <p className={styles.lead}>{t('about.lead')}</p>
      </header>

      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="about-catalogue">
          <Music2 aria-hidden="true" />
          <h2 id="about-catalogue">{t('about.catalogue.title')}</h2>
          <p>{t('about.catalogue.text')}</p>
        </section>
        <section className={styles.card} aria-labelledby="about-search">
          <Search aria-hidden="true" />
          <h2 id="about-search">{t('about.search.title')}</h2>
          <p>{t('about.search.text')}</p>
        </section>
        <section className={styles.card} aria-labelledby="about-licence">
          <ShieldCheck aria-hidden="true" />
          <h2 id="about-licence">{t('about.licence.title')}</h2>
          <p>{t('about.licence.text', { start: CHANNEL_LIMITS.start, enterprise: CHANNEL_LIMITS.enterprise })}</p>
        </section>
        <section className={styles.card} aria-labelledby="about-fair">
          <BadgeCheck aria-hidden="true" />
          <h2 id="about-fair">{t('about.fair.title')}</h2>
          <p>{t('about.fair.text')}</p>
        </section>
      </div>

      <div className={styles.prose}>
        <h2>{t('about.how.title')}</h2>
        <ul>
          <li>{t('about.how.trial', { days: TRIAL_DAYS })}</li>
          <li>{t('about.how.plan')}</li>
          <li>{t('about.how.download')}</li>
          <li>{t('about.how.keep')}</li>
        </ul>
        <p>
          <Trans
            t={t}
            i18nKey="about.more"
            components={{
              pricing: <Link to={localized('/licenses')} />,
              faq: <Link to="/faq/rights" />,
              contact: <Link to="/contact" />,
            }}
          />
        </p>
      </div>
    </div>
  );
}
