import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './empty-state.module.css';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  /** A lucide-react icon element. */
  icon?: ReactNode;
  /** Buttons or links. */
  actions?: ReactNode;
  /** Heading level of the title; defaults to h2. */
  headingLevel?: 2 | 3 | 4;
  compact?: boolean;
  /** Use 'alert' for load failures so they are announced. */
  role?: 'status' | 'alert';
  className?: string;
};

export function EmptyState({
  title,
  description,
  icon,
  actions,
  headingLevel = 2,
  compact,
  role,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx(styles.root, compact && styles.compact, className)} role={role}>
      {icon ? (
        <div className={styles.icon} aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {description ? <p className={styles.description}>{description}</p> : null}
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
