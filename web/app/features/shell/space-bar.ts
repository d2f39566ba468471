import { useEffect, useRef } from 'react';

/**
 * Elements whose own space-bar behaviour must survive (spec §2): form fields, buttons, links,
 * media, anything with a role, a tabindex, a click handler or the data-keyboard-listener marker.
 */
const INTERACTIVE_SELECTOR = [
  'input',
  'textarea',
  'select',
  'option',
  'button',
  'a[href]',
  'area[href]',
  'label',
  'summary',
  'audio',
  'video',
  'iframe',
  'embed',
  'object',
  '[contenteditable]:not([contenteditable="false"])',
  '[role]',
  '[tabindex]',
  '[onclick]',
  '[data-keyboard-listener]',
].join(',');

/**
 * True when a space press on `target` belongs to that element (or an interactive ancestor), so the
 * page must not interfere. React registers click handlers on the root, not on elements, so an
 * `onClick` prop is detected through the props React keeps on the DOM node; elements that listen
 * for keys some other way should carry `data-keyboard-listener`.
 */
export function isInteractiveTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  let el: Element | null = target as Element;
  if (el === document.body || el === document.documentElement) return false;
  if (el.closest(INTERACTIVE_SELECTOR)) return true;
  while (el && el !== document.body) {
    if (hasReactClickHandler(el)) return true;
    el = el.parentElement;
  }
  return false;
}

function hasReactClickHandler(el: Element): boolean {
  for (const key of Object.keys(el)) {
    if (key.startsWith('__reactProps$')) {
      const props = (el as unknown as Record<string, { onClick?: unknown } | undefined>)[key];
      return typeof props?.onClick === 'function';
    }
  }
  return false;
}

export function isSpaceKey(event: KeyboardEvent): boolean {
  return (event.key === ' ' || event.code === 'Space') && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * The space-bar rule: outside interactive elements the page doesn't scroll on space; when the
 * player is open the press toggles play/pause instead (docs/decisions/011-space-bar.md).
 */
export function useSpaceBarRule(onSpace: (() => boolean) | null) {
  const handlerRef = useRef(onSpace);
  handlerRef.current = onSpace;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSpaceKey(event) || event.defaultPrevented) return;
      if (isInteractiveTarget(event.target)) return;
      event.preventDefault();
      if (!event.repeat) handlerRef.current?.();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
