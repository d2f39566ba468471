import { useTranslation } from 'react-i18next';
import type { LegalFacts } from '@cuewave/contract/contact';
import { getLegalFacts, legalUpdated } from '../../features/pages/legal-facts';
import { pageMeta } from '../../features/pages/page-meta';
import { pageTexts } from '../../features/pages/page-texts.server';
import { PrivacyPolicy } from '../../features/pages/privacy-policy';
import { useEdition } from '../../features/shell/edition';
import { usePageLanguage } from '../../i18n/page-texts';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/privacy-policy';

/** The seller and processors are this installation's (GET /v1/site/legal); without them the text stays generic. */
export async function loader({ request }: Route.LoaderArgs) {
  return {
    facts: await getLegalFacts(request).catch((): LegalFacts | null => null),
    meta: pageTexts(request, 'privacy'),
  };
}

export const meta = ({ data }: Route.MetaArgs) => pageMeta(data?.meta);

/** /privacy-policy and /us/privacy-policy (spec §2): the US edition adds US state privacy rights. */
export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages');
  const language = usePageLanguage();
  const edition = useEdition();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('privacy.eyebrow')}</p>
        <h1 className={styles.title}>{t('privacy.title')}</h1>
        <p className={styles.updated}>{t('legalUpdated', { date: legalUpdated(language) })}</p>
      </header>
      <PrivacyPolicy facts={loaderData.facts} edition={edition} />
    </div>
  );
}
