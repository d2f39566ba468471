import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SupportHistory as History, SupportRequest } from '@cuewave/contract/contact';
import { useViewer } from '../../features/auth/use-viewer';
import { FAQ_TABS, faqTabPath } from '../../features/pages/faq-tabs';
import { MessageForm } from '../../features/pages/message-form';
import { SupportHistory } from '../../features/pages/support-history';
import { requestTexts } from '../../i18n/request-texts.server';
import { apiGet } from '../../lib/api';
import styles from '../../features/account/account.module.css';
import support from '../../features/pages/support.module.css';
import type { Route } from './+types/support';

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${data?.title ?? 'Support'} · Cuewave` },
  { name: 'robots', content: 'noindex' },
];

/** The layout's guard has run: only the signed-in user's own requests come back. */
export async function loader({ request }: Route.LoaderArgs) {
  const history = await apiGet<History>('/v1/support/requests', { request }).catch((): History | null => null);
  return { requests: history?.items ?? null, title: requestTexts(request, 'pages').t('support.title') };
}

/** /dashboard/support (spec §2): FAQ entry points, a support form tied to the account, and its history. */
export default function SupportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages');
  const viewer = useViewer();
  const [sent, setSent] = useState<SupportRequest[]>([]);
  const requests = loaderData.requests
    ? [...sent, ...loaderData.requests.filter((r) => !sent.some((s) => s.id === r.id))]
    : null;
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('support.title')}</h1>
        <p className={styles.pageLead}>{t('support.lead')}</p>
      </header>

      <section className={styles.section} aria-labelledby="support-faq">
        <div className={styles.sectionHeader}>
          <h2 id="support-faq" className={styles.sectionTitle}>
            {t('support.faq')}
          </h2>
        </div>
        <ul role="list" className={support.entries}>
          {FAQ_TABS.map((tab) => (
            <li key={tab.id}>
              <Link to={faqTabPath(tab.id)} className={support.entry}>
                {t(`faq.tabs.${tab.id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="support-form">
        <div className={styles.sectionHeader}>
          <h2 id="support-form" className={styles.sectionTitle}>
            {t('support.send')}
          </h2>
        </div>
        {viewer ? (
          <MessageForm
            mode="support"
            email={viewer.account.email}
            onSent={(r) => setSent((current) => [r, ...current])}
          />
        ) : null}
      </section>

      <section className={styles.section} aria-labelledby="support-history">
        <div className={styles.sectionHeader}>
          <h2 id="support-history" className={styles.sectionTitle}>
            {t('support.requests')}
          </h2>
        </div>
        <SupportHistory requests={requests} />
      </section>
    </div>
  );
}
