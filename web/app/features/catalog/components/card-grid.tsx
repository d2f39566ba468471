import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';
import { Skeleton } from '../../../components/ui/skeleton';
import styles from './card-grid.module.css';

export type CardGridProps = {
  children: ReactNode;
  /** 'category' tiles are larger; 'playlist' and 'reel' denser; 'compact' densest (sfx categories). */
  variant?: 'category' | 'playlist' | 'reel' | 'compact';
  label?: string;
  className?: string;
  testId?: string;
};

/** A responsive grid of cards as a list (each child becomes a list item). */
export function CardGrid({ children, variant = 'category', label, className, testId }: CardGridProps) {
  return (
    <ul role="list" className={cx(styles.grid, styles[variant], className)} aria-label={label} data-testid={testId}>
      {children}
    </ul>
  );
}

export function CardGridItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}

export function CardGridSkeleton({
  count = 8,
  variant = 'category',
}: {
  count?: number;
  variant?: CardGridProps['variant'];
}) {
  return (
    <div className={cx(styles.grid, styles[variant])} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.item}>
          <Skeleton aspectRatio="1 / 1" className={styles.skeletonTile} />
          <Skeleton variant="text" width="70%" />
        </div>
      ))}
    </div>
  );
}
