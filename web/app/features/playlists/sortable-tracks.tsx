import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, GripVertical, ListMusic, Trash2 } from 'lucide-react';
import type { Product } from '@cuewave/contract/catalog';
import { IconButton } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { EmptyState } from '../../components/ui/empty-state';
import { ButtonLink } from '../../components/ui/button';
import { formatDuration } from '../../lib/format';
import { Cover } from '../catalog/components/cover';
import { catalogPaths } from '../catalog/paths';
import { ProductNote } from './product-note';
import styles from './sortable-tracks.module.css';

export type SortableTracksProps = {
  items: Product[];
  notes: Record<string, string>;
  onMove: (from: number, to: number) => void;
  onRemove: (product: Product) => void;
  onNoteSaved: (productId: string, note: string | null) => void;
};

/**
 * The playlist's tracks in order. Reorder by dragging a row (mouse), by the handle's arrow keys
 * (Up/Down one place, Home/End to the ends), or by the move buttons (touch, where HTML drag and drop
 * does not exist). Focus stays on the control that moved the track.
 */
export function SortableTracks({ items, notes, onMove, onRemove, onNoteSaved }: SortableTracksProps) {
  const { t } = useTranslation('playlists');
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // After a keyboard move, the control to focus again (its row re-rendered at a new place).
  const refocus = useRef<string | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!refocus.current) return;
    const key = refocus.current;
    const target = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-focus-key]') ?? []).find(
      (el) => el.dataset.focusKey === key,
    );
    refocus.current = null;
    target?.focus();
  });

  if (!items.length) {
    return (
      <EmptyState
        icon={<ListMusic />}
        title={t('tracksList.emptyTitle')}
        description={t('tracksList.emptyText')}
        actions={
          <ButtonLink to={catalogPaths.genres()} variant="secondary">
            {t('tracksList.browse')}
          </ButtonLink>
        }
        headingLevel={3}
        role="status"
        compact
      />
    );
  }

  const moveAndFocus = (from: number, to: number, key: string) => {
    refocus.current = key;
    onMove(from, to);
  };

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, index: number, id: string) => {
    const to =
      event.key === 'ArrowUp'
        ? index - 1
        : event.key === 'ArrowDown'
          ? index + 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    moveAndFocus(index, to, `handle-${id}`);
  };

  const dropOn = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragging !== null && dragging !== index) onMove(dragging, index);
    setDragging(null);
    setOver(null);
  };

  return (
    <>
      <ol
        ref={listRef}
        role="list"
        className={styles.list}
        aria-label={t('tracksList.label')}
        data-testid="sortable-tracks"
      >
        {items.map((product, index) => (
          <li
            key={product.id}
            className={cx(
              styles.item,
              dragging === index && styles.dragging,
              over === index && dragging !== null && dragging !== index && styles.over,
            )}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              if (over !== index) setOver(index);
            }}
            onDrop={(event) => dropOn(event, index)}
            data-testid="playlist-item"
            data-product-id={product.id}
          >
            <div
              className={styles.line}
              draggable
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', product.id);
                setDragging(index);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
            >
              <button
                type="button"
                className={styles.handle}
                aria-label={t('tracksList.reorder', { title: product.title, position: index + 1, count: items.length })}
                aria-describedby="reorder-help"
                onKeyDown={(event) => onHandleKey(event, index, product.id)}
                data-focus-key={`handle-${product.id}`}
                data-testid="reorder-handle"
              >
                <GripVertical aria-hidden="true" />
              </button>
              <span className={styles.position} aria-hidden="true">
                {index + 1}
              </span>
              <span className={styles.art} aria-hidden="true">
                <Cover fileId={product.cover} seed={product.id} radius="sm" className={styles.cover} />
              </span>
              <span className={styles.info}>
                {product.type === 'music' ? (
                  <Link to={catalogPaths.song(product.id)} className={styles.title} data-testid="playlist-item-title">
                    {product.title}
                  </Link>
                ) : (
                  <span className={styles.title} data-testid="playlist-item-title">
                    {product.title}
                  </span>
                )}
                <span className={styles.artist}>{product.artist.name}</span>
              </span>
              <span className={styles.duration}>
                <span className="visually-hidden">{t('tracksList.duration')} </span>
                {formatDuration(product.duration)}
              </span>
              <span className={styles.actions}>
                <IconButton
                  aria-label={t('tracksList.up', { title: product.title })}
                  icon={<ArrowUp />}
                  size="sm"
                  disabled={index === 0}
                  onClick={() =>
                    moveAndFocus(index, index - 1, index - 1 === 0 ? `down-${product.id}` : `up-${product.id}`)
                  }
                  data-focus-key={`up-${product.id}`}
                  data-testid="move-up"
                />
                <IconButton
                  aria-label={t('tracksList.down', { title: product.title })}
                  icon={<ArrowDown />}
                  size="sm"
                  disabled={index === items.length - 1}
                  onClick={() =>
                    moveAndFocus(
                      index,
                      index + 1,
                      index + 1 === items.length - 1 ? `up-${product.id}` : `down-${product.id}`,
                    )
                  }
                  data-focus-key={`down-${product.id}`}
                  data-testid="move-down"
                />
                <IconButton
                  aria-label={t('tracksList.remove', { title: product.title })}
                  icon={<Trash2 />}
                  size="sm"
                  className={styles.remove}
                  onClick={() => {
                    // Focus goes on to the next track's remove button (or the previous one at the end).
                    const neighbour = items[index + 1] ?? items[index - 1];
                    refocus.current = neighbour ? `remove-${neighbour.id}` : null;
                    onRemove(product);
                  }}
                  data-focus-key={`remove-${product.id}`}
                  data-testid="remove-track"
                />
              </span>
            </div>
            <ProductNote
              productId={product.id}
              title={product.title}
              note={notes[product.id] ?? null}
              onSaved={(note) => onNoteSaved(product.id, note)}
              compact
              className={styles.note}
            />
          </li>
        ))}
      </ol>
      <p hidden id="reorder-help">
        {t('tracksList.help')}
      </p>
    </>
  );
}
