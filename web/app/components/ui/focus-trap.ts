import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Focusable descendants in tab order, skipping hidden ones. */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) =>
      !el.hasAttribute('inert') && !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true' && isVisible(el),
  );
}

function isVisible(el: HTMLElement): boolean {
  // jsdom has no layout; treat everything as visible there.
  if (typeof el.getClientRects !== 'function' || el.getClientRects().length === 0) {
    return typeof navigator !== 'undefined' && /jsdom/i.test(navigator.userAgent);
  }
  return getComputedStyle(el).visibility !== 'hidden';
}

type FocusTrapOptions = {
  /** Called on Escape. */
  onEscape?: () => void;
  /** Element to focus first; defaults to the first focusable element, else the container. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Give focus back to whatever had it before the trap was activated (default true). */
  returnFocus?: boolean;
};

/**
 * Keeps Tab / Shift+Tab inside `ref` while `active`, closes on Escape, and restores focus to the
 * previously focused element when deactivated. Used by Modal and the full-screen navigation.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, options: FocusTrapOptions = {}) {
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (!active) return;
    const container = ref.current;
    if (!container) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;

    const initial = optionsRef.current.initialFocus?.current ?? focusableWithin(container)[0] ?? container;
    if (initial === container && !container.hasAttribute('tabindex')) container.setAttribute('tabindex', '-1');
    initial.focus({ preventScroll: true });

    function onKeyDown(event: KeyboardEvent) {
      if (!container) return;
      if (event.key === 'Escape') {
        if (optionsRef.current.onEscape) {
          event.stopPropagation();
          optionsRef.current.onEscape();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableWithin(container);
      if (items.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const current = document.activeElement as HTMLElement | null;
      const inside = current ? container.contains(current) : false;
      if (event.shiftKey && (current === first || !inside || current === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }

    // Focus that escapes (e.g. a click on the backdrop's page) is pulled back in.
    function onFocusIn(event: FocusEvent) {
      if (!container) return;
      const target = event.target as Node | null;
      if (target && !container.contains(target)) {
        (focusableWithin(container)[0] ?? container).focus({ preventScroll: true });
      }
    }

    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      if (optionsRef.current.returnFocus !== false && previouslyFocused && document.contains(previouslyFocused)) {
        previouslyFocused.focus({ preventScroll: true });
      }
    };
  }, [active, ref]);
}

let lockCount = 0;
let savedPaddingRight = '';

/** Locks body scroll while active (nesting-safe), compensating for the vanished scrollbar. */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const body = document.body;
    if (lockCount === 0) {
      const scrollbar = window.innerWidth - document.documentElement.clientWidth;
      savedPaddingRight = body.style.paddingRight;
      if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
      body.dataset.scrollLocked = 'true';
    }
    lockCount += 1;
    return () => {
      lockCount -= 1;
      if (lockCount === 0) {
        delete body.dataset.scrollLocked;
        body.style.paddingRight = savedPaddingRight;
      }
    };
  }, [active]);
}
