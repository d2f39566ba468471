import type { LegalFacts } from '@cuewave/contract/contact';
import { LEGAL_UPDATED, getLegalFacts } from '../../features/pages/legal-facts';
import { pageMeta } from '../../features/pages/page-meta';
import { Terms } from '../../features/pages/terms';
import { useEdition } from '../../features/shell/edition';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/terms-conditions';

export async function loader({ request }: Route.LoaderArgs) {
  return { facts: await getLegalFacts(request).catch((): LegalFacts | null => null) };
}

export const meta = () =>
  pageMeta(
    'Terms & conditions',
    'The terms of Cuewave subscriptions: plans, the free trial, renewal, prices and tax, what each licence allows, downloads and fair use.',
  );

/** /terms-conditions and /us/terms-conditions (spec §2): the US edition differs in tax and law. */
export default function TermsPage({ loaderData }: Route.ComponentProps) {
  const edition = useEdition();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Legal</p>
        <h1 className={styles.title}>Terms &amp; conditions</h1>
        <p className={styles.updated}>Last updated {LEGAL_UPDATED}</p>
      </header>
      <Terms facts={loaderData.facts} edition={edition} />
    </div>
  );
}
