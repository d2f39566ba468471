import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export type Edition = 'us' | 'eu';

const EditionContext = createContext<Edition | null>(null);

/** Set by layouts/us-edition.tsx for everything under /us. */
export function EditionProvider({ edition, children }: { edition: Edition; children: ReactNode }) {
  return <EditionContext.Provider value={edition}>{children}</EditionContext.Provider>;
}

const US_PREFIX = /^\/us(?=\/|$)/;

export function editionOfPath(pathname: string): Edition {
  return US_PREFIX.test(pathname) ? 'us' : 'eu';
}

/**
 * The regional edition of the current page. Inside the /us route tree it comes from the
 * us-edition layout; parts of the shell outside the routed outlet (player, error page) read it
 * from the URL.
 */
export function useEdition(): Edition {
  const fromContext = useContext(EditionContext);
  const { pathname } = useLocation();
  return fromContext ?? editionOfPath(pathname);
}

/**
 * Pages that have a /us variant in spec §2: licences, home, terms, privacy and the register pages
 * signup, verify-email, trial, verify-phone, select-plan, plans, add-phone and details. Every other
 * page has one address for both editions.
 */
const US_PATHS = new Set([
  '/',
  '/licenses',
  '/terms-conditions',
  '/privacy-policy',
  '/register/signup',
  '/register/verify-email',
  '/register/trial',
  '/register/verify-phone',
  '/register/select-plan',
  '/register/plans',
  '/register/add-phone',
  '/register/details',
]);

/** `path` as it should be linked from a page of `edition` (query and hash are kept). */
export function localizedPath(path: string, edition: Edition): string {
  if (edition !== 'us' || !path.startsWith('/') || US_PREFIX.test(path)) return path;
  const match = /^([^?#]*)(.*)$/.exec(path);
  const bare = match?.[1] ?? path;
  const rest = match?.[2] ?? '';
  const normalized = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
  if (!US_PATHS.has(normalized)) return path;
  return (normalized === '/' ? '/us' : `/us${normalized}`) + rest;
}

/** `localizedPath` bound to the current page's edition. */
export function useLocalizedPath(): (path: string) => string {
  const edition = useEdition();
  return useCallback((path: string) => localizedPath(path, edition), [edition]);
}
