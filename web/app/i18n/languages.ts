/**
 * The languages the store speaks and how a visitor's is chosen (issue 15, decision 075): the language
 * cookie (spec §9: 365 days, path '/'), else the browser's Accept-Language, else English. The rule
 * lives in the contract (decision 076), so the API picks the same language for emails, PDFs and error
 * messages; this module is what the server entry, the root layout and the switcher read.
 */
import { chooseLanguage, type Language } from '@cuewave/contract/languages';

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGE_LOCALES,
  LANGUAGE_NAMES,
  LANGUAGES,
  languageFromAcceptLanguage,
  languageFromCookie,
  type Language,
} from '@cuewave/contract/languages';

/** The page's language for a request: cookie, then browser, then English. */
export function requestLanguage(headers: Headers): Language {
  return chooseLanguage(headers.get('cookie'), headers.get('accept-language'));
}
