import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Check, Store, UtensilsCrossed, Ticket } from 'lucide-react';
import { CHANNEL_LIMITS } from '@cuewave/contract/account-rules';
import { useViewer } from '../../features/auth/use-viewer';
import { EnterpriseForm } from '../../features/enterprise/enterprise-form';
import { licenceTerms } from '../../features/licence/licence-terms';
import { pageMeta } from '../../features/pages/page-meta';
import { pageTexts } from '../../features/pages/page-texts.server';
import { useLocalizedPath } from '../../features/shell/edition';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/in-store';

export function loader({ request }: Route.LoaderArgs) {
  return { meta: pageTexts(request, 'inStore') };
}

export const meta = ({ data }: Route.MetaArgs) => pageMeta(data?.meta);

/**
 * /in-store (spec §2; hidden from navigation when signed in): music played to customers on premises is
 * not in the creator plans, so it is licensed under an Enterprise agreement; the enquiry goes through
 * the Enterprise form (and to sales) with "venue" picked (decision 069).
 */
export default function InStorePage() {
  const { t } = useTranslation(['pages', 'licence']);
  const viewer = useViewer();
  const localized = useLocalizedPath();
  return (
    <div className={styles.page}>
      <div className={styles.split}>
        <section aria-labelledby="in-store-title">
          <header className={styles.header}>
            <p className={styles.eyebrow}>{t('inStore.eyebrow')}</p>
            <h1 id="in-store-title" className={styles.title}>
              {t('inStore.title')}
            </h1>
            <p className={styles.lead}>{t('inStore.lead')}</p>
          </header>
          <div className={styles.rows}>
            <div className={styles.card}>
              <Store aria-hidden="true" />
              <h2>{t('inStore.retail.title')}</h2>
              <p>{t('inStore.retail.text')}</p>
            </div>
            <div className={styles.card}>
              <UtensilsCrossed aria-hidden="true" />
              <h2>{t('inStore.hospitality.title')}</h2>
              <p>{t('inStore.hospitality.text')}</p>
            </div>
            <div className={styles.card}>
              <Ticket aria-hidden="true" />
              <h2>{t('inStore.venues.title')}</h2>
              <p>{t('inStore.venues.text')}</p>
            </div>
          </div>
          <div className={styles.prose}>
            <h2>{t('inStore.covers.title')}</h2>
            <ul className={styles.points}>
              <li>
                <Check aria-hidden="true" />
                {t('inStore.covers.playing')}
              </li>
              <li>
                <Check aria-hidden="true" />
                {t('inStore.covers.videos', { count: CHANNEL_LIMITS.enterprise })} {licenceTerms(t, 'enterprise')[1]}
              </li>
              <li>
                <Check aria-hidden="true" />
                {t('inStore.covers.invoice')}
              </li>
            </ul>
            <h2>{t('inStore.fits.title')}</h2>
            <p>
              <Trans
                t={t}
                i18nKey="inStore.fits.text"
                components={{ strong: <strong />, pricing: <Link to={localized('/licenses')} /> }}
              />
            </p>
            <p>{t('inStore.fits.societies')}</p>
          </div>
        </section>
        <section className={styles.panel} aria-label={t('inStore.formLabel')}>
          <EnterpriseForm
            defaultEmail={viewer?.account.email ?? ''}
            defaultUse="venue"
            countLabel={t('inStore.countLabel')}
            countHint={t('inStore.countHint')}
          />
        </section>
      </div>
    </div>
  );
}
