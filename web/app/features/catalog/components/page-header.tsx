import type { ReactNode } from 'react';
import { mediaUrl } from '../../../lib/api';
import { cx } from '../../../components/ui/cx';
import { Cover, fallbackGradient } from './cover';
import styles from './page-header.module.css';

export type PageHeaderProps = {
  eyebrow: string;
  title: string;
  description?: ReactNode;
  /** Cover image file id; a generated gradient stands in when null. */
  fileId?: string | null;
  seed: string;
  /** Facts under the title, e.g. ['412 tracks', '12 subgenres']. */
  meta?: string[];
  actions?: ReactNode;
  /** Full-width content under the header (subgenre chips …). */
  children?: ReactNode;
  /** No cover tile, just the text (list pages such as /c/genres). */
  compact?: boolean;
  icon?: ReactNode;
};

/** The top of a catalogue page: blurred cover backdrop, cover tile, title, facts and actions. */
export function PageHeader({
  eyebrow,
  title,
  description,
  fileId,
  seed,
  meta,
  actions,
  children,
  compact,
  icon,
}: PageHeaderProps) {
  return (
    <header className={cx(styles.root, compact && styles.compact)} data-testid="page-header">
      <div className={styles.backdrop} aria-hidden="true" style={{ background: fallbackGradient(seed) }}>
        {fileId ? <img src={mediaUrl(fileId)} alt="" className={styles.backdropImg} /> : null}
      </div>
      <div className={styles.inner}>
        {!compact ? <Cover fileId={fileId} seed={seed} radius="xl" priority className={styles.cover} /> : null}
        <div className={styles.text}>
          <p className={styles.eyebrow}>
            {icon ? <span aria-hidden="true">{icon}</span> : null}
            {eyebrow}
          </p>
          <h1 className={styles.title}>{title}</h1>
          {description ? <p className={styles.description}>{description}</p> : null}
          {meta?.length ? (
            <ul role="list" className={styles.meta}>
              {meta.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      </div>
      {children ? <div className={styles.extra}>{children}</div> : null}
    </header>
  );
}
