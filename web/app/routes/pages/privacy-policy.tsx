import type { LegalFacts } from '@cuewave/contract/contact';
import { LEGAL_UPDATED, getLegalFacts } from '../../features/pages/legal-facts';
import { pageMeta } from '../../features/pages/page-meta';
import { PrivacyPolicy } from '../../features/pages/privacy-policy';
import { useEdition } from '../../features/shell/edition';
import styles from '../../features/pages/pages.module.css';
import type { Route } from './+types/privacy-policy';

/** The seller and processors are this installation's (GET /v1/site/legal); without them the text stays generic. */
export async function loader({ request }: Route.LoaderArgs) {
  return { facts: await getLegalFacts(request).catch((): LegalFacts | null => null) };
}

export const meta = () =>
  pageMeta(
    'Privacy policy',
    'What Cuewave keeps about you, why, which cookies it sets, who else receives data, how long it is kept and your rights.',
  );

/** /privacy-policy and /us/privacy-policy (spec §2): the US edition adds US state privacy rights. */
export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const edition = useEdition();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Legal</p>
        <h1 className={styles.title}>Privacy policy</h1>
        <p className={styles.updated}>Last updated {LEGAL_UPDATED}</p>
      </header>
      <PrivacyPolicy facts={loaderData.facts} edition={edition} />
    </div>
  );
}
