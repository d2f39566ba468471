import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import type { Resource } from 'i18next';
import { useNonce } from '../lib/nonce';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';

const SCRIPT_ID = 'page-texts';

export type PageTexts = { language: Language; resources: Resource };

/** The JSON the server wrote, kept so the browser's render of the element matches it. */
let written = '';

/**
 * The texts the server rendered this page with: the namespaces its components asked for
 * (react-i18next reports them as they render), in the page's language, as a JSON data block at the
 * end of the body. Everything that renders before this element in the document is covered; a part
 * rendered later (a modal, the search overlay) fetches its namespace when it first shows.
 */
export function PageTextsScript() {
  const { i18n } = useContext(I18nContext) ?? {};
  // A data block never runs, but it carries the page's nonce like every inline script of the page.
  const nonce = useNonce();
  let json = written;
  if (typeof document === 'undefined' && i18n) {
    const language = i18n.language;
    const namespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? [];
    const bundles = Object.fromEntries(namespaces.map((ns) => [ns, i18n.getResourceBundle(language, ns) ?? {}]));
    // '<' escaped so no text can close the element early.
    json = JSON.stringify({ language, resources: { [language]: bundles } }).replace(/</g, '\\u003c');
  }
  return (
    <script
      id={SCRIPT_ID}
      type="application/json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** In the browser, before hydration: what the server wrote (an unreadable block means English, nothing inlined). */
export function readPageTexts(): PageTexts {
  written = document.getElementById(SCRIPT_ID)?.textContent ?? '';
  try {
    const parsed = JSON.parse(written) as Partial<PageTexts>;
    if (isLanguage(parsed.language) && parsed.resources && typeof parsed.resources === 'object') {
      return { language: parsed.language, resources: parsed.resources };
    }
  } catch {
    // fall through
  }
  const language = document.documentElement.lang;
  return { language: isLanguage(language) ? language : DEFAULT_LANGUAGE, resources: {} };
}

/** The language the page renders in (the i18next instance's, chosen per request by the server entry). */
export function usePageLanguage(): Language {
  const language = useContext(I18nContext)?.i18n?.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
