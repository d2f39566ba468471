import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './button';
import { cx } from './cx';
import { useFocusTrap, useScrollLock } from './focus-trap';
import styles from './bottom-sheet.module.css';

/** Spec §9: a downward swipe longer than this closes the sheet; a shorter one snaps it back. */
export const SHEET_CLOSE_THRESHOLD_PX = 80;
/** Spec §9: the sheet slides away for this long before it is gone (and onClose runs). */
export const SHEET_CLOSE_DELAY_MS = 300;

/** What a finished drag does: close past the threshold, otherwise snap back. */
export function sheetDragOutcome(distance: number): 'close' | 'snap-back' {
  return distance > SHEET_CLOSE_THRESHOLD_PX ? 'close' : 'snap-back';
}

export type BottomSheetProps = {
  open: boolean;
  /** Runs once the sheet has slid away (SHEET_CLOSE_DELAY_MS after a swipe, Escape, backdrop or ✕). */
  onClose: () => void;
  /** Visible title; also the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions pinned under the scrolling content. */
  footer?: ReactNode;
  /** Element to focus when opened; defaults to the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  'data-testid'?: string;
};

type Phase = 'open' | 'closing' | 'closed';
type Drag = { pointerId: number; startY: number };

/**
 * The mobile bottom-sheet panel of spec §2, the one primitive for mobile panels (filters, the search
 * type picker …). An accessible modal dialog — labelled, focus trapped, Escape and backdrop close it,
 * page scroll locked, focus returned to the opener — whose handle and header follow a finger or
 * pointer dragging down: past SHEET_CLOSE_THRESHOLD_PX it slides away and closes after
 * SHEET_CLOSE_DELAY_MS, a shorter drag snaps back. Under prefers-reduced-motion the global rule in
 * global.css removes the slide; the timing of onClose stays the same.
 */
export function BottomSheet({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  initialFocus,
  className,
  'data-testid': testId,
}: BottomSheetProps) {
  const { t } = useTranslation('ui');
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const [phase, setPhase] = useState<Phase>(open ? 'open' : 'closed');
  // The phase as of now, for callbacks that run between renders (timers, pointer events).
  const phaseRef = useRef<Phase>(phase);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<Drag | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const sheetRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  const go = useCallback((next: Phase) => {
    phaseRef.current = next;
    setPhase(next);
  }, []);

  useEffect(() => () => clearTimer(timer), []);

  // The parent opens it, or closes it without a gesture (e.g. "Show results"): slide away, then leave.
  useEffect(() => {
    if (open) {
      clearTimer(timer);
      go('open');
      setOffset(0);
      return;
    }
    if (phaseRef.current !== 'open') return;
    go('closing');
    timer.current = setTimeout(() => go('closed'), SHEET_CLOSE_DELAY_MS);
  }, [open, go]);

  /** Every dismissal by the visitor: slide away for SHEET_CLOSE_DELAY_MS, then tell the parent. */
  const requestClose = useCallback(() => {
    if (phaseRef.current !== 'open') return;
    go('closing');
    clearTimer(timer);
    timer.current = setTimeout(() => {
      go('closed');
      onCloseRef.current();
    }, SHEET_CLOSE_DELAY_MS);
  }, [go]);

  const present = mounted && phase !== 'closed';
  useFocusTrap(sheetRef, present, { onEscape: requestClose, initialFocus });
  useScrollLock(present);

  if (!present) return null;

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (phase !== 'open' || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // The close button keeps its click; dragging starts anywhere else on the handle and header.
    if ((event.target as Element).closest('button')) return;
    drag.current = { pointerId: event.pointerId, startY: event.clientY };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    // Only downwards: the sheet is already as high as it goes.
    setOffset(Math.max(0, event.clientY - current.startY));
  };
  const endDrag = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    const distance = Math.max(0, event.clientY - current.startY);
    if (!cancelled && sheetDragOutcome(distance) === 'close') {
      setOffset(distance);
      requestClose();
    } else {
      setOffset(0);
    }
  };

  const style = { '--sheet-offset': `${offset}px` } as CSSProperties;

  return createPortal(
    <div className={styles.root} data-state={phase}>
      <div className={styles.backdrop} aria-hidden="true" onClick={requestClose} data-testid="bottom-sheet-backdrop" />
      <div
        ref={sheetRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={cx(styles.sheet, className)}
        data-state={phase}
        data-dragging={dragging ? 'true' : undefined}
        style={style}
        tabIndex={-1}
        data-testid={testId}
      >
        <div
          className={styles.grip}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(event) => endDrag(event, false)}
          onPointerCancel={(event) => endDrag(event, true)}
          data-testid="bottom-sheet-grip"
        >
          <span className={styles.handle} aria-hidden="true" />
          <div className={styles.header}>
            <div>
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className={styles.description}>
                  {description}
                </p>
              ) : null}
            </div>
            <IconButton aria-label={t('close')} icon={<X />} size="sm" onClick={requestClose} />
          </div>
        </div>
        {children ? <div className={styles.body}>{children}</div> : null}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

function clearTimer(timer: { current: ReturnType<typeof setTimeout> | null }) {
  if (timer.current !== null) clearTimeout(timer.current);
  timer.current = null;
}
