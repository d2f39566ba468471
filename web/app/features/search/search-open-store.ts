import { useSyncExternalStore } from 'react';

/**
 * Whether the search overlay is open, shared by whatever opens it (the header's bar and icon, the
 * "/" shortcut, a URL with ?searchQuery=) and the overlay in the root shell. A tiny module store
 * rather than a context: the header lives in the layouts, the overlay in the root shell.
 * Browser-only: the server render decides from the URL alone (search-launcher.tsx).
 */
export type SearchOpenState = {
  open: boolean;
  /** Bumped on every opening, so the overlay can re-apply a prefill or refocus its prompt. */
  seq: number;
  /** Text to start with (typed into the header's bar); null keeps what the overlay has. */
  prefill: string | null;
  /** Where focus goes back to when the overlay closes. */
  opener: HTMLElement | null;
};

let state: SearchOpenState = { open: false, seq: 0, prefill: null, opener: null };
const listeners = new Set<() => void>();
const CLOSED: SearchOpenState = { open: false, seq: 0, prefill: null, opener: null };

function set(next: SearchOpenState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openSearch(options: { prefill?: string; opener?: HTMLElement | null } = {}): void {
  const active = typeof document !== 'undefined' ? (document.activeElement as HTMLElement | null) : null;
  set({
    open: true,
    seq: state.seq + 1,
    prefill: options.prefill ?? null,
    // Reopening while open keeps the first opener: that is where the user came from.
    opener: state.open ? state.opener : (options.opener ?? (active && active !== document.body ? active : null)),
  });
}

export function closeSearch(): void {
  if (!state.open) return;
  set({ ...state, open: false, prefill: null });
}

export function getSearchOpen(): SearchOpenState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchOpen(): SearchOpenState {
  return useSyncExternalStore(subscribe, getSearchOpen, () => CLOSED);
}

/** Tests only: back to closed. */
export function resetSearchOpen(): void {
  set({ open: false, seq: 0, prefill: null, opener: null });
}
