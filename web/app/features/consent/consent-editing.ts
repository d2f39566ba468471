import { useSyncExternalStore } from 'react';

/**
 * Whether the visitor reopened the settings (spec §2: the overlay also shows "while cookies are being
 * edited"). Page-local UI state shared by the footer's "Cookie settings" button and the overlay, which
 * sit in different subtrees of the root shell; nothing here outlives the page.
 */
let editing = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (editing === next) return;
  editing = next;
  for (const listener of listeners) listener();
}

export const openCookieSettings = () => set(true);
export const closeCookieSettings = () => set(false);

export function useCookieSettingsEditing(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => editing,
    () => false,
  );
}
