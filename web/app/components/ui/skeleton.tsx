import type { CSSProperties } from 'react';
import { cx } from './cx';
import styles from './skeleton.module.css';

export type SkeletonProps = {
  variant?: 'text' | 'rect' | 'circle';
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** e.g. '1 / 1' for square covers */
  aspectRatio?: CSSProperties['aspectRatio'];
  className?: string;
  style?: CSSProperties;
};

/**
 * A shimmering placeholder. Decorative (aria-hidden); wrap a loading region in an element with
 * aria-busy="true" so assistive technology knows content is on the way.
 */
export function Skeleton({ variant = 'rect', width, height, aspectRatio, className, style }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx(styles.skeleton, styles[variant], className)}
      style={{ width, height, aspectRatio, ...style }}
    />
  );
}

/** A few lines of text placeholder, the last one shorter. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <span className={className} style={{ display: 'grid', gap: '0.5em' }} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} variant="text" width={i === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}
