import type { LegalFacts } from '@cuewave/contract/contact';
import { LANGUAGE_LOCALES, type Language } from '../../i18n/languages';
import { apiGet } from '../../lib/api';

/** GET /v1/site/legal: the seller and this installation's processors (decision 069). */
export const getLegalFacts = (request: Request) => apiGet<LegalFacts>('/v1/site/legal', { request });

/** The date the legal texts last changed in substance; shown on the pages. */
export const LEGAL_UPDATED = '2026-11-26';

/** That date written out in the page's language: "November 26, 2026", "26 listopada 2026". */
export function legalUpdated(language: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(LEGAL_UPDATED),
  );
}
