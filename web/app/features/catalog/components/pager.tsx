import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useFormat } from '../../../i18n/format';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PRODUCT_PAGE_SIZE } from '@cuewave/contract/catalog';
import { cx } from '../../../components/ui/cx';
import styles from './pager.module.css';

/** Page numbers to show: first, last, and a window around the current one; null marks a gap. */
export function pageWindow(current: number, total: number, radius = 1): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= radius) pages.push(p);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}

/** "Showing 31–60 of 412" in the page's language (`number`: its number format, see useFormat). */
export function showingText(
  t: TFunction<'catalog'>,
  number: (value: number) => string,
  skip: number,
  shown: number,
  count: number,
): string {
  if (count === 0 || shown === 0) return t('pager.none');
  const from = skip + 1;
  const to = Math.min(skip + shown, count);
  return t('pager.showing', { from: number(from), to: number(to), count: number(count) });
}

export type PagerProps = {
  /** The server's total. */
  count: number;
  skip: number;
  /** How many items this page holds. */
  shown: number;
  pageSize?: number;
  /** The id of the list the pager drives; navigating scrolls back to it. */
  listId?: string;
  className?: string;
};

/**
 * Paging by `skip` in plain links, so every page of a list is crawlable and shareable; the other
 * search params (filters) are kept.
 */
export function Pager({ count, skip, shown, pageSize = PRODUCT_PAGE_SIZE, listId, className }: PagerProps) {
  const { search } = useLocation();
  const { t } = useTranslation('catalog');
  const { number } = useFormat();
  const pages = Math.ceil(count / pageSize);
  const current = Math.floor(skip / pageSize) + 1;

  const hrefFor = (page: number) => {
    const params = new URLSearchParams(search);
    const nextSkip = (page - 1) * pageSize;
    if (nextSkip > 0) params.set('skip', String(nextSkip));
    else params.delete('skip');
    const qs = params.toString();
    return qs ? `?${qs}` : '?';
  };
  const linkProps = (page: number) => ({
    to: hrefFor(page),
    preventScrollReset: true,
    state: listId ? { scrollTo: listId } : undefined,
  });

  return (
    <nav className={cx(styles.root, className)} aria-label={t('pager.label')} data-testid="pager">
      <p className={styles.status} aria-live="polite">
        {showingText(t, number, skip, shown, count)}
      </p>
      {pages > 1 ? (
        <div className={styles.controls}>
          {current > 1 ? (
            <PrefetchLink {...linkProps(current - 1)} className={styles.step} rel="prev">
              <ChevronLeft aria-hidden="true" />
              <span>{t('pager.previous')}</span>
            </PrefetchLink>
          ) : (
            <span className={cx(styles.step, styles.disabled)} aria-disabled="true">
              <ChevronLeft aria-hidden="true" />
              <span>{t('pager.previous')}</span>
            </span>
          )}
          <ol role="list" className={styles.pages}>
            {pageWindow(current, pages).map((page, i) =>
              page === null ? (
                <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={page}>
                  <PrefetchLink
                    {...linkProps(page)}
                    className={cx(styles.page, page === current && styles.current)}
                    aria-current={page === current ? 'page' : undefined}
                    aria-label={t('pager.page', { page: number(page) })}
                  >
                    {page}
                    {page === current ? (
                      <span className={styles.ofTotal}>
                        {'\u00a0'}
                        {t('pager.ofTotal', { pages: number(pages) })}
                      </span>
                    ) : null}
                  </PrefetchLink>
                </li>
              ),
            )}
          </ol>
          {current < pages ? (
            <PrefetchLink {...linkProps(current + 1)} className={styles.step} rel="next">
              <span>{t('pager.next')}</span>
              <ChevronRight aria-hidden="true" />
            </PrefetchLink>
          ) : (
            <span className={cx(styles.step, styles.disabled)} aria-disabled="true">
              <span>{t('pager.next')}</span>
              <ChevronRight aria-hidden="true" />
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
