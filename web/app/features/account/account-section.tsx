import { useId, type ReactNode } from 'react';
import { cx } from '../../components/ui/cx';
import styles from './account.module.css';

export type AccountSectionProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
  testId?: string;
};

/** One titled card of the account page, a landmark named by its heading. */
export function AccountSection({ title, description, children, tone = 'default', testId }: AccountSectionProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cx(styles.section, tone === 'danger' && styles.danger)}
      data-testid={testId}
    >
      <header className={styles.sectionHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {title}
        </h2>
        {description ? <p className={styles.sectionDescription}>{description}</p> : null}
      </header>
      {children}
    </section>
  );
}

export function StatusBadge({ ok, okLabel, notOkLabel }: { ok: boolean; okLabel: string; notOkLabel: string }) {
  return <span className={cx(styles.badge, ok ? styles.badgeOk : styles.badgeWarn)}>{ok ? okLabel : notOkLabel}</span>;
}
