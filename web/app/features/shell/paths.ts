/** Path predicates for the shell's rules (spec §2). All accept paths with or without the /us prefix. */

export function stripEdition(pathname: string): string {
  if (pathname === '/us' || pathname === '/us/') return '/';
  return pathname.startsWith('/us/') ? pathname.slice(3) : pathname;
}

function startsWithSegment(path: string, segment: string): boolean {
  return path === segment || path.startsWith(segment + '/');
}

/**
 * Entering auth, dashboard or registration pages stops playback, clears the current product and
 * playlist and closes the player (spec §2, Navigation rules).
 */
export function isPlayerClosingPath(pathname: string): boolean {
  const path = stripEdition(pathname);
  return ['/auth', '/dashboard', '/register'].some((segment) => startsWithSegment(path, segment));
}
