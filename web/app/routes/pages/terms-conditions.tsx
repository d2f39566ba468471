import { useTranslation } from 'react-i18next';
import type { LegalFacts } from '@cuewave/contract/contact';
import { getLegalFacts, legalUpdated } from '../../features/pages/legal-facts';
import { pageMeta } from '../../features/pages/page-meta';
import { pageTexts } from '../../features/pages/page-texts.server';
import { Terms } from '../../features/pages/terms';
import { useEdition } from '../../features/shell/edition';
import { usePageLanguage } from '../../i18n/page-texts';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/terms-conditions';

export async function loader({ request }: Route.LoaderArgs) {
  return {
    facts: await getLegalFacts(request).catch((): LegalFacts | null => null),
    meta: pageTexts(request, 'terms'),
  };
}

export const meta = ({ data }: Route.MetaArgs) => pageMeta(data?.meta);

/** /terms-conditions and /us/terms-conditions (spec §2): the US edition differs in tax and law. */
export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pages');
  const language = usePageLanguage();
  const edition = useEdition();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t('terms.eyebrow')}</p>
        <h1 className={styles.title}>{t('terms.title')}</h1>
        <p className={styles.updated}>{t('legalUpdated', { date: legalUpdated(language) })}</p>
      </header>
      <Terms facts={loaderData.facts} edition={edition} />
    </div>
  );
}
