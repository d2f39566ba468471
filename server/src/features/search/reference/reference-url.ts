import type { StreamingService } from '@cuewave/contract/reference';

/**
 * What a pasted link points at, from its text alone (no fetching): one of our own tracks, a page of a
 * streaming or video site, or something else (perhaps an audio file; only its bytes can tell).
 */
export type LinkTarget =
  | { kind: 'product'; productId: string }
  | { kind: 'streaming'; service: StreamingService; url: URL }
  | { kind: 'other'; url: URL }
  | { kind: 'invalid' };

/** Host names (and their subdomains) of each streaming service, as their share links use them. */
const SERVICE_HOSTS: [StreamingService, string[]][] = [
  ['youtube', ['youtube.com', 'youtu.be', 'youtube-nocookie.com']],
  ['spotify', ['spotify.com', 'spotify.link']],
  ['soundcloud', ['soundcloud.com', 'snd.sc']],
  ['apple-music', ['music.apple.com', 'itunes.apple.com', 'geo.music.apple.com']],
  ['deezer', ['deezer.com', 'deezer.page.link', 'dzr.page.link']],
  ['tiktok', ['tiktok.com']],
  ['vimeo', ['vimeo.com']],
];

export function streamingServiceOf(hostname: string): StreamingService | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const [service, hosts] of SERVICE_HOSTS) {
    if (hosts.some((h) => host === h || host.endsWith(`.${h}`))) return service;
  }
  return null;
}

// Our song pages in every edition and the old /catalog prefix, and the API's product URLs (with or
// without the /api mount). Sound effects have no page of their own; their API URL works.
const OWN_TRACK_PATHS = [
  /^\/(?:us\/)?c\/song\/([^/]+)\/?$/,
  /^\/catalog\/song\/([^/]+)\/?$/,
  /^\/(?:api\/)?v1\/product\/(?:music|sfx)\/([^/]+)\/?$/,
];

const PRODUCT_ID = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * @param ownHosts host names (lower case, with port when not default) this site answers on: the request's
 *   Host and PUBLIC_URL's. A bare path ("/c/song/abc") counts as ours too.
 */
export function classifyLink(input: string, ownHosts: ReadonlySet<string>): LinkTarget {
  const text = input.trim();
  if (text.startsWith('/') && !text.startsWith('//')) {
    const productId = ownTrackId(new URL(text, 'http://self.invalid'));
    return productId ? { kind: 'product', productId } : { kind: 'invalid' };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'invalid' };
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && ownHosts.has(url.host.toLowerCase())) {
    const productId = ownTrackId(url);
    if (productId) return { kind: 'product', productId };
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    const service = streamingServiceOf(url.hostname);
    if (service) return { kind: 'streaming', service, url };
  }
  return { kind: 'other', url };
}

function ownTrackId(url: URL): string | null {
  for (const pattern of OWN_TRACK_PATHS) {
    const m = pattern.exec(url.pathname);
    if (!m) continue;
    let id: string;
    try {
      id = decodeURIComponent(m[1]!);
    } catch {
      return null;
    }
    return PRODUCT_ID.test(id) ? id : null;
  }
  return null;
}
