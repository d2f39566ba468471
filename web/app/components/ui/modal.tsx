import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './button';
import { cx } from './cx';
import { useFocusTrap, useScrollLock } from './focus-trap';
import styles from './modal.module.css';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  /** Visible title; also the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned (stacked on mobile). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Element to focus when opened; defaults to the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Close when the backdrop is clicked (default true). */
  dismissible?: boolean;
  className?: string;
  'data-testid'?: string;
};

/**
 * An accessible modal dialog: role="dialog" + aria-modal, labelled by its title, focus trapped
 * inside, Escape and backdrop click close it, page scroll locked, focus returned on close.
 * Rendered into document.body through a portal (client only).
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocus,
  dismissible = true,
  className,
  'data-testid': testId,
}: ModalProps) {
  const { t } = useTranslation('ui');
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useFocusTrap(dialogRef, open && mounted, { onEscape: onClose, initialFocus });
  useScrollLock(open && mounted);

  if (!open || !mounted) return null;

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={cx(styles.dialog, styles[size], className)}
        data-testid={testId}
        tabIndex={-1}
      >
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
          <IconButton aria-label={t('close')} icon={<X />} size="sm" className={styles.close} onClick={onClose} />
        </div>
        {children ? <div className={styles.body}>{children}</div> : null}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
