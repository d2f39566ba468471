import type { CSSProperties, ReactNode } from 'react';
import { Music } from 'lucide-react';
import { mediaUrl } from '../../../lib/api';
import { cx } from '../../../components/ui/cx';
import styles from './cover.module.css';

export type CoverProps = {
  /** Image file id; null shows a generated gradient. */
  fileId: string | null | undefined;
  /** Seeds the fallback gradient so a cover-less item always gets the same colours. */
  seed: string;
  /** Alt text; covers next to their title are decorative, so this defaults to ''. */
  alt?: string;
  size?: number | string;
  radius?: 'sm' | 'md' | 'lg' | 'xl';
  /** Load eagerly (above the fold). */
  priority?: boolean;
  className?: string;
  fallbackIcon?: ReactNode;
};

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Two hues from the seed, kept in the brand's cool range so fallbacks look intentional. */
export function fallbackGradient(seed: string): string {
  const h = hash(seed);
  const a = 200 + (h % 120);
  const b = (a + 40 + ((h >> 8) % 60)) % 360;
  return `linear-gradient(135deg, hsl(${a} 70% 46%) 0%, hsl(${b} 75% 30%) 100%)`;
}

export function Cover({ fileId, seed, alt = '', size, radius = 'md', priority, className, fallbackIcon }: CoverProps) {
  const style: CSSProperties = { width: size, background: fallbackGradient(seed) };
  return (
    <span className={cx(styles.cover, styles[radius], className)} style={style}>
      {fileId ? (
        <img
          src={mediaUrl(fileId)}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          className={styles.img}
          draggable={false}
        />
      ) : (
        <span className={styles.fallback} aria-hidden="true">
          {fallbackIcon ?? <Music />}
        </span>
      )}
    </span>
  );
}
