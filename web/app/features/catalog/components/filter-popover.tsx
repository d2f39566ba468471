import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { cx } from '../../../components/ui/cx';
import styles from './filter-popover.module.css';

export type FilterPopoverProps = {
  label: string;
  /** Shown in the trigger when the filter is set, e.g. "90–120". */
  summary?: string;
  active?: boolean;
  children: ReactNode;
  align?: 'start' | 'end';
  width?: number;
  testId?: string;
};

/**
 * A disclosure button with a floating panel (not a modal: the page stays usable). Escape closes it
 * and returns focus to the button; so does a click outside.
 */
export function FilterPopover({
  label,
  summary,
  active,
  children,
  align = 'start',
  width = 320,
  testId,
}: FilterPopoverProps) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('catalog');
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={cx(styles.trigger, active && styles.active)}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
      >
        <span>{label}</span>
        {summary ? <span className={styles.summary}>{summary}</span> : null}
        <ChevronDown aria-hidden="true" className={styles.chevron} />
      </button>
      <div
        id={id}
        className={cx(styles.panel, align === 'end' && styles.end)}
        style={{ width }}
        hidden={!open}
        role="group"
        aria-label={t('filters.popover', { label })}
      >
        {children}
      </div>
    </div>
  );
}
