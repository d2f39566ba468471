import type { Geolocation } from '@cuewave/contract/billing';
import { apiGet } from '../../lib/api';
import { readCookie, serializeCookie } from '../../lib/cookies';
import { COUNTRY_COOKIE, editionRedirect, rememberedEdition, UNKNOWN_COUNTRY } from './edition-choice';

/** The CDN country headers the API trusts (server/src/features/billing/geolocation.ts), read here first. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'x-country-code'];
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ', 'EU', 'AP', 'A1', 'A2', 'O1']);
/** GeoIP loads its database on first use; a page never waits longer than this for it. */
const LOOKUP_TIMEOUT_MS = 1500;

function countryFromHeaders(headers: Headers): string | null {
  for (const name of COUNTRY_HEADERS) {
    const value = headers.get(name)?.trim().toUpperCase();
    if (value && /^[A-Z]{2}$/.test(value) && !NOT_A_COUNTRY.has(value)) return value;
  }
  return null;
}

/**
 * The visitor's country: a CDN header costs nothing; otherwise GET /v1/geolocation (GeoIP of the
 * forwarded address), once per browser session thanks to a session cookie.
 */
async function lookUpCountry(request: Request, setCookies: Headers): Promise<string | null> {
  const fromCdn = countryFromHeaders(request.headers);
  if (fromCdn) return fromCdn;
  const cached = readCookie(request.headers.get('cookie'), COUNTRY_COOKIE);
  if (cached && /^[A-Z]{2}$/.test(cached)) return cached === UNKNOWN_COUNTRY ? null : cached;
  const country = await apiGet<Geolocation>('/v1/geolocation', {
    request,
    signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
  }).then(
    (geo) => geo.countryCode,
    () => undefined,
  );
  // A failed lookup is not remembered: the next page asks again.
  if (country !== undefined)
    setCookies.append('Set-Cookie', serializeCookie(COUNTRY_COOKIE, country ?? UNKNOWN_COUNTRY));
  return country ?? null;
}

/**
 * For the root loader: the edition redirect of this request (or null), and any cookie to set on the
 * response (the cached country).
 */
export async function editionRedirectFor(
  request: Request,
  isBot: boolean,
): Promise<{ target: string | null; headers: Headers }> {
  const url = new URL(request.url);
  const headers = new Headers();
  const cookie = request.headers.get('cookie');
  const target = await editionRedirect({
    pathname: url.pathname,
    search: url.search,
    remembered: rememberedEdition(cookie),
    isBot,
    country: () => lookUpCountry(request, headers),
  });
  return { target, headers };
}
