import { useEffect, useState } from 'react';

/** The header's search icon appears after this much scroll (spec §9). */
export const SEARCH_ICON_SCROLL_Y = 100;
/** Ignore jitter smaller than this, so trackpad noise doesn't flicker the header. */
export const SCROLL_DELTA = 6;

export type HeaderScrollState = {
  /** Header slid out of view (scrolling down). */
  hidden: boolean;
  /** The page is scrolled past the top: the header gets its solid background. */
  scrolled: boolean;
  showSearchIcon: boolean;
  lastY: number;
};

export const initialHeaderScroll: HeaderScrollState = {
  hidden: false,
  scrolled: false,
  showSearchIcon: false,
  lastY: 0,
};

/**
 * Hides when scrolling down, reappears when scrolling up (spec §2). Near the top (within the
 * header's own height) it is always shown.
 */
export function nextHeaderScroll(prev: HeaderScrollState, y: number, headerHeight: number): HeaderScrollState {
  const scrollY = Math.max(0, y);
  const delta = scrollY - prev.lastY;
  let hidden = prev.hidden;
  let lastY = prev.lastY;
  if (scrollY <= headerHeight) {
    hidden = false;
    lastY = scrollY;
  } else if (Math.abs(delta) >= SCROLL_DELTA) {
    hidden = delta > 0;
    lastY = scrollY;
  }
  const next = { hidden, scrolled: scrollY > 0, showSearchIcon: scrollY > SEARCH_ICON_SCROLL_Y, lastY };
  return next.hidden === prev.hidden &&
    next.scrolled === prev.scrolled &&
    next.showSearchIcon === prev.showSearchIcon &&
    next.lastY === prev.lastY
    ? prev
    : next;
}

/** Tracks window scroll; `frozen` keeps the header shown (e.g. while its menu is open). */
export function useHeaderScroll(headerHeight = 64, frozen = false): HeaderScrollState {
  const [state, setState] = useState(initialHeaderScroll);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setState((prev) => nextHeaderScroll(prev, window.scrollY, headerHeight));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [headerHeight]);
  return frozen && state.hidden ? { ...state, hidden: false } : state;
}
