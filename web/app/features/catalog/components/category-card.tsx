import { useTranslation } from 'react-i18next';
import { PrefetchLink } from '../../../components/ui/prefetch-link';
import { ArrowUpRight } from 'lucide-react';
import { cx } from '../../../components/ui/cx';
import { Cover } from './cover';
import styles from './category-card.module.css';

export type CategoryCardProps = {
  id: string;
  name: string;
  fileId: string | null;
  to: string;
  /** A short line under the name, e.g. "12 subgenres". */
  meta?: string;
  /** Child links listed under the card (a genre's subgenres). */
  links?: { id: string; name: string; to: string }[];
  /** How many child links to show before "+N more". */
  maxLinks?: number;
  /** The "+N more" target. */
  moreTo?: string;
  shape?: 'square' | 'wide' | 'tall';
  priority?: boolean;
  className?: string;
};

/**
 * A cover tile with the name under it (covers often carry their own lettering, so no text goes on
 * the art); optionally followed by a list of child links.
 */
export function CategoryCard({
  id,
  name,
  fileId,
  to,
  meta,
  links,
  maxLinks = 6,
  moreTo,
  shape = 'square',
  priority,
  className,
}: CategoryCardProps) {
  const { t } = useTranslation('catalog');
  const shown = links?.slice(0, maxLinks) ?? [];
  const hidden = (links?.length ?? 0) - shown.length;
  return (
    <article className={cx(styles.card, className)} data-testid="category-card">
      <PrefetchLink to={to} className={styles.link}>
        <span className={cx(styles.tile, styles[shape])}>
          <Cover fileId={fileId} seed={id} radius="lg" className={styles.cover} priority={priority} />
          <span className={styles.arrow} aria-hidden="true">
            <ArrowUpRight />
          </span>
        </span>
        <span className={styles.body}>
          <span className={styles.name}>{name}</span>
          {meta ? <span className={styles.meta}>{meta}</span> : null}
        </span>
      </PrefetchLink>
      {shown.length ? (
        <ul role="list" className={styles.links} aria-label={t('categoryCard.subgenres', { name })}>
          {shown.map((link) => (
            <li key={link.id}>
              <PrefetchLink to={link.to}>{link.name}</PrefetchLink>
            </li>
          ))}
          {hidden > 0 ? (
            <li>
              <PrefetchLink
                to={moreTo ?? to}
                className={styles.more}
                aria-label={t('categoryCard.moreLabel', { count: hidden, name })}
              >
                {t('categoryCard.more', { count: hidden })}
              </PrefetchLink>
            </li>
          ) : null}
        </ul>
      ) : null}
    </article>
  );
}
