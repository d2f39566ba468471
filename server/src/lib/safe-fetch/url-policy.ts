import { SafeFetchError } from './errors';

const MAX_URL_LENGTH = 4096;

// Names that are local by definition (RFC 6761, RFC 8375) or by cloud convention; refused before any DNS
// query, so a resolver's search domains or /etc/hosts cannot turn them into internal hosts.
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain'];

/** Parses a user-typed string; refuses what is not an absolute http(s) URL safe to ask for. */
export function parseUserUrl(input: unknown, allowedPorts: readonly number[] | 'any'): URL {
  if (typeof input !== 'string' || input.length > MAX_URL_LENGTH) throw new SafeFetchError('invalid-url');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new SafeFetchError('invalid-url');
  }
  return checkUrl(url, allowedPorts);
}

/** The same rules for a redirect target (already resolved against the page that sent it). */
export function checkUrl(url: URL, allowedPorts: readonly number[] | 'any'): URL {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('scheme-not-allowed', url.protocol);
  if (url.username || url.password) throw new SafeFetchError('credentials-in-url');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (allowedPorts !== 'any' && !allowedPorts.includes(port))
    throw new SafeFetchError('port-not-allowed', String(port));
  const host = hostOf(url).replace(/\.$/, '');
  if (!host) throw new SafeFetchError('invalid-url');
  const isName = !host.includes(':') && !/^[\d.]+$/.test(host);
  // A single-label name ("intranet", "metadata") is completed by the resolver's search domains.
  if (isName && (host === 'localhost' || !host.includes('.') || LOCAL_SUFFIXES.some((s) => host.endsWith(s)))) {
    throw new SafeFetchError('private-address', `local name ${host}`);
  }
  url.hash = ''; // never sent; keeps the reported final URL clean
  return url;
}

/** Host name or literal IP without IPv6 brackets (WHATWG URL already turned 0x7f.1 into 127.0.0.1). */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');
