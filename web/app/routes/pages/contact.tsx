import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { Building2, LifeBuoy, Mail } from 'lucide-react';
import type { LegalFacts } from '@cuewave/contract/contact';
import { useViewer } from '../../features/auth/use-viewer';
import { getLegalFacts } from '../../features/pages/legal-facts';
import { MessageForm } from '../../features/pages/message-form';
import { pageMeta } from '../../features/pages/page-meta';
import { pageTexts } from '../../features/pages/page-texts.server';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/contact';

export async function loader({ request }: Route.LoaderArgs) {
  return {
    facts: await getLegalFacts(request).catch((): LegalFacts | null => null),
    meta: pageTexts(request, 'contact'),
  };
}

export const meta = ({ data }: Route.MetaArgs) => pageMeta(data?.meta);

/** /contact (spec §2): the contact form, the FAQ and, for signed-in users, dashboard support. */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages');
  const viewer = useViewer();
  const { facts } = loaderData;
  return (
    <div className={styles.page}>
      <div className={styles.split}>
        <section aria-labelledby="contact-title">
          <header className={styles.header}>
            <p className={styles.eyebrow}>{t('contact.eyebrow')}</p>
            <h1 id="contact-title" className={styles.title}>
              {t('contact.title')}
            </h1>
            <p className={styles.lead}>{t('contact.lead')}</p>
          </header>
          <div className={styles.cards}>
            <div className={styles.card}>
              <LifeBuoy aria-hidden="true" />
              <h2>{t('contact.quick.title')}</h2>
              <p>
                <Trans
                  t={t}
                  i18nKey="contact.quick.text"
                  components={{ faq: <Link to="/faq/rights" className={styles.link} /> }}
                />
              </p>
            </div>
            {viewer ? (
              <div className={styles.card}>
                <Mail aria-hidden="true" />
                <h2>{t('contact.signedIn.title')}</h2>
                <p>
                  <Trans
                    t={t}
                    i18nKey="contact.signedIn.text"
                    components={{ support: <Link to="/dashboard/support" className={styles.link} /> }}
                  />
                </p>
              </div>
            ) : null}
            <div className={styles.card}>
              <Building2 aria-hidden="true" />
              <h2>{t('contact.business.title')}</h2>
              <p>
                <Trans
                  t={t}
                  i18nKey="contact.business.text"
                  components={{
                    enterprise: <Link to="/enterprise" className={styles.link} />,
                    inStore: <Link to="/in-store" className={styles.link} />,
                  }}
                />
              </p>
            </div>
          </div>
          {facts ? (
            <p className={styles.updated}>
              {facts.seller.name}, {facts.seller.addressLines.join(', ')} · {t('contact.email')}{' '}
              <a href={`mailto:${facts.supportEmail}`} className={styles.link}>
                {facts.supportEmail}
              </a>
            </p>
          ) : null}
        </section>
        <section className={styles.panel} aria-label={t('contact.formLabel')}>
          <MessageForm mode="contact" defaultEmail={viewer?.account.email ?? ''} />
        </section>
      </div>
    </div>
  );
}
