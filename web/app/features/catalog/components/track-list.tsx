import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Music2 } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadFailed } from './load-failed';
import { TrackRow } from './track-row';
import styles from './track-list.module.css';

export type TrackListProps = {
  items: Product[];
  /** Accessible name of the list, e.g. "Ambient tracks". */
  label: string;
  /** Show position numbers, starting after `offset` (the page's skip). */
  ranked?: boolean;
  offset?: number;
  /** The load failed: show a friendly message instead of the (empty) list (spec §8). */
  failed?: boolean;
  /** What to say when there is nothing to show. */
  empty?: { title: string; description?: ReactNode; action?: ReactNode };
  /** Anchor id; the pager scrolls back here after a page change. */
  id?: string;
  /** Column headings above the rows (desktop). */
  showHeader?: boolean;
  skeletonRows?: number;
  className?: string;
  /** A short line under a row's artist, e.g. why it was recommended. */
  detailOf?: (product: Product) => ReactNode;
};

/** Whether a client-side navigation or filter change is on its way, and whether it stays on this page. */
export function usePendingList(): 'idle' | 'same-page' | 'other-page' {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== 'loading' || !navigation.location) return 'idle';
  return navigation.location.pathname === location.pathname ? 'same-page' : 'other-page';
}

/**
 * A list of track rows. Playing a row queues the whole list, so next/previous in the player walk
 * through it. While the same page reloads (filters, paging) the rows turn into skeletons.
 */
export function TrackList({
  items,
  label,
  ranked,
  offset = 0,
  failed,
  empty,
  id,
  showHeader = true,
  skeletonRows,
  className,
  detailOf,
}: TrackListProps) {
  const pending = usePendingList();
  const location = useLocation();
  const { t } = useTranslation('catalog');
  const rootRef = useRef<HTMLDivElement>(null);

  // The pager asks to come back to the top of the list rather than the top of the page.
  const scrollTo = (location.state as { scrollTo?: string } | null)?.scrollTo;
  useEffect(() => {
    if (id && scrollTo === id && rootRef.current && rootRef.current.getBoundingClientRect().top < 0) {
      rootRef.current.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  }, [location.key, id, scrollTo]);

  let body: ReactNode;
  if (pending === 'same-page') {
    body = <TrackListSkeleton rows={skeletonRows ?? Math.min(Math.max(items.length, 6), 10)} ranked={ranked} />;
  } else if (failed) {
    body = <LoadFailed what="tracks" />;
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<Music2 />}
        title={empty?.title ?? t('trackList.emptyTitle')}
        description={empty?.description ?? t('trackList.emptyDescription')}
        actions={empty?.action}
        headingLevel={3}
        role="status"
        compact
      />
    );
  } else {
    body = (
      <>
        {showHeader ? <ListHeader ranked={ranked} /> : null}
        <ul role="list" className={styles.rows} aria-label={label} data-testid="track-list">
          {items.map((product, index) => (
            <TrackRow
              key={product.id}
              product={product}
              queue={items}
              index={index}
              rank={ranked ? offset + index + 1 : undefined}
              priority={index < 4}
              detail={detailOf?.(product)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div
      ref={rootRef}
      id={id}
      className={cx(styles.root, pending === 'other-page' && styles.dimmed, className)}
      aria-busy={pending !== 'idle' || undefined}
    >
      {body}
    </div>
  );
}

function ListHeader({ ranked }: { ranked?: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <div className={cx(styles.header, ranked && styles.headerRanked)} aria-hidden="true">
      {ranked ? <span>#</span> : null}
      <span className={styles.hTitle}>{t('trackList.title')}</span>
      <span className={styles.hWave} />
      <span className={styles.hRight}>{t('trackList.time')}</span>
      <span className={styles.hRight}>{t('track.bpm')}</span>
      <span className={styles.hTags}>{t('trackList.tags')}</span>
    </div>
  );
}

export function TrackListSkeleton({ rows = 8, ranked }: { rows?: number; ranked?: boolean }) {
  const { t } = useTranslation('catalog');
  return (
    <div className={styles.skeleton} data-testid="track-list-skeleton">
      <span className="visually-hidden" role="status">
        {t('trackList.loading')}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={cx(styles.skeletonRow, ranked && styles.skeletonRanked)} aria-hidden="true">
          {ranked ? <Skeleton variant="text" width={16} /> : null}
          <Skeleton aspectRatio="1 / 1" className={styles.skArt} />
          <span className={styles.skInfo}>
            <Skeleton variant="text" width={`${55 + ((i * 17) % 35)}%`} />
            <Skeleton variant="text" width={`${30 + ((i * 11) % 25)}%`} />
          </span>
          <Skeleton className={styles.skWave} height={24} />
          <Skeleton variant="text" width={36} className={styles.skDuration} />
          <Skeleton variant="text" width={48} className={styles.skBpm} />
          <span className={styles.skTags}>
            <Skeleton variant="text" width={56} height={20} />
            <Skeleton variant="text" width={48} height={20} />
          </span>
        </div>
      ))}
    </div>
  );
}
