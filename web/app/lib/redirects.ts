/**
 * Server-side navigation rules of spec §2 as one pure function, applied by the root loader with a
 * 301 (and, for client-side navigation, by the small route modules under routes/redirects and a
 * check in the root component).
 *
 * All rules apply equally under the /us edition prefix, and they compose: `/catalog/genres/rock-&-roll`
 * goes straight to `/c/genres/rock-and-roll` in one hop. `pathname` is the raw (percent-encoded)
 * URL path; `search` is kept as it is.
 */
export function redirectFor(pathname: string, search: string): string | null {
  const { prefix, rest } = splitEdition(pathname);
  let path = rest;

  path = rewriteCatalogPrefix(path);
  path = path
    .split('/')
    .map((segment) => normalizeSegment(segment))
    .join('/');
  path = rewriteExact(path);

  if (path === rest) return null;
  const target = prefix && path === '/' ? prefix : prefix + path;
  return target + normalizeSearch(search);
}

function splitEdition(pathname: string): { prefix: '' | '/us'; rest: string } {
  if (pathname === '/us' || pathname === '/us/') return { prefix: '/us', rest: '/' };
  if (pathname.startsWith('/us/')) return { prefix: '/us', rest: pathname.slice(3) };
  return { prefix: '', rest: pathname };
}

/** The older /catalog/ prefix is rewritten to /c/; /catalog itself goes to the catalogue's first page. */
function rewriteCatalogPrefix(path: string): string {
  if (path === '/catalog' || path === '/catalog/') return '/c/genres';
  if (path.startsWith('/catalog/')) return '/c/' + path.slice('/catalog/'.length);
  return path;
}

// '&' in any spelling, with the separators around it (hyphens, spaces, encoded spaces).
const AMPERSAND = /(?:-|%20|\s|\+)*(?:&|%26)+(?:-|%20|\s|\+)*/gi;
// 'día' spelled raw or percent-encoded (either case of hex digits).
const DIA_DE_MUERTOS = /d(?:í|%C3%AD)a-de-muertos/gi;

/**
 * One path segment: '&' or '%26' becomes 'and' joined by hyphens, so `rock-&-roll`, `rock-%26-roll`,
 * `rock&roll` and `rock & roll` all become `rock-and-roll` (a slug never holds '&', so the hyphenated
 * form is the one that resolves). 'día-de-muertos' becomes 'dia-de-muertos'.
 */
function normalizeSegment(segment: string): string {
  if (!segment) return segment;
  let out = segment.replace(AMPERSAND, (match, offset: number, whole: string) => {
    const atStart = offset === 0;
    const atEnd = offset + match.length === whole.length;
    return `${atStart ? '' : '-'}and${atEnd ? '' : '-'}`;
  });
  out = out.replace(DIA_DE_MUERTOS, 'dia-de-muertos');
  return out;
}

function rewriteExact(path: string): string {
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  switch (bare) {
    case '/faq':
      return '/faq/rights';
    case '/auth':
      return '/auth/login';
    case '/direct-music-licensing':
      return '/';
    default:
      return path;
  }
}

function normalizeSearch(search: string): string {
  if (!search || search === '?') return '';
  return search.startsWith('?') ? search : `?${search}`;
}
