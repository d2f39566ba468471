import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Context,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';
import styles from './toast.module.css';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** A button inside the toast (e.g. Undo); pressing it runs onClick and closes the toast. */
export type ToastAction = { label: string; onClick: () => void };

export type ToastOptions = { action?: ToastAction };

export type Toast = { id: number; type: ToastType; message: string; action?: ToastAction };

export type ToastApi = {
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  warning(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
};

/** How a toast stack behaves (spec §9 gives two sets: application-level and catalogue-area). */
export type ToastConfig = {
  durationMs: number;
  maxVisible: number;
  /** A sideways drag longer than this share of the toast's width dismisses it; null: no dragging. */
  dragDismissRatio: number | null;
};

/** Application-level toast settings (spec §9): 2000 ms, top-right, no icon, no progress bar, at most 2. */
export const TOAST_DURATION_MS = 2000;
export const TOAST_MAX_VISIBLE = 2;
export const APP_TOASTS: ToastConfig = {
  durationMs: TOAST_DURATION_MS,
  maxVisible: TOAST_MAX_VISIBLE,
  dragDismissRatio: null,
};

/** Catalogue-area toast settings (spec §9): 5000 ms, top-right, drag dismiss at 60 percent, up to 20, newest on top. */
export const CATALOG_TOASTS: ToastConfig = { durationMs: 5000, maxVisible: 20, dragDismissRatio: 0.6 };

const ToastContext = createContext<ToastApi | null>(null);
const CatalogToastContext = createContext<ToastApi | null>(null);

const noop: ToastApi = { success() {}, error() {}, warning() {}, info() {} };

/** Toasts of the nearest ToastProvider (mounted in root.tsx); outside one, calls do nothing. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? noop;
}

/**
 * Toasts of the catalogue area (favourites, playlists): the CatalogToastProvider's stack, with the
 * catalogue settings; outside one, calls do nothing.
 */
export function useCatalogToast(): ToastApi {
  return useContext(CatalogToastContext) ?? noop;
}

/**
 * Holds the toasts and renders the stack. Newest on top; a toast beyond the limit pushes the oldest
 * out. Each closes after 2 s, but the timer waits while the pointer or keyboard focus is on it, so
 * nobody loses a message they are reading (WCAG 2.2.1). Messages are announced through live regions
 * that stay in the page: polite for success, info and warning, assertive for errors.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui');
  return (
    <ToastHost context={ToastContext} config={APP_TOASTS} label={t('toasts.app')}>
      {children}
    </ToastHost>
  );
}

/** The catalogue area's own stack (spec §9 catalogue-area settings), beside the application one. */
export function CatalogToastProvider({
  children,
  config = CATALOG_TOASTS,
}: {
  children: ReactNode;
  config?: ToastConfig;
}) {
  const { t } = useTranslation('ui');
  return (
    <ToastHost context={CatalogToastContext} config={config} label={t('toasts.catalog')} testId="catalog-toasts">
      {children}
    </ToastHost>
  );
}

function ToastHost({
  context: Ctx,
  config,
  label,
  testId = 'toasts',
  children,
}: {
  context: Context<ToastApi | null>;
  config: ToastConfig;
  label: string;
  testId?: string;
  children: ReactNode;
}) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const max = config.maxVisible;

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const show = useCallback(
    (type: ToastType, message: string, options?: ToastOptions) => {
      const toast = { id: nextId.current++, type, message, action: options?.action };
      setToasts((list) => [...list, toast].slice(-max));
    },
    [max],
  );

  const api = useMemo<ToastApi>(
    () => ({
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      warning: (message, options) => show('warning', message, options),
      info: (message, options) => show('info', message, options),
    }),
    [show],
  );

  const newestFirst = [...toasts].reverse();
  return (
    <Ctx.Provider value={api}>
      {children}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="false">
        {toasts
          .filter((toast) => toast.type !== 'error')
          .map((toast) => (
            <p key={toast.id}>{toast.message}</p>
          ))}
      </div>
      <div className="visually-hidden" role="alert" aria-live="assertive" aria-atomic="false">
        {toasts
          .filter((toast) => toast.type === 'error')
          .map((toast) => (
            <p key={toast.id}>{toast.message}</p>
          ))}
      </div>
      {toasts.length ? (
        <section className={styles.stack} aria-label={label} data-testid={testId}>
          <ol role="list" className={styles.list}>
            {newestFirst.map((toast) => (
              <ToastItem key={toast.id} toast={toast} config={config} onDismiss={dismiss} />
            ))}
          </ol>
        </section>
      ) : null}
    </Ctx.Provider>
  );
}

/** Whether a finished sideways drag dismisses the toast (past the configured share of its width). */
export function dragDismisses(distance: number, width: number, ratio: number | null): boolean {
  return ratio !== null && width > 0 && Math.abs(distance) >= width * ratio;
}

function ToastItem({
  toast,
  config,
  onDismiss,
}: {
  toast: Toast;
  config: ToastConfig;
  onDismiss: (id: number) => void;
}) {
  const { t } = useTranslation('ui');
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(config.durationMs);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(400, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id, onDismiss]);

  const draggable = config.dragDismissRatio !== null;
  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    // Buttons inside keep their clicks; only the toast's body starts a drag.
    if (!draggable || (event.target as HTMLElement).closest('button')) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    setOffset(event.clientX - drag.current.startX);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const distance = event.clientX - drag.current.startX;
    drag.current = null;
    if (dragDismisses(distance, event.currentTarget.offsetWidth, config.dragDismissRatio)) onDismiss(toast.id);
    else setOffset(0);
  };

  return (
    <li
      className={cx(styles.toast, styles[toast.type], draggable && styles.draggable, offset !== 0 && styles.dragging)}
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - Math.abs(offset) / 400) }
          : undefined
      }
      data-type={toast.type}
      data-testid="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {/* Announced by the live regions above; hidden here so screen readers don't read it twice. */}
      <p className={styles.message} aria-hidden="true">
        {toast.message}
      </p>
      {toast.action ? (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            toast.action?.onClick();
            onDismiss(toast.id);
          }}
          data-testid="toast-action"
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('toasts.dismiss', { message: toast.message })}
        onClick={() => onDismiss(toast.id)}
      >
        <X aria-hidden="true" />
      </button>
    </li>
  );
}
