import { Link, redirect } from 'react-router';
import { LinkTabs } from '../../components/ui/tabs';
import { Faq } from '../../features/pricing/faq';
import { FAQ_CONTENT } from '../../features/pages/faq-content';
import { FAQ_TABS, FIRST_FAQ_TAB, faqTabPath, isFaqTab } from '../../features/pages/faq-tabs';
import { pageMeta } from '../../features/pages/page-meta';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/faq-tab';

/** An unknown tab (or anything typed into the address) goes to the first tab; nothing of it is echoed. */
export function loader({ params }: Route.LoaderArgs) {
  if (!isFaqTab(params.tab)) throw redirect(faqTabPath(FIRST_FAQ_TAB), 302);
  return { tab: params.tab };
}

export const meta = ({ data }: Route.MetaArgs) => {
  const tab = FAQ_TABS.find((entry) => entry.id === data?.tab) ?? FAQ_TABS[0];
  return pageMeta(
    `FAQ: ${tab.label}`,
    `Cuewave FAQ, ${tab.label.toLowerCase()}: clear answers on licences, plans, the free trial, payments, downloads and your account.`,
  );
};

/** /faq/{tab} (spec §2): licences, subscriptions, payments, downloads and account, each as an accordion. */
export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { tab } = loaderData;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Help centre</p>
        <h1 className={styles.title}>Frequently asked questions</h1>
        <p className={styles.lead}>How licences, plans, payments and downloads work at Cuewave.</p>
      </header>
      <LinkTabs
        aria-label="FAQ topics"
        className={styles.tabs}
        tabs={FAQ_TABS.map((entry) => ({
          to: faqTabPath(entry.id),
          label: entry.label,
          active: entry.id === tab,
          testId: `faq-tab-${entry.id}`,
        }))}
      />
      <section className={styles.faqBody} aria-label={FAQ_TABS.find((entry) => entry.id === tab)?.label}>
        {/* A new tab starts with every answer closed. */}
        <Faq key={tab} items={FAQ_CONTENT[tab]} headingLevel={2} />
        <p className={styles.more}>
          Didn’t find your answer?{' '}
          <Link to="/contact" className={styles.link}>
            Write to us
          </Link>{' '}
          or, signed in, use{' '}
          <Link to="/dashboard/support" className={styles.link}>
            support in your dashboard
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
