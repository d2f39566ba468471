import { BlockList, isIP } from 'node:net';
import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import type * as GeoIpModule from 'geoip-lite';
import { isCountryCode } from '@cuewave/contract/billing';

/**
 * The visitor's country (spec §7 geolocation; decision 042). A CDN header wins because the CDN sees
 * the real client; otherwise GeoIP of request.ip (which honours X-Forwarded-For from trusted proxies).
 */

/** Headers that CDNs set to the client's ISO country, in the order we trust them. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'x-country-code'];

/** Cloudflare's "unknown" (XX) and "Tor" (T1) markers, and the other user-assigned placeholders. */
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ', 'EU', 'AP', 'A1', 'A2', 'O1']);

export function countryFromHeaders(headers: FastifyRequest['headers']): string | null {
  for (const name of COUNTRY_HEADERS) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (!value || NOT_A_COUNTRY.has(value) || !isCountryCode(value)) continue;
    return value;
  }
  return null;
}

/** Addresses GeoIP cannot place: loopback, private, link-local, CGNAT, unique-local, unspecified. */
const nonPublic = new BlockList();
nonPublic.addSubnet('0.0.0.0', 8, 'ipv4');
nonPublic.addSubnet('10.0.0.0', 8, 'ipv4');
nonPublic.addSubnet('100.64.0.0', 10, 'ipv4');
nonPublic.addSubnet('127.0.0.0', 8, 'ipv4');
nonPublic.addSubnet('169.254.0.0', 16, 'ipv4');
nonPublic.addSubnet('172.16.0.0', 12, 'ipv4');
nonPublic.addSubnet('192.168.0.0', 16, 'ipv4');
nonPublic.addSubnet('224.0.0.0', 3, 'ipv4');
nonPublic.addAddress('::', 'ipv6');
nonPublic.addAddress('::1', 'ipv6');
nonPublic.addSubnet('fc00::', 7, 'ipv6');
nonPublic.addSubnet('fe80::', 10, 'ipv6');
nonPublic.addSubnet('ff00::', 8, 'ipv6');

/** The IPv4 inside an IPv4-mapped IPv6 address (::ffff:1.2.3.4), which dual-stack sockets report. */
function unmap(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1]! : ip;
}

export function isPublicIp(ip: string): boolean {
  const address = unmap(ip);
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type GeoIp = typeof GeoIpModule;
let geoip: GeoIp | undefined;

/**
 * geoip-lite reads its whole database (~100 MB) into memory when first required, so we require it
 * only when a request actually needs a lookup, not at start-up (and never in tests that stay local).
 */
function loadGeoIp(): GeoIp {
  geoip ??= createRequire(import.meta.url)('geoip-lite') as GeoIp;
  return geoip;
}

export function countryFromIp(ip: string): string | null {
  if (!isPublicIp(ip)) return null;
  const country = loadGeoIp().lookup(unmap(ip))?.country?.toUpperCase();
  return country && isCountryCode(country) ? country : null;
}

/** ISO 3166-1 alpha-2 (upper case) of the client, or null when neither the CDN nor GeoIP knows. */
export function requestCountry(request: FastifyRequest): string | null {
  return countryFromHeaders(request.headers) ?? countryFromIp(request.ip);
}

/** Whether geoip-lite has been loaded; lets a test prove the lazy load. */
export function geoIpLoaded(): boolean {
  return geoip !== undefined;
}
