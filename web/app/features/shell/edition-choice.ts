import { readCookie } from '../../lib/cookies';
import { editionOfPath, localizedPath, type Edition } from './edition';
import { stripEdition } from './paths';

/**
 * Which regional edition a visitor sees (spec §1: "chosen from the visitor's country"; decision 053).
 * The choice made with the footer's switch is remembered for a year and always wins; without one, a
 * visitor from the US who opens a page that has a /us variant is sent there. A /us address is never
 * taken away from anyone: it is what they opened.
 */

/** The remembered choice of the footer's switch. */
export const EDITION_COOKIE = 'cw_edition';
export const EDITION_COOKIE_DAYS = 365;
/** The visitor's country for this browser session, so the lookup is made once, not on every page. */
export const COUNTRY_COOKIE = 'cw_country';
/** Stored when nobody knows the country (a private address, no CDN header). */
export const UNKNOWN_COUNTRY = 'XX';

export function rememberedEdition(cookieHeader: string | null): Edition | null {
  const value = readCookie(cookieHeader, EDITION_COOKIE);
  return value === 'us' || value === 'eu' ? value : null;
}

export function isEdition(value: unknown): value is Edition {
  return value === 'us' || value === 'eu';
}

/** The edition a country belongs to: the US edition for the United States, Europe for the rest. */
export function editionOfCountry(country: string | null): Edition {
  return country?.toUpperCase() === 'US' ? 'us' : 'eu';
}

function splitPath(path: string): { pathname: string; rest: string } {
  const match = /^([^?#]*)(.*)$/.exec(path);
  return { pathname: match?.[1] || '/', rest: match?.[2] ?? '' };
}

/** The address of `path` (pathname, query, hash) in `edition`: /us is added only where a US variant exists. */
export function pathInEdition(path: string, edition: Edition): string {
  const { pathname, rest } = splitPath(path);
  const bare = stripEdition(pathname) + rest;
  return edition === 'us' ? localizedPath(bare, 'us') : bare;
}

export type EditionInput = {
  pathname: string;
  search: string;
  remembered: Edition | null;
  isBot: boolean;
  /** Asked only when the rule needs it (a lookup can cost a call to the API). */
  country: () => Promise<string | null>;
};

/** Where to send a request for the visitor's edition, or null to render the page as asked. */
export async function editionRedirect(input: EditionInput): Promise<string | null> {
  const { pathname, search, remembered } = input;
  if (editionOfPath(pathname) === 'us') return null;
  const here = pathname + search;
  const target = pathInEdition(here, 'us');
  if (target === here) return null; // no US variant of this page
  if (remembered) return remembered === 'us' ? target : null;
  // Crawlers index both editions by their own addresses; sending them away would hide the EU one.
  if (input.isBot) return null;
  return editionOfCountry(await input.country()) === 'us' ? target : null;
}

/**
 * A same-site path to return to after switching, from a form field: anything else (another host,
 * `//evil`, a backslash trick) becomes the home page, so the switch can't be an open redirect.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  try {
    const url = new URL(value, 'http://local');
    return url.host === 'local' ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}
