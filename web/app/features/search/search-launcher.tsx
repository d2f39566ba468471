import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isSearchShortcut } from './search-keyboard';
import { closeSearch, openSearch, useSearchOpen } from './search-open-store';
import { isSearchHiddenPath, urlWantsSearch } from './search-keys';

/** The overlay is code-split: it loads the first time search opens (or a URL asks for a search). */
const SearchOverlay = lazy(() => import('./search-overlay'));

/** Starts loading the overlay's code early, e.g. when the pointer reaches the header's search bar. */
export function preloadSearchOverlay(): void {
  void import('./search-overlay');
}

/**
 * Item 5 of the root shell (spec §2): the full-screen search overlay. It opens from the header, from
 * "/" anywhere outside a text field, and from a URL whose ?searchQuery= is not blank (or that holds a
 * shared filter-only search) — on the server render too. It is never shown on a path containing
 * "register", and visiting the login page closes it.
 */
export function SearchLauncher() {
  const location = useLocation();
  const { open, seq } = useSearchOpen();
  const hidden = isSearchHiddenPath(location.pathname);
  const wanted = !hidden && urlWantsSearch(location.search);
  // Until the first effect runs (server render, hydration) the URL alone decides.
  const synced = useRef(false);

  // Every navigation the router makes (a link, back/forward, a shared URL) decides again from the URL.
  // The overlay's own URL updates don't go through the router, so they never land here.
  useEffect(() => {
    synced.current = true;
    if (wanted) openSearch();
    else closeSearch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, location.pathname, hidden]);

  useEffect(() => {
    if (hidden) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      openSearch();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [hidden]);

  const show = !hidden && (open || (!synced.current && wanted));
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SearchOverlay openSeq={seq} />
    </Suspense>
  );
}
