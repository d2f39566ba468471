import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight, CreditCard, Download, Layers, LifeBuoy, ListMusic, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { navLabel, type NavLink } from '../shell/nav-links';
import styles from './overview.module.css';

/** What each dashboard section is for, in a few words (the side navigation only names them); `sections.hints.*`. */
const SECTION_HINTS: Record<string, { icon: ReactNode; hintKey: string }> = {
  '/dashboard/licenses': { icon: <Layers />, hintKey: 'licenses' },
  '/dashboard/billing': { icon: <CreditCard />, hintKey: 'billing' },
  '/dashboard/account': { icon: <UserRound />, hintKey: 'account' },
  '/dashboard/playlists': { icon: <ListMusic />, hintKey: 'playlists' },
  '/dashboard/downloads': { icon: <Download />, hintKey: 'downloads' },
  '/dashboard/support': { icon: <LifeBuoy />, hintKey: 'support' },
};

/** The entry points of the dashboard's other sections (only the ones that exist for this viewer). */
export function SectionLinks({ sections }: { sections: NavLink[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-labelledby="overview-sections">
      <h2 id="overview-sections" className={styles.sectionsTitle}>
        {t('sections.title')}
      </h2>
      <ul role="list" className={styles.sections} data-testid="overview-sections">
        {sections.map((section) => {
          const info = SECTION_HINTS[section.url];
          return (
            <li key={section.url}>
              <Link to={section.url} className={styles.sectionLink}>
                <span className={styles.sectionIcon} aria-hidden="true">
                  {info?.icon ?? <ChevronRight />}
                </span>
                <span className={styles.sectionText}>
                  <span className={styles.sectionLabel}>{t(navLabel(section), { ns: 'shell' })}</span>
                  {info ? <span className={styles.sectionHint}>{t(`sections.hints.${info.hintKey}`)}</span> : null}
                </span>
                <ChevronRight className={styles.chevron} aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
