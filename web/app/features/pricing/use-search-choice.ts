import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A choice that can live in the address (?currency=eur, ?period=monthly) so a reload or a shared
 * link shows the same prices. Changing it replaces the history entry and keeps the scroll: a toggle
 * is not a new page. Pages whose layouts re-check the session on every address change keep the
 * choice out of the address (sync: false) and only read it.
 *
 * The value is held in state as well: the address changes through an asynchronous navigation, and a
 * radio button or select bound only to it would snap back for a moment after each click.
 */
export function useSearchChoice(name: string, sync: boolean): [string | null, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(name);
  const [value, setValue] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  // The address changed by other means (a link, back and forward): it wins again.
  if (fromUrl !== seen) {
    setSeen(fromUrl);
    setValue(fromUrl);
  }
  const set = useCallback(
    (next: string) => {
      setValue(next);
      if (!sync) return;
      setParams(
        (previous) => {
          const updated = new URLSearchParams(previous);
          updated.set(name, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [name, setParams, sync],
  );
  return [value, set];
}

/** A route's shouldRevalidate: true unless only the listed search parameters changed. */
export function changedBeyond(current: URL, next: URL, names: readonly string[]): boolean {
  if (current.pathname !== next.pathname) return true;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    for (const name of names) params.delete(name);
    params.sort();
    return params.toString();
  };
  return strip(current) !== strip(next);
}
