import { useSyncExternalStore } from 'react';

/** What the Network Information API tells about the visitor's connection (Chromium; absent elsewhere). */
export type ConnectionInfo = { saveData?: boolean; effectiveType?: string };

type ConnectionSource = {
  connection?: ConnectionInfo & Partial<Pick<EventTarget, 'addEventListener' | 'removeEventListener'>>;
};

/**
 * Spec §9: links prefetch, except when the visitor asked to save data or the connection is 2g: there a
 * hover that loads a page's code and data the visitor may never open costs them what they asked to keep.
 * Unknown connections (Firefox, Safari) prefetch.
 */
export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

const browserConnection = (): ConnectionSource['connection'] =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & ConnectionSource).connection;

function subscribe(onChange: () => void): () => void {
  const connection = browserConnection();
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

/**
 * The `prefetch` of React Router links: 'intent' (code and data loaded on hover or focus) unless the
 * connection says not to, followed live (a phone that drops to 2g stops prefetching). The server
 * renders 'intent', which writes nothing into the markup, so hydration never differs.
 */
export function useLinkPrefetch(): 'intent' | 'none' {
  const allowed = useSyncExternalStore(
    subscribe,
    () => prefetchAllowed(browserConnection()),
    () => true,
  );
  return allowed ? 'intent' : 'none';
}
