/**
 * The languages the store speaks and how a visitor's is chosen (issue 15, decisions 075 and 076): the
 * `lang` cookie (spec §9: 365 days, path '/'), else the best-ranked Accept-Language entry the store
 * speaks, else English. A leaf module without zod: the web's pages and the API's emails, PDFs and
 * error messages choose the language by this one rule.
 */

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

/** The raw value of the language cookie in a Cookie header, or null. */
function languageCookieValue(cookieHeader: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== LANGUAGE_COOKIE) continue;
    const raw = rest.join('=');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The cookie's language, or null when it is missing or names a language the store does not speak. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null;
  const value = languageCookieValue(cookieHeader)?.trim().toLowerCase();
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

/** A request's language from its two headers: cookie, then browser, then English. */
export function chooseLanguage(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  return languageFromCookie(cookieHeader) ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
