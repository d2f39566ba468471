import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Spinner } from './spinner';
import styles from './lazy-part.module.css';

export type LazyPart<P extends object> = ComponentType<P> & {
  /** Fetches the code now (e.g. when the pointer reaches the button that shows the part); settles when it is here. */
  preload: () => Promise<void>;
};

/**
 * A part of the page that only shows after an interaction (a dialog, a menu, the player's controls),
 * kept out of the page's first-load script (issue 15). Its code is fetched the first time it renders
 * or on `preload()`; until then `fallback` stands in. Once the code is here it renders at once, with
 * no suspension, like any other component.
 *
 * Render it only after the interaction (when its open state is true), never on the server: markup the
 * server rendered must hydrate without waiting for a chunk.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  function LazyPartOf(props: P) {
    // Chosen once per mount: switching between the two would remount the part and lose its state.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  // A failed preload is not reported here: showing the part meets the same failure and reports it.
  return Object.assign(LazyPartOf, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/** `lazyPart` for a dialog: while its code loads on the first open, a spinner says so, so the click always answers. */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  return lazyPart(load, <DialogLoading />);
}

/**
 * What shows while a dialog's code loads: a spinner in the middle of the screen. It fades in after a
 * moment (CSS), so a fast load shows nothing at all. No suspense for the `ui` texts: this is itself
 * the fallback of a suspended tree.
 */
export function DialogLoading() {
  const { t } = useTranslation('ui', { useSuspense: false });
  if (typeof document === 'undefined') return null;
  return createPortal(
    <div className={styles.loading} data-testid="dialog-loading">
      <Spinner size="lg" label={t('loading')} />
    </div>,
    document.body,
  );
}
