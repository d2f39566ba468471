import { Link, redirect } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { LinkTabs } from '../../components/ui/tabs';
import { Faq } from '../../features/pricing/faq';
import { useFaqContent } from '../../features/pages/faq-content';
import { FAQ_TABS, FIRST_FAQ_TAB, faqTabPath, isFaqTab } from '../../features/pages/faq-tabs';
import { pageMeta } from '../../features/pages/page-meta';
import { requestTexts } from '../../i18n/request-texts.server';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/faq-tab';

/** An unknown tab (or anything typed into the address) goes to the first tab; nothing of it is echoed. */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isFaqTab(params.tab)) throw redirect(faqTabPath(FIRST_FAQ_TAB), 302);
  const { t } = requestTexts(request, 'pages');
  const tab = t(`faq.tabs.${params.tab}`);
  return {
    tab: params.tab,
    meta: {
      title: t('faq.meta.title', { tab }),
      description: t('faq.meta.description', { tab: tab.toLocaleLowerCase() }),
    },
  };
}

export const meta = ({ data }: Route.MetaArgs) => pageMeta(data?.meta);

/** /faq/{tab} (spec §2): licences, subscriptions, payments, downloads and account, each as an accordion. */
export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { tab } = loaderData;
  const { t } = useTranslation('pages');
  const content = useFaqContent();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('faq.eyebrow')}</p>
        <h1 className={styles.title}>{t('faq.title')}</h1>
        <p className={styles.lead}>{t('faq.lead')}</p>
      </header>
      <LinkTabs
        aria-label={t('faq.topics')}
        className={styles.tabs}
        tabs={FAQ_TABS.map((entry) => ({
          to: faqTabPath(entry.id),
          label: t(`faq.tabs.${entry.id}`),
          active: entry.id === tab,
          testId: `faq-tab-${entry.id}`,
        }))}
      />
      <section className={styles.faqBody} aria-label={t(`faq.tabs.${tab}`)}>
        {/* A new tab starts with every answer closed. */}
        <Faq key={tab} items={content[tab]} headingLevel={2} />
        <p className={styles.more}>
          <Trans
            t={t}
            i18nKey="faq.more"
            components={{
              contact: <Link to="/contact" className={styles.link} />,
              support: <Link to="/dashboard/support" className={styles.link} />,
            }}
          />
        </p>
      </section>
    </div>
  );
}
