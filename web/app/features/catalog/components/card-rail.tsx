import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton } from '../../../components/ui/button';
import styles from './card-rail.module.css';

/**
 * One row of cards that scrolls sideways (snap on touch; arrow buttons for mouse users). Keyboard
 * users tab through the cards, which scrolls them into view, so the arrows are a convenience only.
 */
export function CardRail({ children, label, testId }: { children: ReactNode; label: string; testId?: string }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const { t } = useTranslation('catalog');

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () =>
      setEdges({
        start: list.scrollLeft <= 4,
        end: list.scrollLeft + list.clientWidth >= list.scrollWidth - 4,
      });
    update();
    list.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(update) : null;
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.9, behavior: 'smooth' });
  };

  return (
    <div className={styles.root}>
      <ul role="list" ref={listRef} className={styles.list} aria-label={label} data-testid={testId}>
        {children}
      </ul>
      {!edges.start ? (
        <IconButton
          aria-label={t('cardRail.back', { label })}
          icon={<ChevronLeft />}
          variant="secondary"
          className={`${styles.arrow} ${styles.prev}`}
          onClick={() => scroll(-1)}
          tabIndex={-1}
        />
      ) : null}
      {!edges.end ? (
        <IconButton
          aria-label={t('cardRail.forward', { label })}
          icon={<ChevronRight />}
          variant="secondary"
          className={`${styles.arrow} ${styles.next}`}
          onClick={() => scroll(1)}
          tabIndex={-1}
        />
      ) : null}
    </div>
  );
}

export function CardRailItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}
