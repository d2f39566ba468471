import type { ReactNode } from 'react';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { ArrowRight } from 'lucide-react';
import { cx } from '../../../components/ui/cx';
import styles from './section-header.module.css';

export type SectionHeaderProps = {
  title: ReactNode;
  /** id for the heading, so the section can be aria-labelledby it. */
  id?: string;
  eyebrow?: ReactNode;
  description?: ReactNode;
  /** A "see all" link on the right. */
  action?: { to: string; label: string };
  as?: 'h1' | 'h2' | 'h3';
  className?: string;
};

export function SectionHeader({
  title,
  id,
  eyebrow,
  description,
  action,
  as: Heading = 'h2',
  className,
}: SectionHeaderProps) {
  return (
    <div className={cx(styles.root, className)}>
      <div className={styles.text}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <Heading id={id} className={cx(styles.title, Heading === 'h1' && styles.h1)}>
          {title}
        </Heading>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {action ? (
        <PrefetchLink to={action.to} className={styles.action}>
          {action.label}
          <ArrowRight aria-hidden="true" />
        </PrefetchLink>
      ) : null}
    </div>
  );
}
