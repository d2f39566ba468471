import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight, CreditCard, Download, Layers, LifeBuoy, ListMusic, UserRound } from 'lucide-react';
import type { NavLink } from '../shell/nav-links';
import styles from './overview.module.css';

/** What each dashboard section is for, in a few words (the side navigation only names them). */
const SECTION_HINTS: Record<string, { icon: ReactNode; hint: string }> = {
  '/dashboard/licenses': { icon: <Layers />, hint: 'Plan, channels and licence certificate' },
  '/dashboard/billing': { icon: <CreditCard />, hint: 'Cards, billing details and receipts' },
  '/dashboard/account': { icon: <UserRound />, hint: 'Email, password, phone and preferences' },
  '/dashboard/playlists': { icon: <ListMusic />, hint: 'Your saved playlists' },
  '/dashboard/downloads': { icon: <Download />, hint: 'Your downloads, their licences and certificates' },
  '/dashboard/support': { icon: <LifeBuoy />, hint: 'Questions about your licence or billing' },
};

/** The entry points of the dashboard's other sections (only the ones that exist for this viewer). */
export function SectionLinks({ sections }: { sections: NavLink[] }) {
  return (
    <nav aria-labelledby="overview-sections">
      <h2 id="overview-sections" className={styles.sectionsTitle}>
        Your dashboard
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
                  <span className={styles.sectionLabel}>{section.label}</span>
                  {info ? <span className={styles.sectionHint}>{info.hint}</span> : null}
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
