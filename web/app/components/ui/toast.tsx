import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cx } from './cx';
import styles from './toast.module.css';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export type Toast = { id: number; type: ToastType; message: string };

export type ToastApi = {
  success(message: string): void;
  error(message: string): void;
  warning(message: string): void;
  info(message: string): void;
};

/** Application-level toast settings (spec §9): 2000 ms, top-right, no icon, no progress bar, at most 2. */
export const TOAST_DURATION_MS = 2000;
export const TOAST_MAX_VISIBLE = 2;

const ToastContext = createContext<ToastApi | null>(null);

const noop: ToastApi = { success() {}, error() {}, warning() {}, info() {} };

/** Toasts of the nearest ToastProvider (mounted in root.tsx); outside one, calls do nothing. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? noop;
}

/**
 * Holds the toasts and renders the stack. Newest on top; a third toast pushes the oldest out. Each
 * closes after 2 s, but the timer waits while the pointer or keyboard focus is on it, so nobody
 * loses a message they are reading (WCAG 2.2.1). Messages are announced through live regions that
 * stay in the page: polite for success, info and warning, assertive for errors.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  const show = useCallback((type: ToastType, message: string) => {
    const toast = { id: nextId.current++, type, message };
    setToasts((list) => [...list, toast].slice(-TOAST_MAX_VISIBLE));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      warning: (message) => show('warning', message),
      info: (message) => show('info', message),
    }),
    [show],
  );

  const newestFirst = [...toasts].reverse();
  return (
    <ToastContext.Provider value={api}>
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
        <section className={styles.stack} aria-label="Notifications" data-testid="toasts">
          <ol role="list" className={styles.list}>
            {newestFirst.map((toast) => (
              <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
          </ol>
        </section>
      ) : null}
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(400, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id, onDismiss]);

  return (
    <li
      className={cx(styles.toast, styles[toast.type])}
      data-type={toast.type}
      data-testid="toast"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* Announced by the live regions above; hidden here so screen readers don't read it twice. */}
      <p className={styles.message} aria-hidden="true">
        {toast.message}
      </p>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={`Dismiss: ${toast.message}`}
        onClick={() => onDismiss(toast.id)}
      >
        <X aria-hidden="true" />
      </button>
    </li>
  );
}
