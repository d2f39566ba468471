/**
 * The languages the store speaks and how a visitor's is chosen (issue 15, decision 075): the language
 * cookie (spec §9: 365 days, path '/'), else the browser's Accept-Language, else English. A leaf
 * module: the server entry, the root layout and the switcher all read it.
 */
import { readCookie } from '../lib/cookies';

export const LANGUAGES = ['en', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_DAYS = 365;

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', pl: 'Polski' };

/** BCP 47 tags for Intl formatting (prices, dates, numbers). */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-GB', pl: 'pl-PL' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The cookie's language, or null when it is missing or names a language the store does not speak. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  const value = readCookie(cookieHeader, LANGUAGE_COOKIE)?.trim().toLowerCase();
  return isLanguage(value) ? value : null;
}

/** The first language of Accept-Language (by q, then order) that the store speaks; 'pl-PL' counts as pl. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        base: tag.trim().toLowerCase().split('-')[0] ?? '',
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.base && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? null;
}

/** The page's language for a request: cookie, then browser, then English. */
export function requestLanguage(headers: Headers): Language {
  return (
    languageFromCookie(headers.get('cookie')) ??
    languageFromAcceptLanguage(headers.get('accept-language')) ??
    DEFAULT_LANGUAGE
  );
}
